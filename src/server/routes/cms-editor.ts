// CMS editor API (JSON). Editors belong to one partner and work on that partner's host only.
//
//   POST   /api/cms/editor/session                       {email, password} -> 200 CmsEditor + cookie mb_editor
//                                                        401 wrong email or password (one answer for both)
//                                                        429 after 10 failures for an email within 15 minutes
//   DELETE /api/cms/editor/session                       sign out -> 204 (cookie cleared, session deleted)
//   GET    /api/cms/editor/me                            -> 200 CmsEditor
//   GET    /api/cms/editor/entries/{contentName}         -> 200 {content_name, entries: [summary]}
//   GET    /api/cms/editor/entries/{contentName}/{slug}  -> 200 CmsEditorEntry (draft, published, version), 404
//   PUT    /api/cms/editor/entries/{contentName}/{slug}  {name?, fields, base_revision?} -> 200 CmsEditorEntry (draft
//                                                        saved; the entry is created when new), 422 {message, problems}
//   POST   /api/cms/editor/entries/{contentName}/{slug}/publish   {note?, base_revision?} -> 200 CmsEditorEntry, 404,
//                                                        409 no draft (code no_draft), 422 {message, problems} when a
//                                                        library image has no alt text and is not decorative, or is
//                                                        gone from the library (schedule and rollback too)
//   PUT    /api/cms/editor/entries/{contentName}/{slug}/schedule  {publish_at, base_revision?} -> 200 CmsEditorEntry
//                                                        (the draft as it is now goes live then), 400, 404, 409 no draft
//   DELETE /api/cms/editor/entries/{contentName}/{slug}/schedule?base_revision= -> 200 CmsEditorEntry, 404 none
//   GET    /api/cms/editor/entries/{contentName}/{slug}/versions  -> 200 {versions: [{version, published_at, published_by, note}]}
//   GET    /api/cms/editor/entries/{contentName}/{slug}/versions/{version} -> 200 {version, ..., fields}, 404
//   POST   /api/cms/editor/entries/{contentName}/{slug}/rollback  {version, note?, base_revision?} -> 200 CmsEditorEntry, 404
//   POST   /api/cms/editor/preview-html  {html} -> 200 {html, changed}: the markup as members will get it
//                                                        (the one CMS sanitiser, cms-sanitize.ts); nothing is stored
//   GET    /api/cms/editor/impressions?days=7            -> 200 {days, blocks: [{page, block_id, count}]} (the page
//                                                        editor's "seen N times" per block; days 1-90, default 7)
//
// contentName is one of the names of #shared/cms.ts (`*` = the global group; `%2A` works
// too); any other name answers 404. Every route except sign-in and sign-out answers 401 without
// an editor session and 403 when the session belongs to another partner than the request host's.
// Writes need the X-XSRF-TOKEN header like every write under /api (plugins/csrf.ts), sign-in too.
//
// Saved drafts have their HTML fields sanitised (cms-sanitize.ts) and are then checked against the
// group's schema; home/discover entries are checked as a page layout (slug page-layout, upgraded by
// the layout migrations first) or as a banner (any other slug). Block types are not checked here:
// the server does not load the registry, and the page renderer drops unknown blocks safely.
// Publish and rollback invalidate this process's cache of the member API at once.
// Library images (media/refs.ts) are filled in from the partner's media library on save and again
// on publish, schedule and rollback, so members get the library's current file, alt text and focal point.
//
// Optimistic concurrency: every entry has a revision that each change moves on (GET answers it).
// A write that names its base_revision is refused when the entry has moved on since, with 409
// code stale naming the last change, who made it and when (CmsEditorConflict): nothing is
// overwritten unseen. The editor always sends it; a write without it is not checked.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cmsGroupOf, isCmsContentName, LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { problemsFrom } from '#shared/validation.ts';
import { migrateLayout } from '#shared/page/migrations.ts';
import { cmsEntryValidator } from '#shared/cms-validators.ts';
import type {
  CmsEditor,
  CmsEditorLoginRequest,
  CmsEditorPublishRequest,
  CmsEditorRollbackRequest,
  CmsEditorSaveRequest,
  CmsEditorScheduleRequest,
} from '#shared/generated/types.ts';
import { createSession, deleteSession, EDITOR_COOKIE, EDITOR_SESSION_MS } from '../sessions.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { AttemptLimiter } from '../auth/attempts.ts';
import {
  cancelSchedule,
  clearLoginFailures,
  findEditorByEmail,
  getEditorEntry,
  getVersion,
  listEditorEntries,
  listVersions,
  loginBlockedForMs,
  publishDraft,
  recordLoginFailure,
  rollbackTo,
  saveDraft,
  scheduleDraft,
  type ChangeKind,
  type EditorRow,
  type Stale,
} from '../repos/cms.ts';
import { blockImpressions } from '../repos/impressions.ts';
import { clockFor } from '../auth/clock.ts';
import { unsafeUrlProblems, sanitizeCmsFields, sanitizeCmsHtml } from '../cms-sanitize.ts';
import { cmsCacheFor } from '../cms-cache.ts';
import { prepareMediaForPublish, resolveMediaRefs } from '../media/refs.ts';
import { sweepFiles } from '../repos/media.ts';

const error = (statusCode: number, errorName: string, message: string) => ({ statusCode, error: errorName, message });
const ERROR = { $ref: 'api/error.schema.json#' };
const SLUG_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$';

// Unknown emails are checked against this hash, so they cost the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const hashForUnknownEmail = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(18).toString('base64url'), 'editors'));

/** Editor sign-ins per client address per minute, and per account per minute (both before any hashing). */
export const EDITOR_SIGN_IN_RATE_LIMIT = 30;
export const EDITOR_ACCOUNT_ATTEMPTS = 10;

const editorOf = (request: FastifyRequest): EditorRow => request.editor;

function toApiEditor(editor: EditorRow, expiresAt: Date): CmsEditor {
  return { id: editor.id, email: editor.email, name: editor.name, partner: editor.partner_id, expires_at: expiresAt.toISOString() };
}

type EntryParams = { contentName: string; slug: string };

/** Scheduled publishes may be at most this far ahead. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 3600 * 1000;

const CHANGE_WORDS: Readonly<Record<ChangeKind, string>> = {
  draft: 'saved a newer draft',
  publish: 'published version {version}',
  rollback: 'rolled back to an earlier version (now version {version})',
  schedule: 'scheduled a publish',
  unschedule: 'cancelled the scheduled publish',
  'scheduled-publish': 'had a scheduled publish go live as version {version}',
};

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** 409 stale: what changed the entry, who and when; the client offers to reload the latest. */
function staleReply(reply: FastifyReply, stale: Stale) {
  const { change, version } = stale;
  const what = change
    ? `${change.by} ${CHANGE_WORDS[change.kind].replace('{version}', String(version ?? '?'))} at ${utc(change.at)}`
    : 'Someone changed this entry';
  return reply.code(409).send({
    statusCode: 409,
    error: 'Conflict',
    code: 'stale',
    message: `Nothing was saved: ${what}, after you opened it. Reload the latest version to continue.`,
    revision: stale.revision,
    change,
    version,
  });
}

/** 422 naming each problem by JSON pointer (CmsEditorProblems): a save, publish or schedule refused. */
function problemsReply(reply: FastifyReply, problems: ReadonlyArray<{ pointer: string; message: string }>) {
  return reply.code(422).send({
    statusCode: 422,
    error: 'Unprocessable Entity',
    message: `The entry has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}.`,
    problems: problems.map(({ pointer, message }) => ({ pointer, message })),
  });
}

export default async function cmsEditor(app: FastifyInstance): Promise<void> {
  const cache = cmsCacheFor(app.db);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/cms/editor/')) reply.header('cache-control', 'no-store');
  });

  const accountAttempts = new AttemptLimiter(EDITOR_ACCOUNT_ATTEMPTS, 60_000);

  app.post<{ Body: CmsEditorLoginRequest }>(
    '/api/cms/editor/session',
    {
      config: { rateLimit: { max: EDITOR_SIGN_IN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        body: { $ref: 'api/cms-editor-login.schema.json#' },
        response: { 200: { $ref: 'api/cms-editor.schema.json#' }, 401: ERROR, 429: ERROR },
      },
    },
    async (request, reply) => {
      const partnerId = request.partner.id;
      const email = request.body.email.trim().toLowerCase();
      const accountKey = `${partnerId}\u0000${email}`;
      if (!accountAttempts.take(accountKey)) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(accountAttempts.retryAfterMs(accountKey) / 1000))));
        return reply.code(429).send(error(429, 'Too Many Requests', 'Too many sign-in attempts. Please try again in a minute.'));
      }
      const blockedMs = await loginBlockedForMs(app.db, partnerId, email);
      if (blockedMs > 0) {
        reply.header('retry-after', String(Math.ceil(blockedMs / 1000)));
        return reply.code(429).send(error(429, 'Too Many Requests', 'Too many failed sign-ins. Please try again later.'));
      }
      const editor = await findEditorByEmail(app.db, partnerId, email);
      const ok = await verifyPassword(request.body.password, editor?.password_hash ?? (await hashForUnknownEmail()), 'editors');
      if (!editor || !ok) {
        await recordLoginFailure(app.db, partnerId, email);
        return reply.code(401).send(error(401, 'Unauthorized', 'Incorrect email or password.'));
      }
      await clearLoginFailures(app.db, partnerId, email);
      accountAttempts.reset(accountKey);
      await deleteSession(app.db, request.cookies[EDITOR_COOKIE]);
      const session = await createSession(app.db, { partnerId, kind: 'editor', subjectId: editor.id, ttlMs: EDITOR_SESSION_MS });
      reply.setCookie(EDITOR_COOKIE, session.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: Math.floor(EDITOR_SESSION_MS / 1000),
      });
      app.rotateCsrfToken(request, reply, { editor: session.id });
      return toApiEditor(editor, session.expiresAt);
    },
  );

  app.delete('/api/cms/editor/session', { schema: { response: { 204: { type: 'null' } } } }, async (request, reply) => {
    await deleteSession(app.db, request.cookies[EDITOR_COOKIE]);
    reply.clearCookie(EDITOR_COOKIE, { path: '/' });
    app.rotateCsrfToken(request, reply, { editor: null });
    return reply.code(204).send();
  });

  // Everything below needs an editor session of the request host's partner.
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireEditor);

    scope.get(
      '/api/cms/editor/me',
      { schema: { response: { 200: { $ref: 'api/cms-editor.schema.json#' }, 401: ERROR, 403: ERROR } } },
      async (request) => {
        return toApiEditor(request.editor, request.editorSession.expiresAt);
      },
    );

    scope.get<{ Querystring: { days?: number } }>(
      '/api/cms/editor/impressions',
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { days: { type: 'integer', minimum: 1, maximum: 90, default: 7 } },
          },
          response: { 200: { $ref: 'api/cms-editor-impressions.schema.json#' }, 401: ERROR, 403: ERROR },
        },
      },
      async (request) => {
        const days = request.query.days ?? 7;
        const rows = await blockImpressions(app.db, request.partner.id, days, clockFor(app).now());
        return { days, blocks: rows.map((r) => ({ page: r.page, block_id: r.blockId, count: r.count })) };
      },
    );

    // The editor's HTML field previews: the same sanitiser members' content went through, so the
    // preview shows exactly what publishing would show (nothing is stored; a write only for CSRF).
    scope.post<{ Body: { html: string } }>(
      '/api/cms/editor/preview-html',
      {
        schema: {
          body: {
            type: 'object',
            required: ['html'],
            additionalProperties: false,
            properties: { html: { type: 'string', maxLength: 20000 } },
          },
          response: {
            200: {
              type: 'object',
              required: ['html', 'changed'],
              additionalProperties: false,
              properties: { html: { type: 'string' }, changed: { type: 'boolean' } },
            },
            401: ERROR,
            403: ERROR,
          },
        },
      },
      async (request) => {
        const html = sanitizeCmsHtml(request.body.html);
        return { html, changed: html !== request.body.html };
      },
    );

    /** The content name of a request, or null after answering 404. */
    function contentNameOf(request: FastifyRequest<{ Params: { contentName: string } }>, reply: FastifyReply): CmsContentName | null {
      const { contentName } = request.params;
      if (isCmsContentName(contentName)) return contentName;
      void reply.code(404).send(error(404, 'Not Found', 'Not Found'));
      return null;
    }

    const groupParams = {
      type: 'object',
      required: ['contentName'],
      properties: { contentName: { type: 'string', maxLength: 40 } },
    };
    const entryParams = {
      type: 'object',
      required: ['contentName', 'slug'],
      properties: { contentName: { type: 'string', maxLength: 40 }, slug: { type: 'string', pattern: SLUG_PATTERN } },
    };

    scope.get<{ Params: { contentName: string } }>(
      '/api/cms/editor/entries/:contentName',
      {
        schema: {
          params: groupParams,
          response: { 200: { $ref: 'api/cms-editor-entries.schema.json#' }, 401: ERROR, 403: ERROR, 404: ERROR },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        return { content_name: contentName, entries: await listEditorEntries(app.db, request.partner.id, contentName) };
      },
    );

    const entryResponses = { 200: { $ref: 'api/cms-editor-entry.schema.json#' }, 401: ERROR, 403: ERROR, 404: ERROR };
    const CONFLICT = { anyOf: [{ $ref: 'api/cms-editor-conflict.schema.json#' }, ERROR] };
    const PROBLEMS = { $ref: 'api/cms-editor-problems.schema.json#' };

    scope.get<{ Params: EntryParams }>(
      '/api/cms/editor/entries/:contentName/:slug',
      { schema: { params: entryParams, response: entryResponses } },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const entry = await getEditorEntry(app.db, request.partner.id, contentName, request.params.slug);
        return entry ?? reply.code(404).send(error(404, 'Not Found', 'No such entry.'));
      },
    );

    scope.put<{ Params: EntryParams; Body: CmsEditorSaveRequest }>(
      '/api/cms/editor/entries/:contentName/:slug',
      {
        schema: {
          params: entryParams,
          body: { $ref: 'api/cms-editor-save.schema.json#' },
          response: { ...entryResponses, 409: CONFLICT, 422: PROBLEMS },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const { slug } = request.params;
        const partnerId = request.partner.id;
        let fields: unknown = sanitizeCmsFields(contentName, request.body.fields);
        if ((contentName === 'home' || contentName === 'discover') && slug === LAYOUT_SLUG) fields = migrateLayout(fields);
        // Library images: filled in from this partner's library (the client's copy is not trusted).
        const media = await resolveMediaRefs(app.db, partnerId, fields);
        fields = media.fields;
        const validate = cmsEntryValidator(contentName, slug);
        const valid = validate(fields);
        const unsafeLinks = unsafeUrlProblems(fields);
        if (!valid || unsafeLinks.length || media.problems.length) {
          return problemsReply(reply, [
            ...(valid ? [] : problemsFrom(`cms:${partnerId}/${cmsGroupOf(contentName)}/${slug}`, validate.errors, '/fields')),
            ...unsafeLinks,
            ...media.problems,
          ]);
        }
        const saved = await saveDraft(app.db, partnerId, contentName, slug, {
          name: request.body.name,
          fields: fields as Record<string, unknown>,
          by: editorOf(request).email,
          baseRevision: request.body.base_revision,
        });
        if (!saved.ok) return staleReply(reply, saved);
        return getEditorEntry(app.db, partnerId, contentName, slug);
      },
    );

    scope.post<{ Params: EntryParams; Body: CmsEditorPublishRequest | undefined }>(
      '/api/cms/editor/entries/:contentName/:slug/publish',
      {
        schema: {
          params: entryParams,
          body: { $ref: 'api/cms-editor-publish.schema.json#' },
          response: { ...entryResponses, 409: CONFLICT, 422: PROBLEMS },
        },
        // The note is optional, and so is the body: a bare POST publishes.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const body = request.body ?? {};
        const result = await publishDraft(
          app.db,
          partnerId,
          contentName,
          slug,
          editorOf(request).email,
          body.note ?? null,
          body.base_revision,
          prepareMediaForPublish(partnerId),
        );
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'invalid') return problemsReply(reply, result.problems);
          return result.reason === 'not-found'
            ? reply.code(404).send(error(404, 'Not Found', 'No such entry.'))
            : reply.code(409).send({ ...error(409, 'Conflict', 'There is no draft to publish.'), code: 'no_draft' });
        }
        cache.invalidate(partnerId, cmsGroupOf(contentName));
        // A file this publish stopped naming (replaced in the library since) can go now.
        await sweepFiles(app.db, partnerId);
        return getEditorEntry(app.db, partnerId, contentName, slug);
      },
    );

    scope.get<{ Params: EntryParams }>(
      '/api/cms/editor/entries/:contentName/:slug/versions',
      { schema: { params: entryParams, response: { ...entryResponses, 200: { $ref: 'api/cms-editor-versions.schema.json#' } } } },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const versions = await listVersions(app.db, partnerId, contentName, slug);
        if (versions.length === 0 && !(await getEditorEntry(app.db, partnerId, contentName, slug))) {
          return reply.code(404).send(error(404, 'Not Found', 'No such entry.'));
        }
        return { versions };
      },
    );

    scope.post<{ Params: EntryParams; Body: CmsEditorRollbackRequest }>(
      '/api/cms/editor/entries/:contentName/:slug/rollback',
      {
        schema: {
          params: entryParams,
          body: { $ref: 'api/cms-editor-rollback.schema.json#' },
          response: { ...entryResponses, 409: CONFLICT, 422: PROBLEMS },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const { version, note, base_revision: baseRevision } = request.body;
        const result = await rollbackTo(
          app.db,
          partnerId,
          contentName,
          slug,
          version,
          editorOf(request).email,
          note ?? null,
          baseRevision,
          prepareMediaForPublish(partnerId),
        );
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'invalid') return problemsReply(reply, result.problems);
          return reply
            .code(404)
            .send(error(404, 'Not Found', result.reason === 'not-found' ? 'No such entry.' : `No version ${version} of this entry.`));
        }
        cache.invalidate(partnerId, cmsGroupOf(contentName));
        await sweepFiles(app.db, partnerId);
        return getEditorEntry(app.db, partnerId, contentName, slug);
      },
    );

    scope.get<{ Params: EntryParams & { version: number } }>(
      '/api/cms/editor/entries/:contentName/:slug/versions/:version',
      {
        schema: {
          params: {
            ...entryParams,
            required: [...entryParams.required, 'version'],
            properties: { ...entryParams.properties, version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
          },
          response: { ...entryResponses, 200: { $ref: 'api/cms-editor-version.schema.json#' } },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const { slug, version } = request.params;
        const found = await getVersion(app.db, request.partner.id, contentName, slug, version);
        return found ?? reply.code(404).send(error(404, 'Not Found', `No version ${version} of this entry.`));
      },
    );

    scope.put<{ Params: EntryParams; Body: CmsEditorScheduleRequest }>(
      '/api/cms/editor/entries/:contentName/:slug/schedule',
      {
        schema: {
          params: entryParams,
          body: { $ref: 'api/cms-editor-schedule.schema.json#' },
          response: { ...entryResponses, 400: ERROR, 409: CONFLICT, 422: PROBLEMS },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const at = new Date(request.body.publish_at);
        const now = clockFor(app).now();
        const bad = (message: string) =>
          reply.code(400).send({ ...error(400, 'Bad Request', `body/publish_at ${message}`), errors: [{ field: 'publish_at', message }] });
        if (Number.isNaN(at.getTime())) return bad('must be a date and time');
        if (at.getTime() <= now.getTime()) return bad('must be in the future');
        if (at.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) return bad('must be at most a year ahead');
        const result = await scheduleDraft(
          app.db,
          partnerId,
          contentName,
          slug,
          { at, by: editorOf(request).email, baseRevision: request.body.base_revision },
          prepareMediaForPublish(partnerId),
        );
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'invalid') return problemsReply(reply, result.problems);
          if (result.reason === 'no-draft') {
            return reply.code(409).send({ ...error(409, 'Conflict', 'There is no draft to schedule.'), code: 'no_draft' });
          }
          return reply.code(404).send(error(404, 'Not Found', 'No such entry.'));
        }
        return getEditorEntry(app.db, partnerId, contentName, slug);
      },
    );

    scope.delete<{ Params: EntryParams; Querystring: { base_revision?: number } }>(
      '/api/cms/editor/entries/:contentName/:slug/schedule',
      {
        schema: {
          params: entryParams,
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { base_revision: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
          },
          response: { ...entryResponses, 409: CONFLICT },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const result = await cancelSchedule(app.db, partnerId, contentName, slug, editorOf(request).email, request.query.base_revision);
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          return reply
            .code(404)
            .send(error(404, 'Not Found', result.reason === 'not-scheduled' ? 'This entry has no scheduled publish.' : 'No such entry.'));
        }
        return getEditorEntry(app.db, partnerId, contentName, slug);
      },
    );
  });
}
