// Sign-in (spec 000 §4, §8): POST /api/Member/SignIn for direct partners; single sign-on for sso
// partners (GET /api/Member/SSO/Start -> provider on the second origin -> GET /api/Member/SSO/Callback);
// POST /api/Member/FixCredentials for members whose email is unusable (/fix_credentials).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FixCredentialsRequest, SignInRequest } from '#shared/generated/types.ts';
import { isEmail } from '#shared/prospect.ts';
import { fastTestHashing, verifyOrWait } from '../passwords.ts';
import { safeRedirectPath } from '#shared/safe-redirect.ts';
import {
  findMemberByEmail,
  findMemberByPartnerNumber,
  findMemberBySsoSubject,
  insertMember,
  type MemberRow,
  setMemberEmail,
  toApiMember,
} from '../repos/members.ts';
import { getOrCreateSecret } from '../secrets.ts';
import { clockFor } from '../auth/clock.ts';
import { ageFailures, clearFailures, lockedUntil, loginKey, recordFailure } from '../auth/lockout.ts';
import { startMemberSession } from '../auth/member-session.ts';
import { authError, MESSAGES } from '../auth/replies.ts';
import { PASSWORD_RATIONS, passwordWork, rationPasswordWork, resetAccountRation } from '../auth/password-ration.ts';
import { consumeNonce, newNonce, verifyToken } from '../auth/tokens.ts';
import { SSO_CALLBACK_PATH, SSO_STATE_COOKIE, type SsoAssertion } from '../auth/sso.ts';
import { testHooksEnabled } from '../env.ts';
import { memberShape, ssoProgramName } from '../partners/settings.ts';

/** Sign-in attempts per client address per minute (on top of the per-account lockout). */
export const SIGN_IN_RATE_LIMIT = PASSWORD_RATIONS['sign-in'].address.max;
/** Sign-in attempts per account (partner + identifier) per minute, refused before any hashing. */
export const SIGN_IN_ACCOUNT_ATTEMPTS = PASSWORD_RATIONS['sign-in'].account.max;

const memberResponse = { $ref: 'api/member.schema.json#' };
const errorResponse = { $ref: 'api/auth-error.schema.json#' };

/** Where this app is, as the browser sees it (for links back from the providers origin). */
export function appOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? `${request.partner.id}.localhost`}`;
}

/** Enrols a programme member new to dining, bound to its subject; null when the email is another member's. */
async function insertSsoNewcomer(
  app: FastifyInstance,
  partnerId: string,
  subject: string,
  assertion: SsoAssertion,
): Promise<MemberRow | null> {
  try {
    return await insertMember(app.db, {
      partnerId,
      email: assertion.email,
      passwordHash: null,
      firstName: assertion.firstName.slice(0, 20),
      lastName: assertion.lastName.slice(0, 20),
      memberType: 'NonCardMember',
      tierLevel: 0,
      emailOptIn: false,
      smsOptIn: false,
      phoneNumber: null,
      partnerNumber: null,
      zipCode: null,
      enrollmentSource: 'sso',
      ssoSubject: subject,
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
}

export default async function auth(app: FastifyInstance): Promise<void> {
  const clock = clockFor(app);

  app.post<{ Body: SignInRequest }>(
    '/api/Member/SignIn',
    {
      onRequest: app.requireGate('direct', 'login'),
      config: { rateLimit: { max: SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        body: { $ref: 'api/sign-in.schema.json#' },
        response: { 200: memberResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const partner = request.partner;
      const identifier = request.body.email.trim();
      const accountKey = `${partner.id}\u0000${identifier.toLowerCase()}`;
      const wait = await rationPasswordWork(app, request, 'sign-in', accountKey);
      if (wait) return authError(reply.header('retry-after', String(wait)), 429, 'rate_limited', MESSAGES.rateLimited);
      const member = /^\d{10}$/.test(identifier)
        ? await findMemberByPartnerNumber(app.db, partner.id, identifier)
        : await findMemberByEmail(app.db, partner.id, identifier);
      const key = loginKey(member?.id ?? null, identifier);
      const now = clock.now();
      // Unknown and wrong answer alike in shape and time (an unknown identifier waits as long as a
      // check takes, without hashing); "locked" comes only after MAX_FAILURES failures, for a real account and an
      // unknown identifier the same way, and costs no hash for either.
      if (await lockedUntil(app.db, partner.id, key, now)) return authError(reply, 401, 'locked', MESSAGES.locked);
      const ok = await verifyOrWait(request.body.password, member?.password_hash ?? null, passwordWork('sign-in'));
      if (!ok || !member) {
        const locked = await recordFailure(app.db, partner.id, key, now);
        return locked
          ? authError(reply, 401, 'locked', MESSAGES.locked)
          : authError(reply, 401, 'invalid_credentials', MESSAGES.invalidCredentials);
      }
      await clearFailures(app.db, partner.id, key);
      await resetAccountRation(app, 'sign-in', accountKey);
      if (!member.active) {
        return authError(reply, 403, 'not_allowed', 'Your online account is not active. Reset your password to activate it.');
      }
      await startMemberSession(app, request, reply, member.id, request.body.rememberMe === true);
      return toApiMember(member, 'direct');
    },
  );

  // --- single sign-on -------------------------------------------------------------------------

  app.get<{ Querystring: { mode?: string; redirect?: string } }>(
    '/api/Member/SSO/Start',
    {
      onRequest: app.requireGate('sso', 'login'),
      config: { rateLimit: { max: SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { mode: { enum: ['signin', 'join'] }, redirect: { type: 'string', maxLength: 500 } },
        },
      },
    },
    async (request, reply) => {
      const partner = request.partner;
      const state = newNonce();
      const mode = request.query.mode === 'join' ? 'join' : 'signin';
      const redirect = safeRedirectPath(request.query.redirect) ?? '/';
      const info = Buffer.from(JSON.stringify({ redirect, mode })).toString('base64url');
      reply.setCookie(SSO_STATE_COOKIE, `${state}.${info}`, {
        path: '/api/Member/SSO',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: 600,
      });
      const url = new URL('/sso/authorize', app.config.providersOrigin);
      url.searchParams.set('partner', partner.id);
      url.searchParams.set('program', ssoProgramName(partner));
      url.searchParams.set('mode', mode);
      url.searchParams.set('state', state);
      url.searchParams.set('return_to', `${appOrigin(request)}${SSO_CALLBACK_PATH}`);
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.toString(), 302);
    },
  );

  app.get<{ Querystring: { assertion?: string } }>(
    SSO_CALLBACK_PATH,
    {
      onRequest: app.requireGate('sso', 'login'),
      config: { rateLimit: { max: SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: { querystring: { type: 'object', properties: { assertion: { type: 'string', maxLength: 4000 } } } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const partner = request.partner;
      const failed = (): FastifyReply =>
        reply.clearCookie(SSO_STATE_COOKIE, { path: '/api/Member/SSO' }).redirect('/Login?sso=failed', 303);
      const now = clock.now();
      const secret = await getOrCreateSecret(app.db, 'sso');
      const assertion = request.query.assertion ? verifyToken<SsoAssertion>(secret, request.query.assertion, now) : null;
      const [cookieState, cookieInfo] = (request.cookies[SSO_STATE_COOKIE] ?? '').split('.');
      if (!assertion || assertion.partner !== partner.id || !cookieState || assertion.state !== cookieState) return failed();
      if (!(await consumeNonce(app.db, 'sso', assertion.n, new Date(assertion.exp), now))) return failed();
      let info: { redirect?: unknown; mode?: unknown } = {};
      try {
        info = JSON.parse(Buffer.from(cookieInfo ?? '', 'base64url').toString('utf8')) as typeof info;
      } catch {
        // A damaged cookie only loses the redirect.
      }
      // The member is whoever the provider's subject id (the programme number) is bound to. Never
      // the email: a provider may hold two accounts whose emails differ only in case, and an email
      // match would sign one in as the other.
      const subject = typeof assertion.programNumber === 'string' ? assertion.programNumber : '';
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(subject)) return failed();
      let member = await findMemberBySsoSubject(app.db, partner.id, subject);
      const created = !member;
      if (!member) {
        // A programme member new to dining: enrolled as a non-card member, who links a card next.
        // An email some other member has (whatever its case) is refused by the database's unique
        // index: that member is another identity, and signing in as them is exactly what must not happen.
        member = await insertSsoNewcomer(app, partner.id, subject, assertion);
        if (!member) {
          request.log.warn({ partner: partner.id }, 'sso sign-in refused: the email belongs to a member bound to another subject');
          return failed();
        }
      }
      await startMemberSession(app, request, reply, member.id, false);
      reply.clearCookie(SSO_STATE_COOKIE, { path: '/api/Member/SSO' });
      const wantsJoin = created || info.mode === 'join';
      const target = member.member_type === 'NonCardMember' && wantsJoin ? '/add_card' : (safeRedirectPath(info.redirect) ?? '/');
      return reply.redirect(target, 303);
    },
  );

  // --- /fix_credentials -----------------------------------------------------------------------

  app.post<{ Body: FixCredentialsRequest }>(
    '/api/Member/FixCredentials',
    {
      onRequest: app.requireGate('direct', 'page:/fix_credentials'),
      config: { rateLimit: { max: SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } },
      preHandler: app.requireMember,
      schema: {
        body: { $ref: 'api/fix-credentials.schema.json#' },
        response: { 200: memberResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (isEmail(request.member.email)) return authError(reply, 409, 'not_allowed', 'Your email address does not need an update.');
      const email = request.body.email.trim();
      if (!isEmail(email))
        return authError(reply, 400, 'invalid', 'Please enter a valid email address.', [
          { field: 'email', message: 'Please enter a valid email address.' },
        ]);
      if (email.toLowerCase() !== request.body.emailConfirm.trim().toLowerCase()) {
        return authError(reply, 400, 'invalid', 'Email addresses do not match.', [
          { field: 'emailConfirm', message: 'Email addresses do not match.' },
        ]);
      }
      const taken = await findMemberByEmail(app.db, request.partner.id, email);
      if (taken && taken.id !== request.member.id)
        return authError(reply, 409, 'email_in_use', MESSAGES.emailInUse, [{ field: 'email', message: MESSAGES.emailInUse }]);
      return toApiMember(await setMemberEmail(app.db, request.member.id, email), memberShape(request.partner));
    },
  );

  // --- test-only hooks ------------------------------------------------------------------------
  // Browser tests prove "unlocks after 30 minutes" without waiting 30 minutes. They run against the
  // production build (NODE_ENV=production), so these exist when, and only when, the server is
  // started with MB_TEST_HOOKS=1, which only the test server (tools/e2e-server.mjs) sets.
  if (testHooksEnabled()) {
    app.log.warn('MB_TEST_HOOKS=1: test-only routes /api/__test/* are enabled; never set this in a deployment');
    if (fastTestHashing()) app.log.warn('MB_TEST_FAST_HASHING=1: new passwords are hashed with a test-only low scrypt cost');
    // Moves this app's clock (lockout, reset tokens, captcha and sso tokens) for everyone.
    app.post<{ Body: { advanceMs: number } }>(
      '/api/__test/clock',
      {
        schema: {
          body: {
            type: 'object',
            required: ['advanceMs'],
            additionalProperties: false,
            properties: { advanceMs: { type: 'integer', minimum: 0, maximum: 365 * 24 * 3600 * 1000 } },
          },
        },
      },
      async (request) => {
        clock.advance(request.body.advanceMs);
        // Jobs due by the new time (scheduled CMS publishes) have run when this answers.
        await clock.idle();
        return { now: clock.now().toISOString() };
      },
    );
    // Ages one account's sign-in failures and lock by ageMs, as if that much time had passed for it
    // alone (tests running beside it keep their clock); answers the lock's end, if still locked.
    app.post<{ Body: { email: string; ageMs: number } }>(
      '/api/__test/lockout/age',
      {
        schema: {
          body: {
            type: 'object',
            required: ['email', 'ageMs'],
            additionalProperties: false,
            properties: {
              email: { type: 'string', maxLength: 100 },
              ageMs: { type: 'integer', minimum: 0, maximum: 365 * 24 * 3600 * 1000 },
            },
          },
        },
      },
      async (request) => {
        const partner = request.partner;
        const identifier = request.body.email.trim();
        const member = await findMemberByEmail(app.db, partner.id, identifier);
        const key = loginKey(member?.id ?? null, identifier);
        await ageFailures(app.db, partner.id, key, request.body.ageMs);
        const until = await lockedUntil(app.db, partner.id, key, clock.now());
        return { lockedUntil: until?.toISOString() ?? null };
      },
    );
  }
}
