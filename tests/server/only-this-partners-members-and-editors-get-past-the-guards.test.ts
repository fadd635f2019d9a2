// Who is asking (src/server/plugins/auth.ts) and the editor's preview (src/server/editor-auth.ts) on a
// small Fastify app with a migrated database: a session counts only on its own partner's host and
// only while its member or editor exists. Cheap enough for mutation testing
// (docs/mutation-testing.md).
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '#server/db/index.ts';
import auth from '#server/plugins/auth.ts';
import { editorSession, wantsPreview } from '#server/editor-auth.ts';
import type { PartnerBundle } from '#shared/partner.ts';
import { insertMember } from '#server/repos/members.ts';
import { createSession } from '#server/sessions.ts';
import { moduleDb } from './module-db.ts';

let db: Db;
let close: () => Promise<void>;
let app: FastifyInstance;
let queries = 0;

/** Requests to host `<partner>.test` belong to that partner; `preview.test` previews everything. */
function partnerOf(host: string | undefined): PartnerBundle {
  const id = (host ?? '').split('.')[0] ?? '';
  return { id, config: { cmsPreview: id === 'preview' } } as unknown as PartnerBundle;
}

beforeAll(async () => {
  ({ db, close } = await moduleDb());
});
// The app is built per test (not once in beforeAll): Stryker counts code run outside a test as static
// and leaves it out, so the plugins' own setup is measured only when tests run it.
beforeEach(async () => {
  const counted: Queryable = {
    query: (sql, params) => {
      queries++;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  app = Fastify();
  app.decorate('db', counted as Db);
  app.decorateRequest('partner', null as unknown as PartnerBundle);
  app.addHook('onRequest', (request, _reply, done) => {
    request.partner = partnerOf(request.headers.host);
    done();
  });
  await app.register(cookie);
  await app.register(auth);
  app.get('/member', { preHandler: app.requireMember }, async (request) => {
    // Asked twice in one request: looked up once.
    const again = await request.signedInMember();
    return { id: request.member.id, session: request.memberSession.subjectId, same: again?.member === request.member };
  });
  app.get('/maybe-member', async (request) => ({ member: (await request.signedInMember())?.member.id ?? null }));
  app.get('/unguarded', async (request) => ({
    member: request.member,
    memberSession: request.memberSession,
    editor: request.editor,
    editorSession: request.editorSession,
  }));
  app.get('/editor', { preHandler: app.requireEditor }, async (request) => ({
    id: request.editor.id,
    session: request.editorSession.partnerId,
  }));
  app.get('/editor-session', async (request) => ({ editor: (await editorSession(app, request))?.subjectId ?? null }));
  app.get('/preview', async (request) => ({
    asked: await wantsPreview(app, request, true),
    notAsked: await wantsPreview(app, request, false),
  }));
  await app.ready();
});
afterEach(() => app.close());
afterAll(() => close());

async function newMember(partnerId: string): Promise<number> {
  const row = await insertMember(db, {
    partnerId,
    email: `m${Math.random()}@example.com`,
    passwordHash: null,
    firstName: 'Ann',
    lastName: 'Lee',
    memberType: 'EnrolledCardMember',
    tierLevel: 1,
    emailOptIn: false,
    smsOptIn: false,
    phoneNumber: null,
    partnerNumber: null,
    zipCode: null,
    enrollmentSource: 'test',
  });
  return Number(row.id);
}

async function newEditor(partnerId: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    "insert into cms_editors (partner_id, email, name, password_hash) values ($1, $2, 'Ed', 'x') returning id",
    [partnerId, `e${Math.random()}@example.com`],
  );
  return Number(rows[0]!.id);
}

const session = async (partnerId: string, kind: 'member' | 'editor', subjectId: number) =>
  (await createSession(db, { partnerId, kind, subjectId, ttlMs: 60_000 })).id;

const get = (url: string, host: string, cookieHeader?: string) =>
  app.inject({ method: 'GET', url, headers: { host, ...(cookieHeader ? { cookie: cookieHeader } : {}) } });

describe('a member-only call', () => {
  it("answers the member of this host's partner, looked up once per request", async () => {
    const id = await newMember('harbor');
    const sid = await session('harbor', 'member', id);
    const before = queries;
    const res = await get('/member', 'harbor.test', `mb_session=${sid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, session: id, same: true });
    // One query for the session, one for the member.
    expect(queries - before).toBe(2);
  });

  it("is 401 unauthorized, never cached, without a session, with another partner's, an editor's, or a deleted member's", async () => {
    const id = await newMember('harbor');
    const gone = await newMember('harbor');
    const goneSid = await session('harbor', 'member', gone);
    await db.query('delete from members where id = $1', [gone]);
    const cases = [
      undefined,
      'mb_session=unknown',
      `mb_session=${await session('skyline', 'member', id)}`,
      `mb_session=${await session('harbor', 'editor', id)}`,
      `mb_session=${goneSid}`,
    ];
    for (const cookieHeader of cases) {
      const res = await get('/member', 'harbor.test', cookieHeader);
      expect(res.statusCode, cookieHeader).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized', code: 'unauthorized' });
    }
  });

  it('a page that does not require one sees the member or nobody', async () => {
    const id = await newMember('harbor');
    const sid = await session('harbor', 'member', id);
    expect((await get('/maybe-member', 'harbor.test', `mb_session=${sid}`)).json()).toEqual({ member: id });
    expect((await get('/maybe-member', 'skyline.test', `mb_session=${sid}`)).json()).toEqual({ member: null });
  });
});

describe('a call that declares no guard', () => {
  it('sees null for the member, the editor and their sessions, even with both cookies', async () => {
    const memberSid = await session('harbor', 'member', await newMember('harbor'));
    const editorSid = await session('harbor', 'editor', await newEditor('harbor'));
    const res = await get('/unguarded', 'harbor.test', `mb_session=${memberSid}; mb_editor=${editorSid}`);
    expect(res.json()).toEqual({ member: null, memberSession: null, editor: null, editorSession: null });
  });
});

describe('an editor-only call', () => {
  it("answers this partner's editor", async () => {
    const id = await newEditor('harbor');
    const res = await get('/editor', 'harbor.test', `mb_editor=${await session('harbor', 'editor', id)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, session: 'harbor' });
  });

  it('is 401 without an editor session (a member session is none), or when the editor is gone or belongs elsewhere', async () => {
    const id = await newEditor('harbor');
    const gone = await newEditor('harbor');
    const goneSid = await session('harbor', 'editor', gone);
    await db.query('delete from cms_editors where id = $1', [gone]);
    const elsewhere = await newEditor('skyline');
    const cases = [
      undefined,
      `mb_editor=${await session('harbor', 'member', id)}`,
      `mb_session=${await session('harbor', 'editor', id)}`,
      `mb_editor=${goneSid}`,
      // A harbor session naming skyline's editor (never issued by sign-in) counts for nobody.
      `mb_editor=${await session('harbor', 'editor', elsewhere)}`,
    ];
    for (const cookieHeader of cases) {
      const res = await get('/editor', 'harbor.test', cookieHeader);
      expect(res.statusCode, cookieHeader).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Sign in as an editor first.' });
    }
  });

  it("is 403 for another partner's editor", async () => {
    const id = await newEditor('skyline');
    const res = await get('/editor', 'harbor.test', `mb_editor=${await session('skyline', 'editor', id)}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'This editor account belongs to another partner.' });
  });
});

describe('drafts', () => {
  it("are served to this partner's signed-in editor who asks, and to everyone on a partner that previews everything", async () => {
    const harborEditor = await newEditor('harbor');
    const sid = await session('harbor', 'editor', harborEditor);
    expect((await get('/preview', 'harbor.test', `mb_editor=${sid}`)).json()).toEqual({ asked: true, notAsked: false });
    expect((await get('/editor-session', 'harbor.test', `mb_editor=${sid}`)).json()).toEqual({ editor: harborEditor });
    expect((await get('/preview', 'preview.test')).json()).toEqual({ asked: true, notAsked: false });
  });

  it("are not served to a visitor, nor with another partner's editor session", async () => {
    const skylineEditor = await newEditor('skyline');
    const sid = await session('skyline', 'editor', skylineEditor);
    expect((await get('/preview', 'harbor.test')).json()).toEqual({ asked: false, notAsked: false });
    expect((await get('/preview', 'harbor.test', `mb_editor=${sid}`)).json()).toEqual({ asked: false, notAsked: false });
    expect((await get('/editor-session', 'harbor.test', `mb_editor=${sid}`)).json()).toEqual({ editor: null });
    expect((await get('/editor-session', 'harbor.test', `mb_editor=${await session('harbor', 'member', 1)}`)).json()).toEqual({
      editor: null,
    });
  });
});
