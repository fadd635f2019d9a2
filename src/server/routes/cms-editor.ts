// CMS editor API (JSON). Editors belong to one partner and work on that partner's host only.
//
//   POST   /api/cms/editor/session                       {email, password} -> 200 CmsEditor + cookie mb_editor
//                                                        401 wrong email or password (one answer for both)
//                                                        429 after 10 failures for an email within 15 minutes
//   DELETE /api/cms/editor/session                       sign out -> 204 (cookie cleared, session deleted)
//   GET    /api/cms/editor/me                            -> 200 CmsEditor
//   GET    /api/cms/editor/entries/{contentName}         -> 200 {content_name, entries: [summary]}
//   POST   /api/cms/editor/entries/{contentName}         {name?, fields?, copy_of?} -> 201 CmsEditorEntry: a new entry
//                                                        holding only a draft, its slug made from the name (unique in
//                                                        the group); copy_of duplicates that entry ("<name> (copy)");
//                                                        400 no name, 404 no such copy_of
//   GET    /api/cms/editor/entries/{contentName}/{slug}  -> 200 CmsEditorEntry (draft, published, version), 404
//   DELETE /api/cms/editor/entries/{contentName}/{slug}?base_revision= -> 204 (every version goes; members stop
//                                                        seeing it), 404, 409 stale, 409 in_use naming the pages that
//                                                        use it (CmsEditorInUse: cms-entry-users.ts)
//   PUT    /api/cms/editor/entries/{contentName}/{slug}  {name?, fields, base_revision?} -> 200 CmsEditorEntry (draft
//                                                        saved, even when invalid, with its `problems`; the entry is
//                                                        created when new)
//   POST   /api/cms/editor/entries/{contentName}/{slug}/publish   {note?, base_revision?} -> 200 CmsEditorEntry, 404,
//                                                        409 no draft (code no_draft), 422 invalid (CmsEditorProblems)
//   PUT    /api/cms/editor/entries/{contentName}/{slug}/schedule  {publish_at, base_revision?} -> 200 CmsEditorEntry
//                                                        (the draft as it is now goes live then), 400, 404, 409 no draft,
//                                                        422 invalid
//   DELETE /api/cms/editor/entries/{contentName}/{slug}/schedule?base_revision= -> 200 CmsEditorEntry, 404 none
//   DELETE /api/cms/editor/entries/{contentName}/{slug}/kept -> 200 CmsEditorEntry: drops the editor's kept version
//                                                        (a save refused as stale is kept, answered in `kept`), 404 none
//   GET    /api/cms/editor/entries/{contentName}/{slug}/versions  -> 200 {versions: [{version, published_at, published_by, note}]}
//   GET    /api/cms/editor/entries/{contentName}/{slug}/versions/{version} -> 200 {version, ..., fields}, 404
//   POST   /api/cms/editor/entries/{contentName}/{slug}/rollback  {version, note?, discard_draft?, base_revision?} -> 200
//                                                        CmsEditorEntry (the version is live and is the draft), 404,
//                                                        409 draft_pending (a draft differs from live: ask, then
//                                                        send discard_draft), 422 invalid
//
//   A page (home or discover: its layout entry and the entries its blocks show) as one thing:
//   GET    /api/cms/editor/pages/{page}                  -> 200 CmsEditorPage {pending, history}: what publishing would
//                                                        carry, and the page's history items, newest first
//   GET    /api/cms/editor/pages/{page}/history/{id}     -> 200 CmsEditorPageHistoryItem (each version's fields before
//                                                        and after), 404
//   POST   /api/cms/editor/pages/{page}/publish          {note?, base_revisions?} -> 200 CmsEditorPageResult: every
//                                                        pending draft of the page goes live in one transaction, as one
//                                                        history item; 409 no_draft, 409 stale (naming the entry), 422
//   POST   /api/cms/editor/pages/{page}/rollback         {item, note?, discard_drafts?} -> 200 CmsEditorPageResult: the
//                                                        page as that item left it, live and drafted; 404, 409
//                                                        draft_pending (naming the drafts) or no_change, 422
//   PUT    /api/cms/editor/pages/{page}/schedule         {publish_at} -> 200 CmsEditorPageResult (scheduled): every
//                                                        pending draft goes live together then; 400, 409 no_draft, 422
//
//   POST   /api/cms/editor/preview-html  {html} -> 200 {html, changed}: the markup as members will get it
//                                                        (the one CMS sanitiser, cms-sanitize.ts); nothing is stored
//   GET    /api/cms/editor/impressions?days=7            -> 200 {days, blocks: [{page, block_id, member_state, views,
//                                                        clicks}]} (the page editor's views and clicks per block;
//                                                        days 1-90, default 7)
//
// contentName is one of the names of #shared/cms.ts (`*` = the global group; `%2A` works
// too); any other name answers 404. Every route except sign-in and sign-out answers 401 without
// an editor session and 403 when the session belongs to another partner than the request host's.
// Writes need the X-XSRF-TOKEN header like every write under /api (plugins/csrf.ts), sign-in too.
//
// Saved drafts have their HTML fields sanitised (cms-sanitize.ts) and are then checked (cms-entry-check.ts):
// the group's schema (home/discover entries as a page layout, slug page-layout, upgraded by the
// layout migrations first, with every placed block's props; or as a banner, any other slug) and the
// link rule (#shared/cms-links.ts). A draft is stored even with problems, and answers them; publish,
// schedule and rollback check again inside their transaction and refuse 422 (code invalid) naming
// group, entry and JSON pointer: nothing invalid goes live. Publish and rollback invalidate this
// process's cache of the member API at once.
//
// Optimistic concurrency: every entry has a revision that each change moves on (GET answers it).
// A write that names its base_revision is refused when the entry has moved on since, with 409
// code stale naming the last change, who made it and when (CmsEditorConflict): nothing is
// overwritten unseen. A refused save is not lost either: its fields are kept for that editor beside
// the newer draft (`kept: true`; GET answers them in `kept`) until they merge it field by field and
// DELETE .../kept. The editor always sends base_revision; a write without it is not checked.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cmsGroupOf, isCmsContentName, LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { migrateLayout } from '#shared/page/migrations.ts';
import type { FieldProblem } from '#shared/cms-problems.ts';
import type {
  CmsEditor,
  CmsEditorLoginRequest,
  CmsEditorPagePublishRequest,
  CmsEditorPageRollbackRequest,
  CmsEditorCreateRequest,
  CmsEditorPublishRequest,
  CmsEditorRollbackRequest,
  CmsEditorSaveRequest,
  CmsEditorScheduleRequest,
} from '#shared/generated/types.ts';
import { createSession, deleteSession, EDITOR_COOKIE, EDITOR_SESSION_MS } from '../sessions.ts';
import { verifyOrWait } from '../passwords.ts';
import { PASSWORD_RATIONS, passwordWork, rationPasswordWork, resetAccountRation } from '../auth/password-ration.ts';
import {
  cancelSchedule,
  createEntry,
  deleteEntry,
  discardKept,
  keepVersion,
  getEditorEntry,
  getVersion,
  listEditorEntries,
  listVersions,
  publishDraft,
  rollbackTo,
  saveDraft,
  scheduleDraft,
  type ChangeKind,
  type Check,
  type Invalid,
  type Stale,
} from '../repos/cms.ts';
import { clearLoginFailures, findEditorByEmail, loginBlockedForMs, recordLoginFailure, type EditorRow } from '../repos/editors.ts';
import { blockImpressions } from '../repos/impressions.ts';
import { clockFor } from '../auth/clock.ts';
import { sanitizeCmsFields, sanitizeCmsHtml } from '../cms-sanitize.ts';
import { cmsCacheFor } from '../cms-cache.ts';
import { checkEntry, partnerScope } from '../cms-entry-check.ts';
import { resolveMediaRefs } from '../media/refs.ts';
import { sweepFiles } from '../repos/media.ts';
import {
  pageHistory,
  pageHistoryItem,
  pagePending,
  pagesShowing,
  publishPage,
  rollbackPage,
  schedulePage,
  type PageCheck,
  type PageProblem,
} from '../repos/cms-pages.ts';
import { isPageGroup, type PageGroup } from '#shared/page-entries.ts';
import { pagesUsingEntry } from '../cms-entry-users.ts';
import { errorBody, sendError } from '../error-reply.ts';

const ERROR = { $ref: 'api/error.schema.json#' };
const SLUG_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$';

/** Editor sign-ins per client address per minute, and per account per minute (both before any hashing). */
export const EDITOR_SIGN_IN_RATE_LIMIT = PASSWORD_RATIONS['editor-sign-in'].address.max;
export const EDITOR_ACCOUNT_ATTEMPTS = PASSWORD_RATIONS['editor-sign-in'].account.max;

const editorOf = (request: FastifyRequest): EditorRow => request.editor;

function toApiEditor(editor: EditorRow, expiresAt: Date): CmsEditor {
  return { id: editor.id, email: editor.email, name: editor.name, partner: editor.partner_id, expires_at: expiresAt.toISOString() };
}

type EntryParams = { contentName: string; slug: string };

/** Scheduled publishes may be at most this far ahead. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 3600 * 1000;

/** What is wrong with a scheduled time, or null. */
function scheduleTimeProblem(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return 'must be a date and time';
  if (at.getTime() <= now.getTime()) return 'must be in the future';
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) return 'must be at most a year ahead';
  return null;
}

const CHANGE_WORDS: Readonly<Record<ChangeKind, string>> = {
  draft: 'saved a newer draft',
  publish: 'published version {version}',
  rollback: 'rolled back to an earlier version (now version {version})',
  schedule: 'scheduled a publish',
  unschedule: 'cancelled the scheduled publish',
  'scheduled-publish': 'had a scheduled publish go live as version {version}',
};

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** 409 stale: what changed the entry, who and when; `kept` when the refused fields were kept for a merge. */
function staleReply(reply: FastifyReply, stale: Stale & { name?: string; content_name?: string; slug?: string }, kept = false) {
  const { change, version } = stale;
  const which = stale.name ? ` (${stale.name})` : '';
  const what = change
    ? `${change.by} ${CHANGE_WORDS[change.kind].replace('{version}', String(version ?? '?'))} at ${utc(change.at)}`
    : 'Someone changed this entry';
  const message = kept
    ? `Your version was kept but not saved: ${what}, after you opened it. Compare the two and choose per field.`
    : `Nothing was saved${which}: ${what}, after you opened it. Reload the latest version to continue.`;
  return sendError(reply, 409, message, {
    code: 'stale',
    revision: stale.revision,
    change,
    version,
    kept,
    ...(stale.content_name && stale.slug ? { content_name: stale.content_name, slug: stale.slug, name: stale.name } : {}),
  });
}

/** The display name of an entry in a refusal: "Welcome (home/welcome)". */
const entryLabel = (contentName: CmsContentName, slug: string, name?: string) =>
  `${name && name !== slug ? `${name} ` : ''}(${cmsGroupOf(contentName)}/${slug})`;

/** 422 invalid: nothing went live; the message names group, entry and pointer of the first problem. */
function invalidReply(
  reply: FastifyReply,
  what: string,
  items: Array<FieldProblem & { content_name: CmsContentName; slug: string; name?: string }>,
) {
  const first = items[0];
  const where = first ? `${entryLabel(first.content_name, first.slug, first.name)} ${first.pointer || '/'} ${first.message}` : '';
  const more = items.length > 1 ? ` (and ${items.length - 1} more)` : '';
  return sendError(reply, 422, `Nothing was ${what}: ${where}${more}.`, {
    code: 'invalid',
    problems: items.map((p) => ({
      content_name: p.content_name,
      slug: p.slug,
      ...(p.name ? { name: p.name } : {}),
      pointer: p.pointer,
      message: p.message,
    })),
  });
}

const invalidOf = (result: Invalid, contentName: CmsContentName, slug: string) =>
  result.problems.map((p) => ({ ...p, content_name: contentName, slug, name: result.name }));

export default async function cmsEditor(app: FastifyInstance): Promise<void> {
  const cache = cmsCacheFor(app.db);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/cms/editor/')) reply.header('cache-control', 'no-store');
  });

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
      const wait = await rationPasswordWork(app, request, 'editor-sign-in', accountKey);
      if (wait) {
        reply.header('retry-after', String(wait));
        return sendError(reply, 429, 'Too many sign-in attempts. Please try again in a minute.');
      }
      const blockedMs = await loginBlockedForMs(app.db, partnerId, email);
      if (blockedMs > 0) {
        reply.header('retry-after', String(Math.ceil(blockedMs / 1000)));
        return sendError(reply, 429, 'Too many failed sign-ins. Please try again later.');
      }
      const editor = await findEditorByEmail(app.db, partnerId, email);
      // An unknown email takes as long as a wrong password, without hashing.
      const ok = await verifyOrWait(request.body.password, editor?.password_hash ?? null, passwordWork('editor-sign-in'));
      if (!editor || !ok) {
        await recordLoginFailure(app.db, partnerId, email);
        return sendError(reply, 401, 'Incorrect email or password.');
      }
      await clearLoginFailures(app.db, partnerId, email);
      await resetAccountRation(app, 'editor-sign-in', accountKey);
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
        return {
          days,
          blocks: rows.map((r) => ({ page: r.page, block_id: r.blockId, member_state: r.memberState, views: r.views, clicks: r.clicks })),
        };
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
      void sendError(reply, 404, 'Not Found');
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
    // A delete names the revision it saw (?base_revision=), so it cannot remove what another editor just changed.
    const baseRevisionQuery = {
      type: 'object',
      additionalProperties: false,
      properties: { base_revision: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
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
    const INVALID = { $ref: 'api/cms-editor-problems.schema.json#' };

    /**
     * A file a publish or rollback stopped naming (replaced in the media library since) can go now.
     * The publish is committed by then: a failed sweep is logged (the next one catches up) and never
     * turns a publish that happened into an error the editor would retry.
     */
    const sweepAfterPublish = async (partnerId: string) => {
      await sweepFiles(app.db, partnerId).catch((err: unknown) => app.log.warn({ err }, 'media files could not be swept after a publish'));
    };

    /** The check every write that makes something live runs inside its transaction. */
    const checkFor =
      (request: FastifyRequest, contentName: CmsContentName, slug: string): Check =>
      (tx, fields) =>
        checkEntry(tx, partnerScope(request, app.config.production), contentName, slug, fields);

    // New entry and Duplicate: a draft only, which the editor then opens; nothing is live until published.
    scope.post<{ Params: { contentName: string }; Body: CmsEditorCreateRequest }>(
      '/api/cms/editor/entries/:contentName',
      {
        schema: {
          params: groupParams,
          body: { $ref: 'api/cms-editor-create.schema.json#' },
          response: { ...entryResponses, 201: { $ref: 'api/cms-editor-entry.schema.json#' }, 400: ERROR },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { copy_of: copyOf } = request.body;
        let name = request.body.name?.trim();
        if (copyOf !== undefined) {
          if (isPageGroup(contentName) && copyOf === LAYOUT_SLUG) {
            return reply.code(400).send({
              ...errorBody(400, 'body/copy_of a page cannot be duplicated'),
              errors: [{ field: 'copy_of', message: 'a page cannot be duplicated' }],
            });
          }
          const source = await getEditorEntry(app.db, partnerId, contentName, copyOf);
          if (!source) return sendError(reply, 404, 'No such entry to duplicate.');
          name ??= `${source.name} (copy)`.slice(0, 200);
        }
        if (!name) {
          return reply.code(400).send({ ...errorBody(400, 'body/name is required'), errors: [{ field: 'name', message: 'is required' }] });
        }
        let fields: Record<string, unknown> | null = null;
        if (copyOf === undefined) {
          // Sanitised and library images filled in as any saved draft is.
          fields = (await resolveMediaRefs(app.db, partnerId, sanitizeCmsFields(contentName, request.body.fields ?? {}))).fields as Record<
            string,
            unknown
          >;
        }
        const scope_ = partnerScope(request, app.config.production);
        const created = await createEntry(app.db, partnerId, contentName, {
          name,
          fields,
          copyOf,
          by: editorOf(request).email,
          // The new slug is not known yet; no new entry is a page's layout, so any other slug checks alike.
          problems: (tx, value) => checkEntry(tx, scope_, contentName, 'new-entry', value),
        });
        if (!created.ok) {
          return created.reason === 'not-found'
            ? sendError(reply, 404, 'No such entry to duplicate.')
            : reply.code(400).send({
                ...errorBody(400, 'body/name is taken: choose another name'),
                errors: [{ field: 'name', message: 'is taken' }],
              });
        }
        const entry = await getEditorEntry(app.db, partnerId, contentName, created.slug, editorOf(request).email);
        return reply.code(201).send(entry);
      },
    );

    scope.delete<{ Params: EntryParams; Querystring: { base_revision?: number } }>(
      '/api/cms/editor/entries/:contentName/:slug',
      {
        schema: {
          params: entryParams,
          querystring: baseRevisionQuery,
          response: {
            204: { type: 'null' },
            401: ERROR,
            403: ERROR,
            404: ERROR,
            409: { anyOf: [{ $ref: 'api/cms-editor-in-use.schema.json#' }, { $ref: 'api/cms-editor-conflict.schema.json#' }] },
          },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const result = await deleteEntry(app.db, partnerId, contentName, slug, {
          baseRevision: request.query.base_revision,
          usedBy: (tx) => pagesUsingEntry(tx, request.partner, app.config.production, contentName, slug),
        });
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'in-use') {
            const uses = result.pages.length === 1 ? 'uses this entry. Take it off that page' : 'use this entry. Take it off those pages';
            return sendError(reply, 409, `Nothing was deleted: ${result.pages.join(', ')} ${uses} first.`, {
              code: 'in_use',
              pages: result.pages,
            });
          }
          return sendError(reply, 404, 'No such entry.');
        }
        cache.invalidate(partnerId, cmsGroupOf(contentName));
        await sweepAfterPublish(partnerId);
        return reply.code(204).send();
      },
    );

    scope.get<{ Params: EntryParams }>(
      '/api/cms/editor/entries/:contentName/:slug',
      { schema: { params: entryParams, response: entryResponses } },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const entry = await getEditorEntry(app.db, request.partner.id, contentName, request.params.slug, editorOf(request).email);
        if (!entry) return sendError(reply, 404, 'No such entry.');
        // The editor says so before a change to an entry that several pages show.
        return { ...entry, used_on: await pagesShowing(app.db, request.partner.id, { contentName, slug: entry.slug }) };
      },
    );

    scope.put<{ Params: EntryParams; Body: CmsEditorSaveRequest }>(
      '/api/cms/editor/entries/:contentName/:slug',
      {
        schema: {
          params: entryParams,
          body: { $ref: 'api/cms-editor-save.schema.json#' },
          response: { ...entryResponses, 409: CONFLICT },
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
        fields = (await resolveMediaRefs(app.db, partnerId, fields)).fields;
        // Kept even when invalid (no edit is lost), with what keeps it from going live.
        const problems = await checkEntry(app.db, partnerScope(request, app.config.production), contentName, slug, fields);
        const saved = await saveDraft(app.db, partnerId, contentName, slug, {
          name: request.body.name,
          fields: fields as Record<string, unknown>,
          by: editorOf(request).email,
          baseRevision: request.body.base_revision,
          problems,
        });
        if (!saved.ok) {
          // Refused, but not lost: kept beside the newer draft until the editor has merged it.
          await keepVersion(app.db, partnerId, contentName, slug, {
            by: editorOf(request).email,
            fields: fields as Record<string, unknown>,
            baseRevision: request.body.base_revision ?? 0,
          });
          return staleReply(reply, saved, true);
        }
        return getEditorEntry(app.db, partnerId, contentName, slug, editorOf(request).email);
      },
    );

    scope.post<{ Params: EntryParams; Body: CmsEditorPublishRequest | undefined }>(
      '/api/cms/editor/entries/:contentName/:slug/publish',
      {
        schema: {
          params: entryParams,
          body: { $ref: 'api/cms-editor-publish.schema.json#' },
          response: { ...entryResponses, 409: CONFLICT, 422: INVALID },
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
          checkFor(request, contentName, slug),
        );
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'invalid') return invalidReply(reply, 'published', invalidOf(result, contentName, slug));
          return result.reason === 'not-found'
            ? sendError(reply, 404, 'No such entry.')
            : sendError(reply, 409, 'There is no draft to publish.', { code: 'no_draft' });
        }
        cache.invalidate(partnerId, cmsGroupOf(contentName));
        await sweepAfterPublish(partnerId);
        return getEditorEntry(app.db, partnerId, contentName, slug, editorOf(request).email);
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
        if (versions.length === 0 && !(await getEditorEntry(app.db, partnerId, contentName, slug, editorOf(request).email))) {
          return sendError(reply, 404, 'No such entry.');
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
          response: { ...entryResponses, 409: CONFLICT, 422: INVALID },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const { version, note, base_revision: baseRevision, discard_draft: discardDraft } = request.body;
        const result = await rollbackTo(
          app.db,
          partnerId,
          contentName,
          slug,
          version,
          editorOf(request).email,
          note ?? null,
          baseRevision,
          {
            check: checkFor(request, contentName, slug),
            discardDraft: discardDraft === true,
          },
        );
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'invalid') return invalidReply(reply, 'rolled back', invalidOf(result, contentName, slug));
          if (result.reason === 'draft-pending') {
            return reply.code(409).send({
              ...errorBody(
                409,
                'The draft has changes that are not published; rolling back would replace them. Send discard_draft to go ahead.',
              ),
              code: 'draft_pending',
            });
          }
          return reply
            .code(404)
            .send(errorBody(404, result.reason === 'not-found' ? 'No such entry.' : `No version ${version} of this entry.`));
        }
        cache.invalidate(partnerId, cmsGroupOf(contentName));
        await sweepAfterPublish(partnerId);
        return getEditorEntry(app.db, partnerId, contentName, slug, editorOf(request).email);
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
        return found ?? sendError(reply, 404, `No version ${version} of this entry.`);
      },
    );

    // The editor's kept version (a save refused as stale) is merged or not wanted: drop it.
    scope.delete<{ Params: EntryParams }>(
      '/api/cms/editor/entries/:contentName/:slug/kept',
      { schema: { params: entryParams, response: entryResponses } },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        if (!(await discardKept(app.db, partnerId, contentName, slug, editorOf(request).email))) {
          return sendError(reply, 404, 'You have no kept version of this entry.');
        }
        return getEditorEntry(app.db, partnerId, contentName, slug, editorOf(request).email);
      },
    );

    scope.put<{ Params: EntryParams; Body: CmsEditorScheduleRequest }>(
      '/api/cms/editor/entries/:contentName/:slug/schedule',
      {
        schema: {
          params: entryParams,
          body: { $ref: 'api/cms-editor-schedule.schema.json#' },
          response: { ...entryResponses, 400: ERROR, 409: CONFLICT, 422: INVALID },
        },
      },
      async (request, reply) => {
        const contentName = contentNameOf(request, reply);
        if (!contentName) return reply;
        const partnerId = request.partner.id;
        const { slug } = request.params;
        const at = new Date(request.body.publish_at);
        const problem = scheduleTimeProblem(at, clockFor(app).now());
        if (problem) {
          return reply
            .code(400)
            .send({ ...errorBody(400, `body/publish_at ${problem}`), errors: [{ field: 'publish_at', message: problem }] });
        }
        const result = await scheduleDraft(app.db, partnerId, contentName, slug, {
          at,
          by: editorOf(request).email,
          baseRevision: request.body.base_revision,
          check: checkFor(request, contentName, slug),
        });
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'invalid') return invalidReply(reply, 'scheduled', invalidOf(result, contentName, slug));
          if (result.reason === 'no-draft') {
            return sendError(reply, 409, 'There is no draft to schedule.', { code: 'no_draft' });
          }
          return sendError(reply, 404, 'No such entry.');
        }
        return getEditorEntry(app.db, partnerId, contentName, slug, editorOf(request).email);
      },
    );

    scope.delete<{ Params: EntryParams; Querystring: { base_revision?: number } }>(
      '/api/cms/editor/entries/:contentName/:slug/schedule',
      {
        schema: {
          params: entryParams,
          querystring: baseRevisionQuery,
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
            .send(errorBody(404, result.reason === 'not-scheduled' ? 'This entry has no scheduled publish.' : 'No such entry.'));
        }
        return getEditorEntry(app.db, partnerId, contentName, slug, editorOf(request).email);
      },
    );

    // ------------------------------------------------------------------------------------------
    // Pages: the layout and the entries it shows, published, scheduled and rolled back together.

    const pageParams = { type: 'object', required: ['page'], properties: { page: { type: 'string', maxLength: 20 } } };
    const PAGE_RESULT = { $ref: 'api/cms-editor-page-result.schema.json#' };

    /** The page of a request, or null after answering 404. */
    function pageOf(request: FastifyRequest<{ Params: { page: string } }>, reply: FastifyReply): PageGroup | null {
      if (isPageGroup(request.params.page)) return request.params.page;
      void sendError(reply, 404, 'No such page.');
      return null;
    }

    const pageCheck =
      (request: FastifyRequest): PageCheck =>
      (tx, ref, fields) =>
        checkEntry(tx, partnerScope(request, app.config.production), ref.contentName, ref.slug, fields);

    const pageInvalid = (reply: FastifyReply, what: string, problems: PageProblem[]) => invalidReply(reply, what, problems);

    /** A page write changed what members see: drop this process's cached answers of its groups. */
    const invalidatePage = async (partnerId: string, changes: ReadonlyArray<{ content_name: CmsContentName }>) => {
      for (const group of new Set(changes.map((c) => cmsGroupOf(c.content_name)))) cache.invalidate(partnerId, group);
      await sweepAfterPublish(partnerId);
    };

    scope.get<{ Params: { page: string } }>(
      '/api/cms/editor/pages/:page',
      {
        schema: { params: pageParams, response: { 200: { $ref: 'api/cms-editor-page.schema.json#' }, 401: ERROR, 403: ERROR, 404: ERROR } },
      },
      async (request, reply) => {
        const page = pageOf(request, reply);
        if (!page) return reply;
        const pending = await pagePending(app.db, request.partner.id, page);
        if (!pending) return sendError(reply, 404, 'This page has no layout yet.');
        return { page, pending, history: await pageHistory(app.db, request.partner.id, page) };
      },
    );

    scope.get<{ Params: { page: string; id: number } }>(
      '/api/cms/editor/pages/:page/history/:id',
      {
        schema: {
          params: {
            type: 'object',
            required: ['page', 'id'],
            properties: { page: { type: 'string', maxLength: 20 }, id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
          },
          response: { 200: { $ref: 'api/cms-editor-page-history-item.schema.json#' }, 401: ERROR, 403: ERROR, 404: ERROR },
        },
      },
      async (request, reply) => {
        const page = pageOf(request, reply);
        if (!page) return reply;
        const item = await pageHistoryItem(app.db, request.partner.id, page, request.params.id);
        return item ?? sendError(reply, 404, 'No such history item.');
      },
    );

    scope.post<{ Params: { page: string }; Body: CmsEditorPagePublishRequest | undefined }>(
      '/api/cms/editor/pages/:page/publish',
      {
        schema: {
          params: pageParams,
          body: { $ref: 'api/cms-editor-page-publish.schema.json#' },
          response: { 200: PAGE_RESULT, 401: ERROR, 403: ERROR, 404: ERROR, 409: CONFLICT, 422: INVALID },
        },
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request, reply) => {
        const page = pageOf(request, reply);
        if (!page) return reply;
        const partnerId = request.partner.id;
        const body = request.body ?? {};
        const result = await publishPage(app.db, partnerId, page, {
          by: editorOf(request).email,
          note: body.note ?? null,
          baseRevisions: body.base_revisions ?? {},
          check: pageCheck(request),
        });
        if (!result.ok) {
          if (result.reason === 'stale') return staleReply(reply, result);
          if (result.reason === 'invalid') return pageInvalid(reply, 'published', result.problems);
          return result.reason === 'not-found'
            ? sendError(reply, 404, 'This page has no layout yet.')
            : reply.code(409).send({ ...errorBody(409, 'There is nothing to publish: the page is live as drafted.'), code: 'no_draft' });
        }
        await invalidatePage(partnerId, result.changes);
        return { item: result.item, changes: result.changes, scheduled: [] };
      },
    );

    scope.post<{ Params: { page: string }; Body: CmsEditorPageRollbackRequest }>(
      '/api/cms/editor/pages/:page/rollback',
      {
        schema: {
          params: pageParams,
          body: { $ref: 'api/cms-editor-page-rollback.schema.json#' },
          response: { 200: PAGE_RESULT, 401: ERROR, 403: ERROR, 404: ERROR, 409: CONFLICT, 422: INVALID },
        },
      },
      async (request, reply) => {
        const page = pageOf(request, reply);
        if (!page) return reply;
        const partnerId = request.partner.id;
        const result = await rollbackPage(app.db, partnerId, page, request.body.item, {
          by: editorOf(request).email,
          note: request.body.note ?? null,
          discardDrafts: request.body.discard_drafts === true,
          check: pageCheck(request),
        });
        if (!result.ok) {
          if (result.reason === 'invalid') return pageInvalid(reply, 'rolled back', result.problems);
          if (result.reason === 'draft-pending') {
            return reply.code(409).send({
              ...errorBody(409, `Unpublished changes would be replaced: ${result.names.join(', ')}. Send discard_drafts to go ahead.`),
              code: 'draft_pending',
            });
          }
          if (result.reason === 'no-change') {
            return sendError(reply, 409, 'The page already is as that item left it.', { code: 'no_change' });
          }
          return sendError(reply, 404, 'No such history item.');
        }
        await invalidatePage(partnerId, result.changes);
        return { item: result.item, changes: result.changes, scheduled: [] };
      },
    );

    scope.put<{ Params: { page: string }; Body: CmsEditorScheduleRequest }>(
      '/api/cms/editor/pages/:page/schedule',
      {
        schema: {
          params: pageParams,
          body: { $ref: 'api/cms-editor-schedule.schema.json#' },
          response: { 200: PAGE_RESULT, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 409: CONFLICT, 422: INVALID },
        },
      },
      async (request, reply) => {
        const page = pageOf(request, reply);
        if (!page) return reply;
        const at = new Date(request.body.publish_at);
        const problem = scheduleTimeProblem(at, clockFor(app).now());
        if (problem) {
          return reply
            .code(400)
            .send({ ...errorBody(400, `body/publish_at ${problem}`), errors: [{ field: 'publish_at', message: problem }] });
        }
        const result = await schedulePage(app.db, request.partner.id, page, { at, by: editorOf(request).email, check: pageCheck(request) });
        if (!result.ok) {
          if (result.reason === 'invalid') return pageInvalid(reply, 'scheduled', result.problems);
          return result.reason === 'not-found'
            ? sendError(reply, 404, 'This page has no layout yet.')
            : reply.code(409).send({ ...errorBody(409, 'There is nothing to schedule: the page is live as drafted.'), code: 'no_draft' });
        }
        return { item: null, changes: [], scheduled: result.scheduled };
      },
    );
  });
}
