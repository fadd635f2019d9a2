// Server rendering (docs/decisions/2026-11-28-server-rendering.md, third slice): a signed-in member's
// account tabs arrive rendered with their account data, which is also handed to the browser's query
// client under the client's keys (equal to what the API answers that member), and sent
// `private, no-store`; sign-in, join and Not Found arrive rendered for anyone. The server-render
// module is the source (src/client/server-render.tsx) run by vitest, as the build's ssr/render.js would be.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stubClientDir, host, root, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Menuboard</title><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = stubClientDir({ 'index.html': TEMPLATE });
  mkdirSync(join(clientDir, 'ssr'));
  writeFileSync(join(clientDir, 'ssr/render.js'), `export * from ${JSON.stringify(join(root, 'src/client/server-render.tsx'))};\n`);
  t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = (partner: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...host(partner), accept: 'text/html', ...headers } });

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  return html.slice(html.indexOf('>', start) + 1, html.lastIndexOf('</div>'));
}

interface Dehydrated {
  queries: Array<{ queryKey: unknown[]; state: { data: unknown; status: string } }>;
}
function queriesOf(html: string): Dehydrated | null {
  const match = /<script id="mb-queries" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Dehydrated) : null;
}

async function signedIn(partner: string, email: string, ip: string) {
  const s = await session(t.app, partner, ip);
  expect((await signIn(t.app, s, email)).statusCode, email).toBe(200);
  const api = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: s.headers() })).json<unknown>();
  return { cookie: s.jar.header(), api };
}

const TABS = ['/account/overview', '/account/recent_activity', '/account/manage_cards', '/account/user_profile'];

describe('account, sign-in, join and Not Found pages rendered on the server', () => {
  it("a card member's account tabs arrive rendered with their data, the API's answers under the client's keys, kept by no cache", async () => {
    const member = await signedIn('skyline', 'card0@skyline.example', '10.9.0.1');
    const cards = (await member.api('/api/Member/Cards')) as Array<{ lastFour?: string; last4?: string }>;
    for (const url of TABS) {
      const res = await page('skyline', url, { cookie: member.cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.body.includes('data-server-rendered'), `${url} rendered`).toBe(true);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      // The account frame's tabs are there, with the member's name in the header.
      expect(rootOf(res.body), url).toContain('href="/account/manage_cards"');
      expect(rootOf(res.body), url).toContain('Olivia Martin');
      // No style attribute, which the CSP would refuse (the card frame's height comes with the frame, in the browser).
      expect(rootOf(res.body).match(/<[^>]+\sstyle="[^"]*"/g) ?? [], url).toEqual([]);
    }

    // Manage cards: the member's linked cards in the HTML and, dehydrated, GET /api/Member/Cards's answer.
    const manage = await page('skyline', '/account/manage_cards', { cookie: member.cookie });
    const manageQueries = queriesOf(manage.body)?.queries ?? [];
    expect(manageQueries.map((q) => q.queryKey)).toContainEqual(['memberCards']);
    expect(manageQueries.find((q) => q.queryKey[0] === 'memberCards')?.state.data).toEqual(cards);
    expect(JSON.stringify(cards)).toMatch(/\d{4}/);
    const lastFour = /"(?:lastFour|last4|lastFourDigits)":"(\d{4})"/.exec(JSON.stringify(cards))?.[1];
    expect(lastFour, 'a card number ending in the answer').toBeDefined();
    expect(rootOf(manage.body)).toContain(lastFour!);

    // Recent activity: the first page of the member's activity, the very answer the API gives them.
    const activity = await page('skyline', '/account/recent_activity', { cookie: member.cookie });
    const activityQueries = queriesOf(activity.body)?.queries ?? [];
    expect(activityQueries.length, 'activity queries answered').toBeGreaterThan(0);
    for (const query of activityQueries) {
      expect(query.queryKey[0], JSON.stringify(query.queryKey)).toMatch(/^(account|memberCards)$/);
      expect(query.state.status).toBe('success');
    }
  });

  it('an anonymous visitor asking for an account tab gets the shell (the browser sends them to sign in), with no account data', async () => {
    for (const url of TABS) {
      const res = await page('skyline', url);
      expect(res.body.includes('data-server-rendered'), url).toBe(false);
      expect(queriesOf(res.body), url).toBeNull();
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("one member's rendered account page never reaches another: each gets their own cards", async () => {
    const card = await signedIn('skyline', 'card2@skyline.example', '10.9.0.2');
    const noncard = await signedIn('skyline', 'noncard@skyline.example', '10.9.0.3');
    const cardPage = await page('skyline', '/account/manage_cards', { cookie: card.cookie });
    const noncardPage = await page('skyline', '/account/manage_cards', { cookie: noncard.cookie });
    expect(queriesOf(cardPage.body)?.queries.find((q) => q.queryKey[0] === 'memberCards')?.state.data).toEqual(
      await card.api('/api/Member/Cards'),
    );
    expect(queriesOf(noncardPage.body)?.queries.find((q) => q.queryKey[0] === 'memberCards')?.state.data).toEqual(
      await noncard.api('/api/Member/Cards'),
    );
    expect(rootOf(cardPage.body)).toContain('Liam Chen');
    // A member without a card: no card listed, the form to link one (the header offers to join).
    expect(rootOf(noncardPage.body)).toContain('You have no linked cards yet');
    expect(rootOf(noncardPage.body)).not.toContain('Liam Chen');
  });

  it('sign-in and join arrive rendered with their forms, shareable; Not Found arrives rendered with its 404', async () => {
    for (const url of ['/login', '/join']) {
      const res = await page('skyline', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.includes('data-server-rendered'), url).toBe(true);
      expect(rootOf(res.body), url).toMatch(/<form[\s>]/);
      expect(rootOf(res.body).match(/<[^>]+\sstyle="[^"]*"/g) ?? [], url).toEqual([]);
      expect(res.headers['cache-control'], url).toBe('public, max-age=30, stale-while-revalidate=300');
    }
    // harbor signs in elsewhere (sso): its sign-in page is a button that leaves for the provider.
    const harbor = await page('harbor', '/login');
    expect(harbor.body.includes('data-server-rendered')).toBe(true);
    for (const partner of ['harbor', 'skyline']) {
      const res = await page(partner, '/no/such/page');
      expect(res.statusCode, partner).toBe(404);
      expect(res.body.includes('data-server-rendered'), `${partner} not found rendered`).toBe(true);
      expect(rootOf(res.body), partner).toMatch(/not found|could not find|doesn.t exist/i);
    }
  });
});
