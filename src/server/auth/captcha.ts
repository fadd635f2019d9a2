// Captcha tokens: issued by the local provider on the second origin (src/server/providers/captcha.ts),
// verified here. A token is bound to the site that rendered the widget and is good once, for 2 minutes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOrCreateSecret } from '../secrets.ts';
import { consumeNonce, verifyToken, type SignedPayload } from './tokens.ts';
import { clockFor } from './clock.ts';

export const CAPTCHA_TOKEN_MS = 2 * 60 * 1000;

export interface CaptchaPayload extends SignedPayload {
  /** The origin of the page that rendered the widget. */
  site: string;
  /** checkbox (the first submit) or invisible (later submits). */
  via: 'checkbox' | 'invisible';
}

export function captchaSecret(app: { db: FastifyInstance['db'] }): Promise<string> {
  return getOrCreateSecret(app.db, 'captcha');
}

/** The origin the browser used for this request (Origin header, else the Host). */
export function requestOrigin(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  return `${request.protocol}://${request.headers.host ?? ''}`;
}

export async function verifyCaptcha(app: FastifyInstance, request: FastifyRequest, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const now = clockFor(app).now();
  const payload = verifyToken<CaptchaPayload>(await captchaSecret(app), token, now);
  if (!payload) return false;
  if (payload.site !== requestOrigin(request)) return false;
  return consumeNonce(app.db, 'captcha', payload.n, new Date(payload.exp), now);
}
