// The editor's lists: "New entry" makes a draft-only entry (members see nothing of it until it is
// published), "Duplicate" copies one into a new draft named "… (copy)", and "Delete" is refused by the
// server while a page uses the entry, naming the pages. Every write needs the editor's session of the
// host's partner and the CSRF token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedEditors } from '#server/seed/editors.ts';
import { seedCms } from '#server/seed/cms.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['harbor', 'skyline']);
  await seedCms(t.db, t.config.partnersDir, ['harbor']);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = (method: Method, url: string, payload?: unknown, opts?: { host?: string; csrf?: boolean }) => Promise<LightMyRequestResponse>;

async function signIn(partner: string, address: string): Promise<Call> {
  const jar = cookieJar();
  const token = await csrfFor(t.app, partner, jar);
  const call: Call = async (method, url, payload, opts = {}) => {
    const headers: Record<string, string> = { ...host(opts.host ?? partner), cookie: jar.header(), 'x-forwarded-for': address };
    if (method !== 'GET' && opts.csrf !== false) headers['x-xsrf-token'] = jar.csrf() ?? token;
    const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    jar.store(res);
    return res;
  };
  const res = await call('POST', '/api/cms/editor/session', { email: `editor@${partner}.example`, password: `editor-${partner}-2026` });
  expect(res.statusCode).toBe(200);
  return call;
}

/** What members of harbor get for a group (published entries only). */
async function live(group: string): Promise<Array<{ slug: string; name: string; fields: Record<string, unknown> }>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/cms/pages/${encodeURIComponent(group)}/?page_size=100`,
    headers: host('harbor'),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const ENTRIES = '/api/cms/editor/entries';

describe('New entry', () => {
  it('makes a draft-only entry with a slug from its name, unique in the group, that members see once published', async () => {
    const editor = await signIn('harbor', '10.7.0.1');
    const made = await editor('POST', `${ENTRIES}/earn_details`, { name: 'Double points weekend', fields: { url: '' } });
    expect(made.statusCode).toBe(201);
    const entry = made.json();
    expect(entry).toMatchObject({ slug: 'double-points-weekend', name: 'Double points weekend', status: 'draft', published: null });
    expect(entry.draft).toEqual({ url: '' });
    // Stored with what keeps it from going live (the empty required url), like any draft.
    expect(entry.problems.map((p: { pointer: string }) => p.pointer)).toContain('/url');
    expect((await live('earn_details')).map((e) => e.slug)).not.toContain('double-points-weekend');

    // The same name again gets the next free slug; nothing is overwritten.
    const again = await editor('POST', `${ENTRIES}/earn_details`, { name: 'Double points weekend', fields: { url: 'x' } });
    expect(again.json().slug).toBe('double-points-weekend-2');
    expect((await editor('GET', `${ENTRIES}/earn_details/double-points-weekend`)).json().draft).toEqual({ url: '' });

    const url = `${ENTRIES}/earn_details/double-points-weekend`;
    const filled = await editor('PUT', url, {
      fields: { url: 'double-points', browser_title: 'Double points weekend' },
      base_revision: entry.revision,
    });
    expect(filled.statusCode).toBe(200);
    expect((await editor('POST', `${url}/publish`, { base_revision: filled.json().revision })).statusCode).toBe(200);
    expect((await live('earn_details')).find((e) => e.slug === 'double-points-weekend')?.fields.browser_title).toBe(
      'Double points weekend',
    );
  });

  it('refuses a missing name, naming the field, and never takes the page layout slug', async () => {
    const editor = await signIn('harbor', '10.7.0.2');
    const nameless = await editor('POST', `${ENTRIES}/popup`, { fields: {} });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toMatch(/name/);
    const blank = await editor('POST', `${ENTRIES}/popup`, { name: '   ', fields: {} });
    expect(blank.statusCode).toBe(400);
    const layoutNamed = await editor('POST', `${ENTRIES}/home`, { name: 'Page layout', fields: {} });
    expect(layoutNamed.statusCode).toBe(201);
    expect(layoutNamed.json().slug).toBe('page-layout-2');
  });
});

describe('Duplicate', () => {
  it('copies an entry into a new draft named "(copy)", leaving the original as it was', async () => {
    const editor = await signIn('harbor', '10.7.0.3');
    const source = (await editor('GET', `${ENTRIES}/home/harbor-welcome`)).json();
    const copy = await editor('POST', `${ENTRIES}/home`, { copy_of: 'harbor-welcome' });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      slug: `${source.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/-+$/, '')}-copy`,
      status: 'draft',
    });
    expect(copy.json().name).toBe(`${source.name} (copy)`);
    expect(copy.json().draft).toEqual(source.draft ?? source.published);
    const after = (await editor('GET', `${ENTRIES}/home/harbor-welcome`)).json();
    expect(after).toMatchObject({ revision: source.revision, status: source.status });

    expect((await editor('POST', `${ENTRIES}/home`, { copy_of: 'no-such-entry' })).statusCode).toBe(404);
    expect((await editor('POST', `${ENTRIES}/home`, { copy_of: 'page-layout' })).statusCode).toBe(400);
  });
});

describe('Delete', () => {
  it('removes an unused entry with its versions: members stop seeing it', async () => {
    const editor = await signIn('harbor', '10.7.0.4');
    const made = (await editor('POST', `${ENTRIES}/popup`, { name: 'Going away', fields: { body_text: '<p>Bye</p>' } })).json();
    const url = `${ENTRIES}/popup/${made.slug}`;
    expect((await editor('POST', `${url}/publish`)).statusCode).toBe(200);
    expect((await live('popup')).map((e) => e.slug)).toContain(made.slug);

    const deleted = await editor('DELETE', url);
    expect(deleted.statusCode).toBe(204);
    expect((await editor('GET', url)).statusCode).toBe(404);
    expect((await editor('GET', `${url}/versions`)).statusCode).toBe(404);
    expect((await live('popup')).map((e) => e.slug)).not.toContain(made.slug);
    expect((await editor('DELETE', url)).statusCode).toBe(404);
  });

  it('is refused while a page uses the entry, naming the pages, and nothing is deleted', async () => {
    const editor = await signIn('harbor', '10.7.0.5');
    const cases: Array<[string, string[]]> = [
      ['home/harbor-welcome', ['Home (/)']],
      ['discover/harbor-discover-hero', ['Discover (/discover)']],
      ['home/page-layout', ['Home (/)']],
      ['legal/terms', ['Terms & Conditions (/terms)']],
      ['sidebar/search', ['Find restaurants (/search)']],
      ['%2A/footer', ['Every page (the footer)']],
    ];
    for (const [path, pages] of cases) {
      const res = await editor('DELETE', `${ENTRIES}/${path}`);
      expect(res.statusCode, path).toBe(409);
      expect(res.json(), path).toMatchObject({ code: 'in_use', pages });
      expect(res.json().message, path).toContain(pages[0]);
      expect((await editor('GET', `${ENTRIES}/${path}`)).statusCode, path).toBe(200);
    }
    expect((await live('home')).map((e) => e.slug)).toContain('harbor-welcome');
  });

  it("counts a layout's unpublished draft: placing a new banner keeps it, taking it off frees it", async () => {
    const editor = await signIn('harbor', '10.7.0.6');
    const banner = (await editor('POST', `${ENTRIES}/home`, { name: 'Autumn banner', fields: { title: 'Autumn' } })).json();
    const layoutUrl = `${ENTRIES}/home/page-layout`;
    const layout = (await editor('GET', layoutUrl)).json();
    const fields = structuredClone(layout.draft ?? layout.published);
    fields.blocks.autumn = { type: 'cms-banner', props: { slug: banner.slug } };
    fields.order.push('autumn');
    const placed = await editor('PUT', layoutUrl, { fields, base_revision: layout.revision });
    expect(placed.statusCode).toBe(200);

    const refused = await editor('DELETE', `${ENTRIES}/home/${banner.slug}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().pages).toEqual(['Home (/)']);

    delete fields.blocks.autumn;
    fields.order = fields.order.filter((id: string) => id !== 'autumn');
    expect((await editor('PUT', layoutUrl, { fields, base_revision: placed.json().revision })).statusCode).toBe(200);
    expect((await editor('DELETE', `${ENTRIES}/home/${banner.slug}`)).statusCode).toBe(204);
  });

  it('is refused as stale when the entry changed since the editor read it', async () => {
    const editor = await signIn('harbor', '10.7.0.7');
    const made = (await editor('POST', `${ENTRIES}/popup`, { name: 'Stale one', fields: { body_text: 'x' } })).json();
    const url = `${ENTRIES}/popup/${made.slug}`;
    await editor('PUT', url, { fields: { body_text: 'y' }, base_revision: made.revision });
    const res = await editor('DELETE', `${url}?base_revision=${made.revision}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stale');
    expect((await editor('GET', url)).statusCode).toBe(200);
  });
});

describe('who may make and delete entries', () => {
  it('needs an editor session of the host partner and the CSRF token for every write', async () => {
    const harbor = await signIn('harbor', '10.7.0.8');
    const made = (await harbor('POST', `${ENTRIES}/popup`, { name: 'Guarded', fields: { body_text: 'x' } })).json();
    const url = `${ENTRIES}/popup/${made.slug}`;

    // No CSRF token.
    expect((await harbor('POST', `${ENTRIES}/popup`, { name: 'No token', fields: {} }, { csrf: false })).statusCode).toBe(403);
    expect((await harbor('POST', `${ENTRIES}/popup`, { copy_of: made.slug }, { csrf: false })).statusCode).toBe(403);
    expect((await harbor('DELETE', url, undefined, { csrf: false })).statusCode).toBe(403);

    // No session.
    const jar = cookieJar();
    const token = await csrfFor(t.app, 'harbor', jar);
    for (const [method, target, payload] of [
      ['POST', `${ENTRIES}/popup`, { name: 'Anonymous', fields: {} }],
      ['DELETE', url, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: target,
        headers: { ...host('harbor'), cookie: jar.header(), 'x-xsrf-token': token },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${target}`).toBe(401);
    }

    // An editor of another partner, on harbor's host.
    const skyline = await signIn('skyline', '10.7.0.9');
    expect((await skyline('POST', `${ENTRIES}/popup`, { name: 'Intruder', fields: {} }, { host: 'harbor' })).statusCode).toBe(403);
    expect((await skyline('POST', `${ENTRIES}/popup`, { copy_of: made.slug }, { host: 'harbor' })).statusCode).toBe(403);
    expect((await skyline('DELETE', url, undefined, { host: 'harbor' })).statusCode).toBe(403);
    // On its own host it cannot reach harbor's entry either: entries are per partner.
    expect((await skyline('DELETE', url)).statusCode).toBe(404);
    expect((await skyline('POST', `${ENTRIES}/popup`, { copy_of: made.slug })).statusCode).toBe(404);

    const list = (await harbor('GET', `${ENTRIES}/popup`)).json().entries.map((e: { name: string }) => e.name);
    expect(list).toContain('Guarded');
    expect(list).not.toContain('Intruder');
    expect(list).not.toContain('Anonymous');
    expect(list).not.toContain('No token');
  });
});
