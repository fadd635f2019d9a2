// Signed, expiring, single-use tokens shared by the main server and the providers origin: captcha
// tokens and sso assertions. HMAC-SHA256 over the JSON payload with a secret kept in app_secrets;
// the nonce is recorded when a token is used, so a replay is refused.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

export interface SignedPayload {
  /** Single-use id. */
  n: string;
  /** Expiry, ms since epoch. */
  exp: number;
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function signToken<T extends SignedPayload>(secret: string, payload: T): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The payload when the signature holds and the token has not expired; null otherwise. */
export function verifyToken<T extends SignedPayload>(secret: string, token: string, now: Date): T | null {
  if (token.length > 4000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const p = payload as Partial<SignedPayload> | null;
  if (!p || typeof p.n !== 'string' || typeof p.exp !== 'number' || p.exp <= now.getTime()) return null;
  return payload as T;
}

/** Marks a nonce used; false when it was used before (a replay). */
export async function consumeNonce(db: Queryable, kind: 'captcha' | 'sso', nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
  // Old markers can go: their tokens are expired and refused on that ground alone.
  await db.query('delete from used_nonces where expires_at < $1', [now.toISOString()]);
  const { rows } = await db.query<{ nonce: string }>(
    'insert into used_nonces (kind, nonce, expires_at) values ($1, $2, $3) on conflict do nothing returning nonce',
    [kind, nonce, expiresAt.toISOString()],
  );
  return rows.length === 1;
}
