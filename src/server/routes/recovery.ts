// Credential recovery (direct partners only, spec 000 §2):
//   POST /api/Member/Recover {emailOrPartnerNumber}  -> 202 always; mails a reset link when the
//        account exists (written to the outbox, config.outboxDir)
//   GET  /api/Member/Recover/Token?token=            -> {valid}
//   POST /api/Member/Recover/Update {token, password, passwordConfirm} -> 200, or 400 token_invalid
// Tokens: 256 random bits, only the SHA-256 stored, single use, 30 minutes; a newer request
// retires older links. A reset also lifts the lockout and ends the member's sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecoverRequest, RecoverUpdateRequest } from '#shared/generated/types.ts';
import { isValidPartnerNumber, passwordContainsPartnerNumber } from '#shared/partner-number.ts';
import { isEmail } from '#shared/prospect.ts';
import { substitute } from '#shared/copy.ts';
import { placeholdersFor } from '#shared/partner.ts';
import { findMemberByEmail, findMemberById, findMemberByPartnerNumber, type MemberRow } from '../repos/members.ts';
import { hashPassword } from '../passwords.ts';
import { sendMail } from '../outbox.ts';
import { clockFor } from '../auth/clock.ts';
import { clearFailures, loginKey } from '../auth/lockout.ts';
import { endMemberSessions } from '../auth/member-session.ts';
import { authError, MESSAGES } from '../auth/replies.ts';
import { passwordWork, rationPasswordWork } from '../auth/password-ration.ts';
import { ownHosts, partnerNumberRules, programName } from '../partners/settings.ts';
import { insertResetToken, resetTokenMember, retireResetTokens, setPasswordFromReset, useResetToken } from '../repos/password-resets.ts';

export const RESET_TOKEN_MS = 30 * 60 * 1000;
export const RECOVERY_RATE_LIMIT = 10;
/** Reset mails one account receives per RESET_MAIL_WINDOW_MS at most. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_MAIL_WINDOW_MS = 15 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The origin for links in mail. Only a host that selects this partner by name is trusted (a
 * forged Host header must not put an attacker's site into a reset link).
 */
export function partnerOrigin(app: FastifyInstance, request: FastifyRequest): string {
  const partner = request.partner;
  const hostHeader = request.headers.host ?? '';
  const hostname = hostHeader.replace(/:\d+$/, '').toLowerCase();
  const trusted = hostname === `${partner.id}.localhost` || ownHosts(partner).includes(hostname);
  return trusted ? `${request.protocol}://${hostHeader}` : `http://${partner.id}.localhost:${app.config.port}`;
}

export default async function recovery(app: FastifyInstance): Promise<void> {
  const clock = clockFor(app);
  const errorResponse = { $ref: 'api/auth-error.schema.json#' };
  const limit = { rateLimit: { max: RECOVERY_RATE_LIMIT, timeWindow: '1 minute' } };
  const onRequest = app.requireGate('direct', 'page:/recover');

  app.post<{ Body: RecoverRequest }>(
    '/api/Member/Recover',
    {
      onRequest,
      config: limit,
      schema: {
        body: { $ref: 'api/recover-request.schema.json#' },
        response: { 202: { $ref: 'api/accepted.schema.json#' }, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const partner = request.partner;
      const value = request.body.emailOrPartnerNumber.trim();
      const byNumber = /^\d{10}$/.test(value);
      if (!(byNumber ? isValidPartnerNumber(value) || !partnerNumberRules(partner).checked : isEmail(value))) {
        return authError(reply, 400, 'invalid', MESSAGES.recoverInput, [{ field: 'emailOrPartnerNumber', message: MESSAGES.recoverInput }]);
      }
      const member = byNumber
        ? await findMemberByPartnerNumber(app.db, partner.id, value)
        : await findMemberByEmail(app.db, partner.id, value);
      // The answer is the same whether or not an account matched; only the mail tells. A member gets
      // a few reset mails per quarter hour at most, however many addresses ask (no mail bombing, no
      // outbox filling); the newest link of those is the one that works.
      if (member && isEmail(member.email)) {
        const hit = await app.limits.hit(`recover-mail:${member.id}`, RESET_MAIL_WINDOW_MS);
        if (hit.count <= RESET_MAILS_PER_WINDOW) await mailResetLink(app, request, member);
      }
      return reply.code(202).send({ accepted: true });
    },
  );

  app.get<{ Querystring: { token: string } }>(
    '/api/Member/Recover/Token',
    {
      onRequest,
      config: limit,
      schema: {
        querystring: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
        response: { 200: { $ref: 'api/recover-token.schema.json#' }, 429: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { valid: (await usableToken(app, request.query.token)) !== null };
    },
  );

  app.post<{ Body: RecoverUpdateRequest }>(
    '/api/Member/Recover/Update',
    {
      onRequest,
      config: limit,
      schema: {
        body: { $ref: 'api/recover-update.schema.json#' },
        response: { 200: { $ref: 'api/accepted.schema.json#' }, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const partner = request.partner;
      const { token, password, passwordConfirm } = request.body;
      if (password !== passwordConfirm) {
        return authError(reply, 400, 'passwords_differ', MESSAGES.passwordsDiffer, [
          { field: 'passwordConfirm', message: MESSAGES.passwordsDiffer },
        ]);
      }
      const found = await usableToken(app, token);
      if (!found || found.member.partner_id !== partner.id) return authError(reply, 400, 'token_invalid', MESSAGES.tokenInvalid);
      if (passwordContainsPartnerNumber(password, found.member.partner_number)) {
        const message = substitute(MESSAGES.passwordContainsPartnerNumber, placeholdersFor(partner));
        return authError(reply, 400, 'password_contains_partner_number', message, [{ field: 'password', message }]);
      }
      const wait = await rationPasswordWork(app, request, 'reset', String(found.member.id));
      if (wait) return authError(reply.header('retry-after', String(wait)), 429, 'rate_limited', MESSAGES.rateLimited);
      const hash = await hashPassword(password, passwordWork('reset'));
      const now = clock.now();
      const used = await app.db.transaction(async (tx) => {
        if ((await useResetToken(tx, hashToken(token), now)) === null) return false;
        await setPasswordFromReset(tx, found.member.id, hash);
        return true;
      });
      if (!used) return authError(reply, 400, 'token_invalid', MESSAGES.tokenInvalid);
      await clearFailures(app.db, partner.id, loginKey(found.member.id, ''));
      await endMemberSessions(app, found.member.id);
      return { accepted: true };
    },
  );

  async function usableToken(app: FastifyInstance, token: string): Promise<{ member: MemberRow } | null> {
    const memberId = await resetTokenMember(app.db, hashToken(token), clock.now());
    const member = memberId === null ? null : await findMemberById(app.db, memberId);
    return member ? { member } : null;
  }

  async function mailResetLink(app: FastifyInstance, request: FastifyRequest, member: MemberRow): Promise<void> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    await app.db.transaction(async (tx) => {
      await retireResetTokens(tx, member.id, now);
      await insertResetToken(tx, hashToken(token), member.id, now, new Date(now.getTime() + RESET_TOKEN_MS));
    });
    const partner = request.partner;
    const link = `${partnerOrigin(app, request)}/recover/update?token=${encodeURIComponent(token)}`;
    await sendMail(
      app.config.outboxDir,
      {
        partnerId: partner.id,
        to: member.email,
        subject: `Reset your ${programName(partner)} password`,
        text: [
          `Hello ${member.first_name || 'there'},`,
          '',
          `Someone asked to reset the password of your ${programName(partner)} account.`,
          'Choose a new password with this link (it works once, for 30 minutes):',
          '',
          link,
          '',
          'If it was not you, ignore this email: your password stays as it is.',
        ].join('\n'),
        links: { resetLink: link },
      },
      now,
    );
  }
}
