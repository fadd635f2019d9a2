// One shape for every error the API answers: Fastify's own (`{ statusCode, error, message }`, what
// its validation, rate limit and not-found replies send and what api/error.schema.json describes),
// plus a `code` a client can branch on and any details a route adds (problems, revision, ...).
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  [detail: string]: unknown;
}

/** The error body for `statusCode`; `message` is what a person reads (a 4xx names the field). */
export function errorBody(statusCode: number, message: string, details: Record<string, unknown> = {}): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...details };
}

/** Answers with `errorBody`. */
export function sendError(reply: FastifyReply, statusCode: number, message: string, details?: Record<string, unknown>): FastifyReply {
  return reply.code(statusCode).send(errorBody(statusCode, message, details));
}
