// The CMS editor API: sign-in, drafts, publish, versions, rollback, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedEditors } from '#server/seed/editors.ts';
import { clockFor } from '#server/auth/clock.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface CallOptions {
  host?: string;
  csrf?: boolean;
}
interface Browser {
  call(method: Method, url: string, payload?: unknown, opts?: CallOptions): Promise<LightMyRequestResponse>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['skyline', 'harbor', 'metro', 'greenleaf']);
});
afterAll(() => t?.close());

/** A browser on one partner's host: a cookie jar plus its CSRF token. */
async function browser(partner: string, address?: string): Promise<Browser> {
  const jar = cookieJar();
  const token = await csrfFor(t.app, partner, jar);
  return {
    async call(method, url, payload, opts = {}) {
      const headers: Record<string, string> = { ...host(opts.host ?? partner), cookie: jar.header() };
      if (address) headers['x-forwarded-for'] = address;
      if (method !== 'GET' && opts.csrf !== false) headers['x-xsrf-token'] = jar.csrf() ?? token;
      const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      jar.store(res);
      return res;
    },
  };
}

const credentials = (partner: string) => ({ email: `editor@${partner}.example`, password: `editor-${partner}-2026` });

async function signedIn(partner: string, address?: string): Promise<Browser> {
  const b = await browser(partner, address);
  const res = await b.call('POST', '/api/cms/editor/session', credentials(partner));
  expect(res.statusCode).toBe(200);
  return b;
}

type Page = { slug: string; status: string; fields: Record<string, unknown> };

async function pages(partner: string, contentName: string, opts: { query?: string; cookie?: string } = {}): Promise<Page[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/cms/pages/${encodeURIComponent(contentName)}/?page_size=100${opts.query ?? ''}`,
    headers: { ...host(partner), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const bodyOf = async (partner: string, slug: string, via?: Browser, query = ''): Promise<unknown> => {
  if (via) {
    const res = await via.call('GET', `/api/cms/pages/popup/?page_size=100${query}`);
    return (res.json().data as Page[]).find((p) => p.slug === slug)?.fields.body_text;
  }
  return (await pages(partner, 'popup', { query })).find((p) => p.slug === slug)?.fields.body_text;
};

describe('editor sign-in', () => {
  it('sets an HttpOnly, SameSite=Lax editor cookie and answers /me', async () => {
    const b = await browser('skyline');
    const res = await b.call('POST', '/api/cms/editor/session', credentials('skyline'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'editor@skyline.example', partner: 'skyline' });
    const cookie = res.cookies.find((c) => c.name === 'mb_editor');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const me = await b.call('GET', '/api/cms/editor/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('editor@skyline.example');
  });

  it('gives one answer for an unknown email and a wrong password', async () => {
    const b = await browser('greenleaf');
    const unknown = await b.call('POST', '/api/cms/editor/session', { email: 'nobody@greenleaf.example', password: 'whatever-123' });
    const wrong = await b.call('POST', '/api/cms/editor/session', { email: 'editor@greenleaf.example', password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.cookies.find((c) => c.name === 'mb_editor')).toBeUndefined();
  });

  it("refuses another partner's editor on this partner's host", async () => {
    const b = await browser('harbor');
    const res = await b.call('POST', '/api/cms/editor/session', credentials('skyline'));
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 after 10 failed sign-ins for an email, even with the right password', async () => {
    const b = await browser('metro');
    for (let i = 0; i < 10; i++) {
      const res = await b.call('POST', '/api/cms/editor/session', { email: 'editor@metro.example', password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await b.call('POST', '/api/cms/editor/session', credentials('metro'));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other editors are not affected.
    expect((await (await browser('harbor')).call('POST', '/api/cms/editor/session', credentials('harbor'))).statusCode).toBe(200);
  });

  it('signs out: the session no longer works', async () => {
    const b = await signedIn('skyline');
    const out = await b.call('DELETE', '/api/cms/editor/session');
    expect(out.statusCode).toBe(204);
    expect((await b.call('GET', '/api/cms/editor/me')).statusCode).toBe(401);
  });
});

describe('editor access control', () => {
  const routes: Array<[Method, string, unknown?]> = [
    ['GET', '/api/cms/editor/me'],
    ['GET', '/api/cms/editor/entries/popup'],
    ['GET', '/api/cms/editor/entries/popup/guarded'],
    ['PUT', '/api/cms/editor/entries/popup/guarded', { fields: { body_text: 'x' } }],
    ['POST', '/api/cms/editor/entries/popup/guarded/publish', {}],
    ['GET', '/api/cms/editor/entries/popup/guarded/versions'],
    ['POST', '/api/cms/editor/entries/popup/guarded/rollback', { version: 1 }],
  ];

  it('answers 401 on every editor route without a session', async () => {
    const anonymous = await browser('skyline');
    for (const [method, url, payload] of routes) {
      const res = await anonymous.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 403 when a skyline editor's cookie is sent to harbor's host", async () => {
    const skyline = await signedIn('skyline');
    // The CSRF token is per browser, not per host, so only the session decides here.
    for (const [method, url, payload] of routes) {
      const res = await skyline.call(method, url, payload, { host: 'harbor' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/another partner/);
    }
    const harborEntries = await pages('harbor', 'popup', { query: '&preview=1' });
    expect(harborEntries.find((p) => p.slug === 'guarded')).toBeUndefined();
  });

  it('answers 403 to a write without the CSRF token', async () => {
    const b = await signedIn('skyline');
    const res = await b.call('PUT', '/api/cms/editor/entries/popup/no-csrf', { fields: { body_text: 'x' } }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await b.call('GET', '/api/cms/editor/entries/popup/no-csrf')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown content name', async () => {
    const b = await signedIn('skyline');
    expect((await b.call('GET', '/api/cms/editor/entries/nope')).statusCode).toBe(404);
    expect((await b.call('PUT', '/api/cms/editor/entries/nope/x', { fields: {} })).statusCode).toBe(404);
  });
});

describe('drafts, publishing and history', () => {
  it('keeps drafts out of the member view until published, and shows a publish at once', async () => {
    const editor = await signedIn('skyline');
    const url = '/api/cms/editor/entries/popup/welcome';
    expect((await editor.call('PUT', url, { name: 'Welcome', fields: { title: 'Hi', body_text: '<p>First</p>' } })).statusCode).toBe(200);
    expect(await bodyOf('skyline', 'welcome')).toBeUndefined();

    const first = await editor.call('POST', `${url}/publish`, { note: 'launch' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, status: 'published', has_draft: false, draft: null });
    expect(await bodyOf('skyline', 'welcome')).toBe('<p>First</p>');

    // A new draft: members (and anonymous preview) still see version 1, the editor's preview sees the draft.
    const saved = await editor.call('PUT', url, { fields: { title: 'Hi', body_text: '<p>Second</p>' } });
    expect(saved.json()).toMatchObject({ status: 'changed', has_draft: true, version: 1, name: 'Welcome' });
    expect(await bodyOf('skyline', 'welcome')).toBe('<p>First</p>');
    expect(await bodyOf('skyline', 'welcome', undefined, '&preview=1')).toBe('<p>First</p>');
    expect(await bodyOf('skyline', 'welcome', editor, '&preview=1')).toBe('<p>Second</p>');
    expect(await bodyOf('skyline', 'welcome', editor)).toBe('<p>First</p>');
    const entry = (await editor.call('GET', url)).json();
    expect(entry).toMatchObject({ draft: { body_text: '<p>Second</p>' }, published: { body_text: '<p>First</p>' }, version: 1 });

    expect((await editor.call('POST', `${url}/publish`)).json().version).toBe(2);
    expect(await bodyOf('skyline', 'welcome')).toBe('<p>Second</p>');
    expect((await editor.call('POST', `${url}/publish`)).statusCode).toBe(409);

    const versions = (await editor.call('GET', `${url}/versions`)).json().versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({ published_by: 'editor@skyline.example', note: 'launch' });

    const rolled = await editor.call('POST', `${url}/rollback`, { version: 1 });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json()).toMatchObject({ version: 3, published: { body_text: '<p>First</p>' } });
    expect(await bodyOf('skyline', 'welcome')).toBe('<p>First</p>');
    const history = (await editor.call('GET', `${url}/versions`)).json().versions;
    expect(history.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(history[0].note).toMatch(/version 1/);
    expect((await editor.call('POST', `${url}/rollback`, { version: 9 })).statusCode).toBe(404);
  });

  it('lists entries with their status and latest version', async () => {
    const editor = await signedIn('skyline');
    await editor.call('PUT', '/api/cms/editor/entries/sidebar/only-draft', { fields: { page_text: 'a' } });
    await editor.call('PUT', '/api/cms/editor/entries/sidebar/live', { fields: { page_text: 'b' } });
    await editor.call('POST', '/api/cms/editor/entries/sidebar/live/publish');
    const list = (await editor.call('GET', '/api/cms/editor/entries/sidebar')).json();
    expect(list.content_name).toBe('sidebar');
    expect(list.entries).toEqual([
      expect.objectContaining({ slug: 'live', status: 'published', version: 1, has_draft: false }),
      expect.objectContaining({ slug: 'only-draft', status: 'draft', version: null, has_draft: true }),
    ]);
  });

  it('edits the global group as *', async () => {
    const editor = await signedIn('skyline');
    const res = await editor.call('PUT', `/api/cms/editor/entries/${encodeURIComponent('*')}/footer`, {
      fields: { copyright: '© Skyline' },
    });
    expect(res.statusCode).toBe(200);
    await editor.call('POST', '/api/cms/editor/entries/%2A/footer/publish');
    expect((await pages('skyline', '*')).find((p) => p.slug === 'footer')?.fields.copyright).toBe('© Skyline');
  });

  it('publishes copy overrides as the global copy entry, and refuses a value that is not text', async () => {
    const editor = await signedIn('skyline');
    const url = `/api/cms/editor/entries/${encodeURIComponent('*')}/copy`;
    const bad = await editor.call('PUT', url, { name: 'Copy', fields: { copy: { 'notFound.title': { html: '<b>x</b>' } } } });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().problems).toContainEqual({ pointer: '/copy/notFound.title', message: 'must be string' });
    const refused = await editor.call('POST', `${url}/publish`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems).toContainEqual(
      expect.objectContaining({ content_name: '*', slug: 'copy', pointer: '/copy/notFound.title', message: 'must be string' }),
    );
    expect((await pages('skyline', '*')).find((p) => p.slug === 'copy')).toBeUndefined();
    expect(
      (await editor.call('PUT', url, { name: 'Copy', fields: { copy: { 'notFound.title': 'Lost at {programName}?' } } })).statusCode,
    ).toBe(200);
    expect((await pages('skyline', '*')).find((p) => p.slug === 'copy')).toBeUndefined();
    await editor.call('POST', `${url}/publish`);
    expect((await pages('skyline', '*')).find((p) => p.slug === 'copy')?.fields.copy).toEqual({
      'notFound.title': 'Lost at {programName}?',
    });
  });
});

describe('validation and sanitising', () => {
  it('keeps an invalid draft with its problems (JSON pointers into the fields), and never publishes it', async () => {
    const editor = await signedIn('skyline');
    const res = await editor.call('PUT', '/api/cms/editor/entries/popup/broken', { fields: { title: 'x', body_text: 42 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().problems).toContainEqual({ pointer: '/body_text', message: 'must be string' });
    // Read again (a reload): the draft and its problems are both there.
    const again = (await editor.call('GET', '/api/cms/editor/entries/popup/broken')).json();
    expect(again).toMatchObject({ status: 'draft', draft: { title: 'x', body_text: 42 } });
    expect(again.problems).toContainEqual({ pointer: '/body_text', message: 'must be string' });
    expect((await editor.call('POST', '/api/cms/editor/entries/popup/broken/publish')).statusCode).toBe(422);
    expect(await bodyOf('skyline', 'broken')).toBeUndefined();

    const missing = await editor.call('PUT', '/api/cms/editor/entries/earn_details/bonus', { fields: { banner_text: 'x' } });
    expect(missing.json().problems).toContainEqual({ pointer: '/url', message: 'is required' });
    const published = await editor.call('POST', '/api/cms/editor/entries/earn_details/bonus/publish');
    expect(published.statusCode).toBe(422);
    expect(published.json().message).toBe('Nothing was published: (earn_details/bonus) /url is required.');

    // Fixed, the problems are gone and it publishes.
    const fixed = await editor.call('PUT', '/api/cms/editor/entries/popup/broken', { fields: { title: 'x', body_text: '<p>ok</p>' } });
    expect(fixed.json().problems).toEqual([]);
    expect((await editor.call('POST', '/api/cms/editor/entries/popup/broken/publish')).statusCode).toBe(200);
  });

  it('checks the page-layout entry of home as a layout and other home entries as banners', async () => {
    const editor = await signedIn('skyline');
    const badLayout = await editor.call('PUT', '/api/cms/editor/entries/home/page-layout', {
      fields: { version: 1, blocks: { hero: { props: {} } }, order: ['hero'] },
    });
    expect(badLayout.statusCode).toBe(200);
    expect(badLayout.json().problems).toContainEqual({ pointer: '/blocks/hero/type', message: 'is required' });

    // Block props are checked too, and a block type the registry does not have cannot go live.
    const layout = {
      version: 1,
      blocks: {
        steps: { type: 'how-it-works' },
        browse: { type: 'browse-link', props: { text: '' } },
        future: { type: 'not-yet-a-block' },
      },
      order: ['steps', 'browse', 'future'],
    };
    const saved = await editor.call('PUT', '/api/cms/editor/entries/home/page-layout', { fields: layout });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft).toEqual(layout);
    expect(saved.json().problems).toEqual([
      { pointer: '/blocks/browse/props/text', message: 'is required' },
      { pointer: '/blocks/future/type', message: 'unknown block type "not-yet-a-block"' },
    ]);
    const publish = await editor.call('POST', '/api/cms/editor/entries/home/page-layout/publish');
    expect(publish.statusCode).toBe(422);
    expect(publish.json().message).toMatch(
      /^Nothing was published: \(home\/page-layout\) \/blocks\/browse\/props\/text is required \(and 1 more\)\.$/,
    );

    const badBanner = await editor.call('PUT', '/api/cms/editor/entries/home/bonus-banner', {
      fields: { category: 'bonus', user_states: ['martian'], banner_text: [{ type: 'merchant_carousel', fields: { query: '' } }] },
    });
    expect(badBanner.json().problems.map((p: { pointer: string }) => p.pointer)).toEqual(['/user_states/0', '/banner_text/0/fields/query']);
  });

  it('removes scripts, event handlers and javascript: links from HTML fields on save', async () => {
    const editor = await signedIn('skyline');
    const res = await editor.call('PUT', '/api/cms/editor/entries/popup/dirty', {
      fields: {
        title: '<b>kept as text</b>',
        body_text:
          '<h2 onclick="steal()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">bad</a>' +
          '<a href="https://example.com" target="_blank">ok</a><img src="x.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().draft.body_text as string;
    expect(body).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(body).toContain('<h2>Hi</h2>');
    expect(body).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(body).toContain('<img src="x.png" />');
    // Plain-text fields are not HTML and are not rewritten.
    expect(res.json().draft.title).toBe('<b>kept as text</b>');
  });

  it('edits the legal pages like any group: schema-checked, HTML body cleaned', async () => {
    const editor = await signedIn('skyline');
    const missing = await editor.call('PUT', '/api/cms/editor/entries/legal/terms', { fields: { title: 'Terms' } });
    expect(missing.json().problems).toEqual([{ pointer: '/body', message: 'is required' }]);
    const res = await editor.call('PUT', '/api/cms/editor/entries/legal/terms', {
      fields: { title: 'Terms', updated: '2026-03-01', body: '<h2>Rules</h2><script>alert(1)</script><p onclick="x()">Be nice.</p>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().draft.body).toBe('<h2>Rules</h2><p>Be nice.</p>');
  });
});

// The tests above use up most of the per-address sign-in limit (30 a minute): the ones below sign
// in from another address, once per partner (metro's editor is locked out by the 429 test above).
const sessions = new Map<string, Promise<Browser>>();
function editorOf(partner: string): Promise<Browser> {
  let session = sessions.get(partner);
  if (!session) sessions.set(partner, (session = signedIn(partner, '10.9.8.7')));
  return session;
}

describe('optimistic concurrency', () => {
  it('refuses a save and a publish based on an old revision, naming the change, who and when', async () => {
    const mine = await editorOf('harbor');
    const theirs = await signedIn('harbor', '10.9.8.6');
    const url = '/api/cms/editor/entries/popup/race';
    const created = (await mine.call('PUT', url, { fields: { title: 'Race', body_text: '<p>Mine</p>' } })).json();
    const base = created.revision as number;
    expect(base).toBeGreaterThan(0);
    expect(created.last_change).toMatchObject({ kind: 'draft', by: 'editor@harbor.example' });

    // Another browser saves on top of the same revision: fine, it is the latest.
    const other = await theirs.call('PUT', url, { fields: { title: 'Race', body_text: '<p>Theirs</p>' }, base_revision: base });
    expect(other.statusCode).toBe(200);
    expect(other.json().revision).toBe(base + 1);

    // Mine, still based on the old revision: refused, nothing overwritten.
    const refused = await mine.call('PUT', url, { fields: { title: 'Race', body_text: '<p>Mine again</p>' }, base_revision: base });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'stale',
      revision: base + 1,
      change: { kind: 'draft', by: 'editor@harbor.example' },
    });
    expect(refused.json().message).toMatch(
      /^Your version was kept but not saved: editor@harbor\.example saved a newer draft at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
    expect((await mine.call('GET', url)).json().draft.body_text).toBe('<p>Theirs</p>');

    const publishStale = await mine.call('POST', `${url}/publish`, { base_revision: base });
    expect(publishStale.statusCode).toBe(409);
    expect(publishStale.json().code).toBe('stale');
    expect(await bodyOf('harbor', 'race')).toBeUndefined();

    // Based on the latest revision, it publishes; then a publish from the other tab names the version.
    const published = await theirs.call('POST', `${url}/publish`, { base_revision: base + 1 });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ version: 1, revision: base + 2, last_change: { kind: 'publish' } });
    const late = await mine.call('PUT', url, { fields: { title: 'Race', body_text: '<p>Late</p>' }, base_revision: base + 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('published version 1 at');
    expect((await mine.call('POST', `${url}/rollback`, { version: 1, base_revision: base })).statusCode).toBe(409);
    // Without a base revision nothing is checked (API callers writing by hand).
    expect((await mine.call('PUT', url, { fields: { title: 'Race', body_text: '<p>Last</p>' } })).statusCode).toBe(200);
  });

  it('refuses a base_revision that is not a whole number, naming the field', async () => {
    const editor = await editorOf('harbor');
    const res = await editor.call('PUT', '/api/cms/editor/entries/popup/typed', { fields: { body_text: 'x' }, base_revision: 'one' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ field: 'base_revision' }));
  });
});

describe('versions', () => {
  it("answers one version's fields, and 404 for a version that does not exist", async () => {
    const editor = await editorOf('harbor');
    const url = '/api/cms/editor/entries/sidebar/versioned';
    await editor.call('PUT', url, { fields: { page_text: 'first' } });
    await editor.call('POST', `${url}/publish`);
    await editor.call('PUT', url, { fields: { page_text: 'second' } });
    await editor.call('POST', `${url}/publish`);
    const first = await editor.call('GET', `${url}/versions/1`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, published_by: 'editor@harbor.example', fields: { page_text: 'first' } });
    expect((await editor.call('GET', `${url}/versions/2`)).json().fields).toEqual({ page_text: 'second' });
    expect((await editor.call('GET', `${url}/versions/3`)).statusCode).toBe(404);
    expect((await editor.call('GET', `${url}/versions/zero`)).statusCode).toBe(400);
    expect((await editor.call('GET', `${url}/versions/1`, undefined, { host: 'skyline' })).statusCode).toBe(403);
  });
});

describe('scheduled publish', () => {
  const HOUR = 3600_000;

  it('publishes the draft as scheduled when the time comes, shows it in the list, and not before', async () => {
    const clock = clockFor(t.app);
    const editor = await editorOf('greenleaf');
    const url = '/api/cms/editor/entries/popup/timed';
    await editor.call('PUT', url, { name: 'Timed', fields: { title: 'Timed', body_text: '<p>Launch</p>' } });
    const at = new Date(clock.now().getTime() + 2 * HOUR);
    const res = await editor.call('PUT', `${url}/schedule`, { publish_at: at.toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json().schedule).toMatchObject({ publish_at: at.toISOString(), by: 'editor@greenleaf.example' });
    const listed = (await editor.call('GET', '/api/cms/editor/entries/popup')).json().entries.find((e: Page) => e.slug === 'timed');
    expect(listed.schedule.publish_at).toBe(at.toISOString());

    // Edited after scheduling: the schedule keeps what was scheduled; the edit stays a draft.
    await editor.call('PUT', url, { fields: { title: 'Timed', body_text: '<p>Later edit</p>' } });

    clock.advance(HOUR);
    await clock.idle();
    expect(await bodyOf('greenleaf', 'timed')).toBeUndefined();

    clock.advance(HOUR + 1000);
    await clock.idle();
    expect(await bodyOf('greenleaf', 'timed')).toBe('<p>Launch</p>');
    const entry = (await editor.call('GET', url)).json();
    expect(entry).toMatchObject({
      version: 1,
      schedule: null,
      has_draft: true,
      draft: { body_text: '<p>Later edit</p>' },
      last_change: { kind: 'scheduled-publish', by: 'editor@greenleaf.example' },
    });
    const versions = (await editor.call('GET', `${url}/versions`)).json().versions;
    expect(versions[0]).toMatchObject({ version: 1, published_by: 'editor@greenleaf.example', note: 'Scheduled publish' });
  });

  it('clears the draft when it is still what was scheduled, and can be cancelled', async () => {
    const clock = clockFor(t.app);
    const editor = await editorOf('greenleaf');
    const url = '/api/cms/editor/entries/popup/cancelled';
    const saved = (await editor.call('PUT', url, { fields: { title: 'C', body_text: '<p>Soon</p>' } })).json();
    const at = new Date(clock.now().getTime() + HOUR).toISOString();
    const scheduled = await editor.call('PUT', `${url}/schedule`, { publish_at: at, base_revision: saved.revision });
    expect(scheduled.statusCode).toBe(200);
    // Cancelling based on the revision before scheduling is stale.
    expect((await editor.call('DELETE', `${url}/schedule?base_revision=${saved.revision}`)).statusCode).toBe(409);
    const cancelled = await editor.call('DELETE', `${url}/schedule?base_revision=${scheduled.json().revision}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ schedule: null, last_change: { kind: 'unschedule' } });
    expect((await editor.call('DELETE', `${url}/schedule`)).statusCode).toBe(404);
    clock.advance(2 * HOUR);
    await clock.idle();
    expect(await bodyOf('greenleaf', 'cancelled')).toBeUndefined();

    const again = await editor.call('PUT', `${url}/schedule`, { publish_at: new Date(clock.now().getTime() + HOUR).toISOString() });
    expect(again.statusCode).toBe(200);
    clock.advance(HOUR + 1000);
    await clock.idle();
    expect(await bodyOf('greenleaf', 'cancelled')).toBe('<p>Soon</p>');
    expect((await editor.call('GET', url)).json()).toMatchObject({ has_draft: false, draft: null, status: 'published' });
  });

  it('refuses a time in the past, too far ahead or not a date-time, naming publish_at; and an entry without a draft', async () => {
    const clock = clockFor(t.app);
    const editor = await editorOf('greenleaf');
    const url = '/api/cms/editor/entries/popup/bad-times';
    await editor.call('PUT', url, { fields: { title: 'B', body_text: 'x' } });
    const past = await editor.call('PUT', `${url}/schedule`, { publish_at: new Date(clock.now().getTime() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'publish_at', message: 'must be in the future' }]);
    const far = await editor.call('PUT', `${url}/schedule`, {
      publish_at: new Date(clock.now().getTime() + 400 * 24 * HOUR).toISOString(),
    });
    expect(far.json().errors).toEqual([{ field: 'publish_at', message: 'must be at most a year ahead' }]);
    const text = await editor.call('PUT', `${url}/schedule`, { publish_at: 'tomorrow' });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0].field).toBe('publish_at');
    await editor.call('POST', `${url}/publish`);
    const none = await editor.call('PUT', `${url}/schedule`, { publish_at: new Date(clock.now().getTime() + HOUR).toISOString() });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('no_draft');
    const csrf = await editor.call(
      'PUT',
      `${url}/schedule`,
      { publish_at: new Date(clock.now().getTime() + HOUR).toISOString() },
      { csrf: false },
    );
    expect(csrf.statusCode).toBe(403);
    const foreign = await editor.call(
      'PUT',
      `${url}/schedule`,
      { publish_at: new Date(clock.now().getTime() + HOUR).toISOString() },
      { host: 'metro' },
    );
    expect(foreign.statusCode).toBe(403);
  });
});

describe('HTML preview', () => {
  it('answers the markup as members will get it, without storing anything', async () => {
    const editor = await editorOf('harbor');
    const res = await editor.call('POST', '/api/cms/editor/preview-html', {
      html: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src="/media/a.png" onerror="x()">',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ html: '<p>Hi <a>there</a></p><img src="/media/a.png" />', changed: true });
    expect((await editor.call('POST', '/api/cms/editor/preview-html', { html: '<p>Fine</p>' })).json()).toEqual({
      html: '<p>Fine</p>',
      changed: false,
    });
    const tooLong = await editor.call('POST', '/api/cms/editor/preview-html', { html: 'x'.repeat(20001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].field).toBe('html');
    expect((await editor.call('POST', '/api/cms/editor/preview-html', { html: '<p>x</p>' }, { csrf: false })).statusCode).toBe(403);
    expect((await (await browser('harbor')).call('POST', '/api/cms/editor/preview-html', { html: '<p>x</p>' })).statusCode).toBe(401);
  });
});
