// The demo single sign-on provider of sso partners ("Harbor Rewards" for harbor), on the second
// origin. GET /sso/authorize shows the programme's sign-in (or, mode=join, create-account) page;
// POST checks the programme account and sends the browser back to the app's callback with a signed
// assertion (HMAC, 2 minutes, single-use nonce, the app's state echoed). return_to must be the
// callback path on an allowed app origin, so the provider is no open redirect.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAllowedAppOrigin } from '#shared/origins.ts';
import { isEmail, PASSWORD_MAX, PASSWORD_MIN } from '#shared/prospect.ts';
import { hashPassword, refuseWhenHashingIsFull, verifyOrWait } from '../passwords.ts';
import { getOrCreateSecret } from '../secrets.ts';
import { clockFor } from '../auth/clock.ts';
import { newNonce, signToken } from '../auth/tokens.ts';
import { passwordWork, rationPasswordWork } from '../auth/password-ration.ts';
import { SSO_ASSERTION_MS, SSO_CALLBACK_PATH, type SsoAssertion } from '../auth/sso.ts';
import { DEMO_PASSWORD } from '../seed/members.ts';
import { providerScript } from './bundle.ts';
import { escapeHtml } from '#shared/html.ts';
import { page } from './html.ts';
import { SSO_CSS } from './styles.ts';

interface AuthorizeParams {
  partner?: string;
  program?: string;
  mode?: string;
  state?: string;
  return_to?: string;
}

interface SsoAccount {
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  program_number: string;
}

function returnOrigin(returnTo: string): string | null {
  try {
    const url = new URL(returnTo);
    if (url.pathname !== SSO_CALLBACK_PATH || url.search || url.hash || !isAllowedAppOrigin(url.origin)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

function valid<T extends AuthorizeParams>(params: T): params is T & Required<Pick<AuthorizeParams, 'partner' | 'state' | 'return_to'>> {
  return (
    !!params.partner &&
    /^[a-z0-9-]{1,40}$/.test(params.partner) &&
    !!params.state &&
    params.state.length <= 100 &&
    !!params.return_to &&
    returnOrigin(params.return_to) !== null
  );
}

export default async function sso(app: FastifyInstance): Promise<void> {
  const clock = clockFor(app);

  app.get('/sso/sso.css', async (_request, reply) => reply.type('text/css').header('cache-control', 'public, max-age=300').send(SSO_CSS));
  app.get('/sso/sso.js', async (_request, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'no-cache')
      .send(await providerScript('sso')),
  );

  async function render(reply: FastifyReply, params: AuthorizeParams, error?: string, status = 200) {
    if (!valid(params))
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          page({
            title: 'Sign in',
            css: '/sso/sso.css',
            body: '<main><div class="card"><h2>This sign-in link is not valid.</h2></div></main>',
          }),
        );
    const program = (params.program ?? 'Rewards').slice(0, 80);
    const join = params.mode === 'join';
    const origin = returnOrigin(params.return_to)!;
    reply.header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self'; form-action 'self' ${origin}; base-uri 'none'; frame-ancestors 'none'`,
    );
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    // Only the sign-in form lists accounts, and only the seeded demo ones: people who sign up are
    // not shown to every visitor.
    const { rows } = join
      ? { rows: [] }
      : await app.db.query<Pick<SsoAccount, 'email' | 'first_name' | 'last_name'>>(
          'select email, first_name, last_name from sso_accounts where partner_id = $1 and demo order by email limit 20',
          [params.partner],
        );
    const hidden = (['partner', 'program', 'mode', 'state', 'return_to'] as const)
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k] ?? '')}">`)
      .join('');
    const switchMode = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v === 'string')),
      mode: join ? 'signin' : 'join',
    } as Record<string, string>);
    const demo = rows.length
      ? `<section class="demo" aria-labelledby="demo-title"><h3 id="demo-title">Demo accounts (password ${escapeHtml(DEMO_PASSWORD)})</h3><ul>${rows
          .map(
            (r) =>
              `<li><span>${escapeHtml(r.first_name)} ${escapeHtml(r.last_name)} · ${escapeHtml(r.email)}</span><button type="button" class="fill" data-fill-email="${escapeHtml(r.email)}" data-fill-password="${escapeHtml(DEMO_PASSWORD)}" aria-label="Use ${escapeHtml(r.email)}">Use</button></li>`,
          )
          .join('')}</ul></section>`
      : '';
    const errorHtml = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
    const form = join
      ? `<h2>Create your ${escapeHtml(program)} account</h2><p class="sub">Then you come straight back to link a card.</p>${errorHtml}
<form method="post" action="/sso/register">${hidden}
<label for="sso-first">First name</label><input id="sso-first" name="firstName" autocomplete="given-name" required maxlength="20">
<label for="sso-last">Last name</label><input id="sso-last" name="lastName" autocomplete="family-name" required maxlength="20">
<label for="sso-email">Email</label><input id="sso-email" name="email" type="email" autocomplete="email" required maxlength="50">
<label for="sso-password">Password</label><input id="sso-password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
<button class="primary" type="submit">Create account and continue</button></form>
<p class="switch">Already a member? <a href="/sso/authorize?${escapeHtml(switchMode.toString())}">Sign in</a></p>`
      : `<h2>Sign in</h2><p class="sub">Use your ${escapeHtml(program)} account to continue to dining.</p>${errorHtml}
<form method="post" action="/sso/authorize">${hidden}
<label for="sso-email">Email</label><input id="sso-email" name="email" type="email" autocomplete="username" required maxlength="50">
<label for="sso-password">Password</label><input id="sso-password" name="password" type="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX}">
<button class="primary" type="submit">Sign in</button></form>
<p class="switch">New to ${escapeHtml(program)}? <a href="/sso/authorize?${escapeHtml(switchMode.toString())}">Create an account</a></p>${demo}`;
    const body = `<main><div class="brand"><div class="mark" aria-hidden="true">${escapeHtml(program.charAt(0))}</div><h1>${escapeHtml(program)}</h1><p>Secure sign-in</p></div>
<div class="card">${form}</div><p class="foot">Demo single sign-on provider · ${escapeHtml(new URL(app.config.providersOrigin).host)}</p></main>`;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(page({ title: `${program} sign-in`, css: '/sso/sso.css', body, script: '/sso/sso.js' }));
  }

  async function sendBack(
    reply: FastifyReply,
    params: AuthorizeParams & { partner: string; state: string; return_to: string },
    account: Omit<SsoAccount, 'password_hash'>,
  ) {
    const assertion: SsoAssertion = {
      n: newNonce(),
      exp: clock.now().getTime() + SSO_ASSERTION_MS,
      partner: params.partner,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      programNumber: account.program_number,
      state: params.state,
      mode: params.mode === 'join' ? 'join' : 'signin',
    };
    const url = new URL(params.return_to);
    url.searchParams.set('assertion', signToken(await getOrCreateSecret(app.db, 'sso'), assertion));
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 303);
  }

  function tooMany(reply: FastifyReply, params: AuthorizeParams, waitSeconds: number) {
    reply.header('retry-after', String(waitSeconds));
    return render(reply, params, 'Too many attempts. Please wait a minute and try again.', 429);
  }

  async function accountByEmail(partner: string, email: string): Promise<SsoAccount | null> {
    const { rows } = await app.db.query<SsoAccount>('select * from sso_accounts where partner_id = $1 and lower(email) = lower($2)', [
      partner,
      email,
    ]);
    return rows[0] ?? null;
  }

  app.get<{ Querystring: AuthorizeParams }>('/sso/authorize', async (request, reply) => render(reply, request.query));

  const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.post<{ Body: AuthorizeParams & { email?: string; password?: string } }>(
    '/sso/authorize',
    { config: limit },
    async (request, reply) => {
      const params = request.body ?? {};
      if (!valid(params)) return render(reply, params);
      const email = (params.email ?? '').trim().slice(0, 100);
      const wait = await rationPasswordWork(app, request, 'provider-sign-in', `${params.partner}\u0000${email}`);
      if (wait) return tooMany(reply, params, wait);
      const account = await accountByEmail(params.partner, email);
      // An unknown email takes as long as a wrong password, without hashing.
      const ok = await verifyOrWait(
        String(params.password ?? '').slice(0, PASSWORD_MAX),
        account?.password_hash ?? null,
        passwordWork('provider-sign-in'),
      );
      if (!account || !ok) return render(reply, params, 'Incorrect email or password.', 401);
      return sendBack(reply, params, account);
    },
  );

  app.post<{ Body: AuthorizeParams & { email?: string; password?: string; firstName?: string; lastName?: string } }>(
    '/sso/register',
    { config: limit },
    async (request, reply) => {
      const params = request.body ?? {};
      if (!valid(params)) return render(reply, params);
      const email = (params.email ?? '').trim();
      const firstName = (params.firstName ?? '').trim().slice(0, 20);
      const lastName = (params.lastName ?? '').trim().slice(0, 20);
      const password = String(params.password ?? '');
      const joinParams = { ...params, mode: 'join' };
      if (!isEmail(email) || email.length > 50) return render(reply, joinParams, 'Please enter a valid email address.', 400);
      if (!firstName || !lastName) return render(reply, joinParams, 'Please enter your first and last name.', 400);
      if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
        return render(reply, joinParams, `Passwords have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`, 400);
      const taken = () => render(reply, joinParams, 'An account with this email exists already. Sign in instead.', 409);
      // One account per email whatever its case (unique index sso_accounts_email_ci): checked first
      // so a taken email costs no hash, and again by the insert for two registrations racing.
      const wait = await rationPasswordWork(app, request, 'provider-sign-up', `${params.partner}\u0000${email}`);
      if (wait) return tooMany(reply, joinParams, wait);
      refuseWhenHashingIsFull(passwordWork('provider-sign-up'));
      if (await accountByEmail(params.partner, email)) return taken();
      const passwordHash = await hashPassword(password, passwordWork('provider-sign-up'));
      // The programme number is the subject id the app binds its member to; a random one that
      // happens to be taken already is drawn again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const programNumber = `HR${randomInt(5_000_000, 9_000_000)}`;
        const { rows } = await app.db.query<SsoAccount>(
          `insert into sso_accounts (partner_id, email, first_name, last_name, password_hash, program_number)
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning *`,
          [params.partner, email, firstName, lastName, passwordHash, programNumber],
        );
        if (rows[0]) return sendBack(reply, params, rows[0]);
        if (await accountByEmail(params.partner, email)) return taken();
      }
      throw new Error('could not draw a free programme number');
    },
  );
}
