// Password work is rationed: every call that hashes a password asks here first, per
// client address and per account, before it may queue for the hashing pool (passwords.ts). A refused
// call costs no hash. Counters are app.limits (shared through PostgreSQL with DATABASE_URL).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { overLimit } from '../limits.ts';
import type { PasswordWork } from '../passwords.ts';

/** The calls that hash a password. */
export type PasswordCall = 'sign-in' | 'join' | 'reset' | 'profile' | 'editor-sign-in' | 'provider-sign-in' | 'provider-sign-up';

interface Ration {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Per account (partner + identifier, or member id) and per client address. Sign-in keeps the
 * budgets it had (30 a minute per address, 10 per account), on top of the database lockout.
 */
export const PASSWORD_RATIONS: Record<PasswordCall, { account: Ration; address: Ration }> = {
  'sign-in': { account: { max: 10, windowMs: MINUTE }, address: { max: 30, windowMs: MINUTE } },
  join: { account: { max: 3, windowMs: MINUTE }, address: { max: 10, windowMs: MINUTE } },
  reset: { account: { max: 5, windowMs: MINUTE }, address: { max: 10, windowMs: MINUTE } },
  // A signed-in member guessing their own current password: 5 tries in 15 minutes, and wrong ones
  // also count towards the sign-in lockout (auth/profile.ts).
  profile: { account: { max: 5, windowMs: 15 * MINUTE }, address: { max: 10, windowMs: MINUTE } },
  'editor-sign-in': { account: { max: 10, windowMs: MINUTE }, address: { max: 30, windowMs: MINUTE } },
  'provider-sign-in': { account: { max: 10, windowMs: MINUTE }, address: { max: 30, windowMs: MINUTE } },
  'provider-sign-up': { account: { max: 3, windowMs: MINUTE }, address: { max: 10, windowMs: MINUTE } },
};

/** The pool and lane each call hashes in (identifiers that match no account hash nothing: passwords.ts verifyOrWait). */
export function passwordWork(call: PasswordCall): PasswordWork {
  switch (call) {
    case 'editor-sign-in':
      return { pool: 'editors', lane: call };
    case 'provider-sign-in':
    case 'provider-sign-up':
      return { pool: 'providers', lane: call };
    default:
      return { pool: 'members', lane: call };
  }
}

function accountKey(call: PasswordCall, account: string): string {
  return `pw:${call}:u:${account.trim().toLowerCase()}`;
}

/**
 * Counts one attempt of `call` for `account` (e.g. `skyline\u0000email`, or a member id) from this
 * request's address. Answers 0 when it may go on, else the seconds to wait (Retry-After).
 */
export async function rationPasswordWork(
  app: FastifyInstance,
  request: FastifyRequest,
  call: PasswordCall,
  account: string,
): Promise<number> {
  const ration = PASSWORD_RATIONS[call];
  const byAddress = overLimit(await app.limits.hit(`pw:${call}:a:${request.ip}`, ration.address.windowMs), ration.address.max);
  if (byAddress) return byAddress;
  return overLimit(await app.limits.hit(accountKey(call, account), ration.account.windowMs), ration.account.max);
}

/** After a successful sign-in: the account's budget starts afresh (the lockout is cleared likewise). */
export function resetAccountRation(app: FastifyInstance, call: PasswordCall, account: string): Promise<void> {
  return app.limits.reset(accountKey(call, account));
}
