// Shared by the frame's browser tests (tests/e2e/frame*.spec.ts): partner URLs, signing in through
// the API, CMS content injected into the page's bootstrap (so a test controls exactly the groups
// it is about, whatever the seed holds, without changing content other tests see), and storage
// keys to pre-dismiss the one-time notices.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type BrowserContext, type Page, type Route } from '@playwright/test';

import { PORT, PROVIDERS_PORT, partnersDir } from './worker-server.ts';

export { PORT };
export const PROVIDERS_ORIGIN = `http://localhost:${PROVIDERS_PORT}`;
export const PASSWORD = 'Dining-2026!';

export const url = (partner: string, path = '/') => `http://${partner}.localhost:${PORT}${path}`;

/**
 * The app's service worker may answer navigations itself, and Playwright's routing (withCms) does
 * not see those: frame specs block it (test.use({ serviceWorkers: 'block' })).
 */
export const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

export interface CmsEntry {
  slug: string;
  fields: Record<string, unknown>;
}

export function entry(slug: string, fields: Record<string, unknown>): CmsEntry {
  return { slug, fields };
}

function cmsResponse(entries: CmsEntry[]) {
  return {
    meta: { count: entries.length, previous_page: null, next_page: null },
    data: entries.map((e) => ({
      slug: e.slug,
      name: e.slug,
      page_type: 'page',
      published: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      status: 'published',
      version: 1,
      fields: e.fields,
    })),
  };
}

/**
 * Replaces the given CMS groups (by content name: '*', 'surveys', 'announcement_banner', ...) in
 * every page this context loads: in the bootstrap the server inlines into the HTML (patched where
 * the app reads it, so the document itself stays the server's — a fulfilled document would lose its
 * local address space and Chromium would then block the providers-origin iframe) and on the CMS API.
 */
export async function withCms(target: Page | BrowserContext, groups: Record<string, CmsEntry[]>): Promise<void> {
  const responses = Object.fromEntries(Object.entries(groups).map(([name, entries]) => [name, cmsResponse(entries)]));
  await target.addInitScript((replacement: Record<string, unknown>) => {
    const original = Document.prototype.getElementById;
    Document.prototype.getElementById = function getElementById(this: Document, id: string) {
      const element = original.call(this, id);
      if (id === 'mb-bootstrap' && element?.textContent && element.dataset.testCms !== '1') {
        const bootstrap = JSON.parse(element.textContent) as { cms: Record<string, unknown> };
        Object.assign(bootstrap.cms, replacement);
        element.textContent = JSON.stringify(bootstrap);
        element.dataset.testCms = '1';
        // The server rendered its own content: with other content the page is the browser's to render.
        document.getElementById('root')?.removeAttribute('data-server-rendered');
      }
      return element;
    };
  }, responses);
  await target.route(/\/api\/(cms\/pages\/([^/]+)\/|bootstrap)/, async (route) => {
    const requestUrl = route.request().url();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    if (requestUrl.includes('/api/bootstrap')) {
      Object.assign(body.cms as Record<string, unknown>, responses);
      return fulfillJson(route, response, body);
    }
    const name = decodeURIComponent(/\/api\/cms\/pages\/([^/]+)\//.exec(requestUrl)?.[1] ?? '');
    return fulfillJson(route, response, responses[name] ?? body);
  });
}

/**
 * Answers a route with the server's status and headers but another JSON body. Not `fulfill({ response, json })`:
 * that keeps the server's Content-Length and Content-Encoding, which describe the original body, and a
 * longer original leaves the browser waiting for bytes that never come.
 */
export function fulfillJson(route: Route, response: APIResponse, json: unknown): Promise<void> {
  const headers = { ...response.headers() };
  for (const name of ['content-length', 'content-encoding', 'transfer-encoding']) delete headers[name];
  return route.fulfill({ status: response.status(), headers, json });
}

/**
 * A random client address (198.18.0.0/15, the benchmarking range) for X-Forwarded-For: the server
 * trusts the proxy header, so a test that sends its own address gets its own per-address rate-limit
 * bucket and is not refused because of other tests' sign-ins.
 */
export function clientAddress(): string {
  return `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * Another member on this browser: leaves the open page first, then forgets the cookies. A page left
 * open keeps making its own requests, and one made after the cookies are gone mints a new CSRF
 * browser secret, which would refuse the token the next API sign-in just fetched.
 */
export async function forgetMember(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/**
 * Signs a member in through the API (GET /api/CSRF, then POST /api/Member/SignIn); cookies land in
 * the context. The sign-in comes from an address of its own: the suite signs in more often than one
 * address may per minute.
 */
export async function signIn(request: APIRequestContext, partner: string, email: string, password = PASSWORD): Promise<void> {
  const csrf = (await (await request.get(url(partner, '/api/CSRF'))).json()) as { csrfToken: string };
  const res = await request.post(url(partner, '/api/Member/SignIn'), {
    headers: { 'X-XSRF-TOKEN': csrf.csrfToken, 'X-Forwarded-For': clientAddress() },
    data: { email, password, rememberMe: false },
  });
  expect(res.status(), `sign-in of ${email} on ${partner}: ${await res.text()}`).toBe(200);
}

/** localStorage values that mark every one-time notice as already seen (modal tests set none). */
export const QUIET_NOTICES: Record<string, string> = {
  'mb.generalPopupType': 'cashback-launch',
  'mb.temporarySsoModal.dismissed': '2026-01-01T00:00:00.000Z',
  'mb.installBanner.snoozedUntil': String(Date.UTC(2100, 0, 1)),
  'mb.announcementModal.metro-credits-2026.dismissedUntil': String(Date.UTC(2100, 0, 1)),
};

export async function quietNotices(target: Page | BrowserContext, extra: Record<string, string> = {}): Promise<void> {
  await target.addInitScript(
    (values: Record<string, string>) => {
      try {
        for (const [k, v] of Object.entries(values)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
      } catch {
        // Frames without storage access (the survey form's origin): nothing to quiet there.
      }
    },
    { ...QUIET_NOTICES, ...extra },
  );
}

/**
 * Patches one partner's partner.json in this worker's server's copy (hot reload picks it up) and
 * returns a function that restores it. Never touches the real partners/ folder, and no other
 * worker sees the patch (tests/e2e/worker-server.ts).
 */
export function patchPartner(partner: string, patch: Record<string, unknown>): () => void {
  let before: Record<string, unknown> = {};
  editPartnerFile(partner, (json) => {
    before = json;
    return { ...json, ...patch };
  });
  // Restores only the keys this patch changed, on top of the file as it is then, so a test that
  // patches one key inside another's patch undoes only its own.
  return () =>
    editPartnerFile(partner, (now) => {
      const restored = { ...now };
      for (const key of Object.keys(patch)) {
        if (key in before) restored[key] = before[key];
        else delete restored[key];
      }
      return restored;
    });
}

/**
 * Rewrites a partner's partner.json in this worker's server's copy. The new file replaces the old
 * in one rename, so the server (hot reload) never reads half a file.
 */
export function editPartnerFile(partner: string, edit: (json: Record<string, unknown>) => Record<string, unknown>): void {
  const file = join(partnersDir(), partner, 'partner.json');
  const next = edit(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(next, null, 2));
  renameSync(temp, file);
}

/** Loads a page until a condition holds (partner files hot-reload within a moment). */
export async function gotoUntil(page: Page, address: string, ready: () => Promise<boolean>, tries = 20): Promise<void> {
  for (let i = 0; i < tries; i++) {
    await page.goto(address);
    // Notices and other on-demand parts render once their chunk is in: let the page settle first.
    await page.waitForLoadState('networkidle');
    if (await ready()) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`condition not met at ${address}`);
}

/** Signs in through an sso partner's provider (the second origin), as a member would. */
export async function signInSso(page: Page, partner: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(url(partner, '/api/Member/SSO/Start?mode=signin&redirect=%2Fsearch'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://${partner}\\.localhost:${PORT}/search`));
}
