// Enrolment (prospects, email validation), activation and credential recovery with the outbox.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFor } from '#server/auth/clock.ts';
import { RESET_TOKEN_MS } from '#server/routes/recovery.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';
import { demoPartnerNumber } from '#server/seed/members.ts';

let t: TestApp;
const outboxDir = mkdtempSync(join(tmpdir(), 'mb-outbox-'));
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_DIR: outboxDir } });
});
afterAll(() => t.close());

const join_ = (partner: string, ip: string) => session(t.app, partner, ip);

describe('GET /api/Members/Validate/Email', () => {
  it('tells whether an email is still free', async () => {
    const ask = (email: string) =>
      t.app.inject({ method: 'GET', url: `/api/Members/Validate/Email?email=${encodeURIComponent(email)}`, headers: host('skyline') });
    expect((await ask('card0@skyline.example')).json()).toEqual({ isValid: false });
    expect((await ask('CARD0@Skyline.example')).json()).toEqual({ isValid: false });
    expect((await ask('someone-new@example.com')).json()).toEqual({ isValid: true });
    expect((await ask('not-an-email')).statusCode).toBe(400);
  });

  it('checks a partner number with usePpn', async () => {
    const ask = (value: string) =>
      t.app.inject({ method: 'GET', url: `/api/Members/Validate/Email?email=${value}&usePpn=true`, headers: host('skyline') });
    expect((await ask(demoPartnerNumber(100001))).json()).toEqual({ isValid: false });
    expect((await ask(demoPartnerNumber(555555))).json()).toEqual({ isValid: true });
    expect((await ask('1234567890')).json()).toEqual({ isValid: false });
  });
});

describe('POST /api/Members/Prospects', () => {
  const full = (overrides: Record<string, unknown> = {}) => ({
    email: 'jordan.new@example.com',
    password: 'Fresh-start-2026',
    passwordConfirm: 'Fresh-start-2026',
    firstName: 'Jordan',
    lastName: 'Reyes',
    zipCode: '10036',
    partnerNumber: demoPartnerNumber(700001),
    emailOptIn: true,
    smsOptIn: false,
    ...overrides,
  });

  it('records an email-only prospect (the home page form)', async () => {
    const s = await join_('skyline', '10.6.0.1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Members/Prospects',
      headers: s.headers(),
      payload: { email: 'lead@example.com' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'prospect' });
    const { rows } = await t.db.query("select * from prospects where partner_id = 'skyline' and email = 'lead@example.com'");
    expect(rows).toHaveLength(1);
  });

  it('enrols a member, signs them in and hashes the password', async () => {
    const s = await join_('skyline', '10.6.0.2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Members/Prospects',
      headers: s.headers(),
      payload: full({ phoneNumber: '2125550134', smsOptIn: true }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().member).toMatchObject({
      email: 'jordan.new@example.com',
      memberType: 'NonCardMember',
      tierLevel: 2,
      // skyline has no SMS opt-in: the phone number is kept, the opt-in reads false.
      smsOptIn: false,
      phoneNumber: '2125550134',
    });
    s.jar.store(res);
    const me = await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('skyline'), cookie: s.jar.header() } });
    expect(me.json().email).toBe('jordan.new@example.com');
    const { rows } = await t.db.query<{ password_hash: string }>(
      "select password_hash from members where email = 'jordan.new@example.com'",
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('refuses an email in use with the spec copy', async () => {
    const s = await join_('skyline', '10.6.0.3');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Members/Prospects',
      headers: s.headers(),
      payload: full({ email: 'card2@skyline.example', partnerNumber: demoPartnerNumber(700002) }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_in_use', message: 'This email is already in use with the program.' });
  });

  it('applies the partner number rules: format, check, in use, not inside the password', async () => {
    const s = await join_('skyline', '10.6.0.4');
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/Members/Prospects', headers: s.headers(), payload });
    const bad = await post(full({ email: 'pn1@example.com', partnerNumber: '1234567890' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'partner_number_invalid', message: 'Please enter a valid SkyMiles number.' });
    const taken = await post(full({ email: 'pn2@example.com', partnerNumber: demoPartnerNumber(100001) }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('partner_number_in_use');
    const number = demoPartnerNumber(700003);
    const inside = await post(
      full({ email: 'pn3@example.com', partnerNumber: number, password: `Pw${number}`, passwordConfirm: `Pw${number}` }),
    );
    expect(inside.statusCode).toBe(400);
    expect(inside.json().code).toBe('password_contains_partner_number');
    // greenleaf collects no partner number: none is needed.
    const g = await join_('greenleaf', '10.6.0.5');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/Members/Prospects',
      headers: g.headers(),
      payload: full({ email: 'pn4@example.com', partnerNumber: undefined }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses mismatched passwords and a non-US phone number', async () => {
    const s = await join_('skyline', '10.6.0.6');
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/Members/Prospects', headers: s.headers(), payload });
    const differ = await post(
      full({ email: 'pw@example.com', partnerNumber: demoPartnerNumber(700004), passwordConfirm: 'Something-else-1' }),
    );
    expect(differ.json()).toMatchObject({ code: 'passwords_differ' });
    const phone = await post(full({ email: 'ph@example.com', partnerNumber: demoPartnerNumber(700005), phoneNumber: '1125550134' }));
    expect(phone.statusCode).toBe(400);
  });

  it('refuses passwords over 56 characters (the client cuts them)', async () => {
    const s = await join_('skyline', '10.6.0.7');
    const long = 'A1'.repeat(29);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Members/Prospects',
      headers: s.headers(),
      payload: full({ email: 'long@example.com', partnerNumber: demoPartnerNumber(700006), password: long, passwordConfirm: long }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('has no password enrolment for sso partners', async () => {
    const s = await join_('harbor', '10.6.0.8');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Members/Prospects',
      headers: s.headers(),
      payload: full({ email: 'x@example.com', partnerNumber: undefined }),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/Member/Activate', () => {
  it('activates a non-activated member once', async () => {
    const s = await join_('metro', '10.7.0.1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Activate',
      headers: s.headers(),
      payload: { publicId: 'metro-known-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ publicId: 'metro-known-1', tierLevel: 2, interfaceType: 'known' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Activate',
      headers: s.headers(),
      payload: { publicId: 'metro-known-1' },
    });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Activate',
      headers: s.headers(),
      payload: { publicId: 'metro-nobody' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not let a signed-in member activate someone else', async () => {
    const s = await join_('metro', '10.7.0.2');
    await signIn(t.app, s, 'card2@metro.example');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Activate',
      headers: s.headers(),
      payload: { publicId: 'metro-known-5' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('recovery', () => {
  function latestMail(to: string): { to: string; subject: string; text: string; links: { resetLink: string } } {
    const files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.json') && f.includes(to))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    return JSON.parse(readFileSync(join(outboxDir, files.at(-1)!), 'utf8'));
  }

  it('mails a single-use reset link that sets a new password and lifts a lockout', async () => {
    const s = await join_('skyline', '10.8.0.1');
    for (let i = 0; i < 5; i++) await signIn(t.app, s, 'noncard@skyline.example', 'Wrong-password-1');
    expect((await signIn(t.app, s, 'noncard@skyline.example')).json().code).toBe('locked');

    const req = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Recover',
      headers: s.headers(),
      payload: { emailOrPartnerNumber: 'noncard@skyline.example' },
    });
    expect(req.statusCode).toBe(202);
    const mail = latestMail('noncard@skyline.example');
    expect(mail.subject).toContain('Skyline SkyDining');
    const link = new URL(mail.links.resetLink);
    expect(link.origin).toBe('http://skyline.localhost');
    expect(link.pathname).toBe('/recover/update');
    expect(mail.text).toContain(mail.links.resetLink);
    const token = link.searchParams.get('token')!;
    const { rows } = await t.db.query<{ token_hash: string }>('select token_hash from password_resets');
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const status = await t.app.inject({ method: 'GET', url: `/api/Member/Recover/Token?token=${token}`, headers: host('skyline') });
    expect(status.json()).toEqual({ valid: true });
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Recover/Update',
      headers: s.headers(),
      payload: { token, password: 'Brand-new-pass-9', passwordConfirm: 'Brand-new-pass-9' },
    });
    expect(update.statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Recover/Update',
      headers: s.headers(),
      payload: { token, password: 'Other-new-pass-9', passwordConfirm: 'Other-new-pass-9' },
    });
    expect(reuse.json()).toMatchObject({ code: 'token_invalid' });

    const fresh = await join_('skyline', '10.8.0.2');
    expect((await signIn(t.app, fresh, 'noncard@skyline.example')).statusCode).toBe(401);
    expect((await signIn(t.app, fresh, 'noncard@skyline.example', 'Brand-new-pass-9')).statusCode).toBe(200);
  });

  it('accepts a partner number, says nothing about unknown accounts, and rejects other input', async () => {
    const s = await join_('skyline', '10.8.0.3');
    const post = (value: string) =>
      t.app.inject({ method: 'POST', url: '/api/Member/Recover', headers: s.headers(), payload: { emailOrPartnerNumber: value } });
    expect((await post(demoPartnerNumber(100002))).statusCode).toBe(202);
    expect(latestMail('card2@skyline.example').links.resetLink).toContain('/recover/update?token=');
    const before = readdirSync(outboxDir).length;
    expect((await post('nobody@skyline.example')).statusCode).toBe(202);
    expect(readdirSync(outboxDir).length).toBe(before);
    const bad = await post('not valid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address or partner number.');
  });

  it('expires links after 30 minutes and retires older links', async () => {
    const s = await join_('skyline', '10.8.0.4');
    await t.app.inject({
      method: 'POST',
      url: '/api/Member/Recover',
      headers: s.headers(),
      payload: { emailOrPartnerNumber: 'vip@skyline.example' },
    });
    const first = new URL(latestMail('vip@skyline.example').links.resetLink).searchParams.get('token')!;
    await new Promise((r) => setTimeout(r, 5));
    await t.app.inject({
      method: 'POST',
      url: '/api/Member/Recover',
      headers: s.headers(),
      payload: { emailOrPartnerNumber: 'vip@skyline.example' },
    });
    const second = new URL(latestMail('vip@skyline.example').links.resetLink).searchParams.get('token')!;
    expect(second).not.toBe(first);
    const check = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/Member/Recover/Token?token=${token}`, headers: host('skyline') })).json().valid;
    expect(await check(first)).toBe(false);
    expect(await check(second)).toBe(true);
    clockFor(t.app).advance(RESET_TOKEN_MS + 1000);
    try {
      expect(await check(second)).toBe(false);
      const update = await t.app.inject({
        method: 'POST',
        url: '/api/Member/Recover/Update',
        headers: s.headers(),
        payload: { token: second, password: 'Late-pass-2026', passwordConfirm: 'Late-pass-2026' },
      });
      expect(update.json().code).toBe('token_invalid');
    } finally {
      clockFor(t.app).reset();
    }
  });

  it('is for direct partners only', async () => {
    const s = await join_('harbor', '10.8.0.5');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Recover',
      headers: s.headers(),
      payload: { emailOrPartnerNumber: 'card2@harbor.example' },
    });
    expect(res.statusCode).toBe(404);
  });
});
