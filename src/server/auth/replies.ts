// The one shape of a refused auth call (schemas/api/auth-error.schema.json).
import type { FastifyReply } from 'fastify';
import type { AuthError } from '#shared/generated/types.ts';
import { errorBody } from '../error-reply.ts';

export function authError(reply: FastifyReply, statusCode: number, code: AuthError['code'], message: string, errors?: AuthError['errors']) {
  return reply.code(statusCode).send(authErrorBody(statusCode, code, message, errors));
}

function authErrorBody(statusCode: number, code: AuthError['code'], message: string, errors?: AuthError['errors']): AuthError {
  const { error } = errorBody(statusCode, message);
  return { statusCode, error, message, code, ...(errors ? { errors } : {}) };
}

export const MESSAGES = {
  invalidCredentials: 'Invalid user name or password',
  locked: 'Your account has been locked for 30 minutes.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  unauthorized: 'Unauthorized',
  emailInUse: 'This email is already in use with the program.',
  partnerNumberInvalid: 'Please enter a valid {partnerNumberLabel}.',
  partnerNumberInUse: 'This {partnerNumberLabel} is already in use with the program.',
  passwordContainsPartnerNumber: 'Your password must not contain your {partnerNumberLabel}.',
  passwordsDiffer: 'Passwords do not match.',
  invalidPhone: 'Invalid US based phone number.',
  recoverInput: 'Please enter a valid email address or partner number.',
  tokenInvalid: 'This link has expired or was already used. Please request a new one.',
  captcha: 'You must complete the reCAPTCHA to continue.',
  notAvailable: 'This is not available for this program.',
} as const;

/** Rate-limit answer for @fastify/rate-limit's errorResponseBuilder (it throws what this returns). */
export function rateLimitedBody(): AuthError {
  return authErrorBody(429, 'rate_limited', MESSAGES.rateLimited);
}
