// Shared by the sign-in, enrolment and recovery browser tests (auth-*.spec.ts): fresh members and
// data that pass the spec's rules (partner numbers, card numbers), the secure card frame and the
// captcha on the providers origin, the e2e server's outbox and its test-only hooks.
//
// Test hooks: tools/e2e-server.mjs starts the server with MB_TEST_HOOKS=1, the only way the
// POST /api/__test/* routes exist (src/server/routes/auth.ts); `npm start` and deployments never set it.
// Outbox: each worker's server writes its mail to its own folder (outboxDir, tests/e2e/worker-server.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { checkDigit } from '../../src/shared/partner-number.ts';
import { clientAddress, PASSWORD, url } from './frame-helpers.ts';
import { outboxDir } from './worker-server.ts';

export const CARD_FRAME_TITLE = 'Secure card number entry';
export const CAPTCHA_FRAME_TITLE = 'Security check';

export { clientAddress };

/** An email no other test (or run) uses. */
export function uniqueEmail(tag: string, partner = 'skyline'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@${partner}.example`;
}

/** A random 10-digit partner number that passes the check-digit rule of spec 001 §5 (check 2). */
export function validPartnerNumber(): string {
  // Starting with 2-8 keeps it clear of the legacy ranges and of 100000-199999.
  const payload = String(randomInt(2, 9)) + String(randomInt(0, 1e8)).padStart(8, '0');
  return payload + String(checkDigit(payload));
}

/** A random card number of `length` digits starting with `prefix` that passes Luhn (Visa by default). */
export function luhnCardNumber(prefix = '4', length = 16): string {
  let payload = prefix;
  while (payload.length < length - 1) payload += String(randomInt(0, 10));
  return payload + String(checkDigit(payload));
}

/** The anti-forgery token the server expects on writes from this request context. */
export async function csrfHeaders(request: APIRequestContext, partner: string): Promise<Record<string, string>> {
  const res = await request.get(url(partner, '/api/CSRF'));
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { 'X-XSRF-TOKEN': csrfToken };
}

export interface NewMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  partnerNumber: string;
}

/**
 * Enrols a fresh non-card member through the API (POST /api/Members/Prospects, the join form's
 * payload). With `signedIn` (e.g. page.request) that context is signed in as the new member;
 * otherwise a throwaway context is used, so the page under test stays signed out.
 */
export async function enrolMember(
  partner: string,
  tag: string,
  options: { signedIn?: APIRequestContext } & Partial<NewMember> = {},
): Promise<NewMember> {
  const { signedIn, ...overrides } = options;
  const member: NewMember = {
    email: uniqueEmail(tag, partner),
    password: PASSWORD,
    firstName: 'Robin',
    lastName: 'Test',
    partnerNumber: validPartnerNumber(),
    ...overrides,
  };
  const api = signedIn ?? (await playwrightRequest.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } }));
  try {
    const res = await api.post(url(partner, '/api/Members/Prospects'), {
      headers: await csrfHeaders(api, partner),
      data: { ...member, passwordConfirm: member.password, zipCode: '10019', emailOptIn: false },
    });
    expect(res.status(), `enrolment of ${member.email}: ${await res.text()}`).toBe(201);
  } finally {
    if (!signedIn) await api.dispose();
  }
  return member;
}

/**
 * Fills and submits a direct partner's sign-in form (/login) like a person; resolves with the
 * server's answer status once it arrives.
 */
export async function signInWithForm(page: Page, email: string, password: string, remember = false): Promise<number> {
  await page.getByRole('textbox', { name: /^Email or / }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/Member/SignIn') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return (await answer).status();
}

/** Signs in `times` times with a wrong password through the API (5 lock the account), from a fresh client address. */
export async function failSignIns(partner: string, email: string, times: number): Promise<number[]> {
  const api = await playwrightRequest.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  const statuses: number[] = [];
  try {
    const headers = await csrfHeaders(api, partner);
    for (let i = 0; i < times; i++) {
      const res = await api.post(url(partner, '/api/Member/SignIn'), {
        headers,
        data: { email, password: `Wrong-${i}-password`, rememberMe: false },
      });
      statuses.push(res.status());
    }
  } finally {
    await api.dispose();
  }
  return statuses;
}

/** Calls a test-only route of the e2e server (POST /api/__test/...). */
export async function testHook<T>(request: APIRequestContext, partner: string, path: string, data: object): Promise<T> {
  const res = await request.post(url(partner, `/api/__test/${path}`), { headers: await csrfHeaders(request, partner), data });
  expect(res.status(), `test hook ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Makes `ms` pass for one account's sign-in failures and lock on the server; answers the lock's end, if any. */
export async function ageLockout(request: APIRequestContext, partner: string, email: string, ms: number): Promise<string | null> {
  const { lockedUntil } = await testHook<{ lockedUntil: string | null }>(request, partner, 'lockout/age', { email, ageMs: ms });
  return lockedUntil;
}

/** This worker's server's outbox. */
export { outboxDir };

interface OutboxRecord {
  to: string;
  subject: string;
  text: string;
  links: Record<string, string>;
  sentAt: string;
}

/** Every mail sent to `to`, oldest first. */
export function mailsTo(to: string): OutboxRecord[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir());
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.json'))
    .map((n) => JSON.parse(readFileSync(join(outboxDir(), n), 'utf8')) as OutboxRecord)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** Waits for the `count`-th mail to `to` and returns it. */
export async function waitForMail(to: string, count = 1): Promise<OutboxRecord> {
  await expect.poll(() => mailsTo(to).length, { message: `mail #${count} to ${to} in ${outboxDir()}` }).toBeGreaterThanOrEqual(count);
  return mailsTo(to)[count - 1]!;
}

/** The secure card-entry frame (providers origin) inside the page. */
export function cardFrame(page: Page): FrameLocator {
  return page.frameLocator(`iframe[title="${CARD_FRAME_TITLE}"]`);
}

/** Types a card number inside the cross-origin card frame, as a member would. */
export async function typeCardNumber(page: Page, number: string): Promise<void> {
  const input = cardFrame(page).getByRole('textbox', { name: /Card number/ });
  await input.click();
  await input.pressSequentially(number, { delay: 5 });
  await input.blur();
}

/** Ticks the captcha's "I'm not a robot" box (an iframe on the providers origin). */
export async function completeCaptcha(page: Page): Promise<void> {
  const box = page.frameLocator(`iframe[title="${CAPTCHA_FRAME_TITLE}"]`).getByRole('checkbox', { name: "I'm not a robot" });
  await box.click();
  // Once in about 400 browser tests (2 workers, a loaded machine) the box stayed unticked with no
  // message, cause not found yet; a person clicks again, and so does this, once.
  try {
    await expect(box).toHaveAttribute('aria-checked', 'true', { timeout: 5000 });
  } catch {
    if ((await box.getAttribute('aria-checked')) !== 'true' && (await box.getAttribute('aria-busy')) !== 'true') await box.click();
    await expect(box).toHaveAttribute('aria-checked', 'true');
  }
}
