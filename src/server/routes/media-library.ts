// The media library (docs/editor-guide.md "Images: the media library"). Editors of a partner, on that partner's host only:
//
//   GET    /api/cms/editor/media?q=&used=all|used|unused&sort=newest|oldest&offset=&limit=
//                                          -> 200 MediaAssetList (with the storage used and the quota)
//   POST   /api/cms/editor/media           multipart, one part `file` -> 201 MediaUploadResult, or 200 with
//                                          duplicate: true when the library already has this very file
//   GET    /api/cms/editor/media/{id}      -> 200 MediaAssetDetail (the entries using it), 404
//   PATCH  /api/cms/editor/media/{id}      MediaAssetUpdate (name, alt, decorative, focal) -> 200 MediaAsset
//   PUT    /api/cms/editor/media/{id}/file multipart `file`: replace the file -> 200 MediaUploadResult;
//                                          409 code taken when another image of the library is this file
//   DELETE /api/cms/editor/media/{id}      -> 204; 409 code in_use (with the usage) while any entry uses it
//
// Refusals name the file: 413 larger than MEDIA_MAX_UPLOAD_MB (code too_large) or over the quota
// (code quota), 415 not a JPEG/PNG/WebP/AVIF/GIF by its bytes or an SVG (code type / svg), 422 over
// the pixel limit or unreadable (code pixels / corrupt), 429 past the editor's uploads per hour,
// 503 when this instance has too many uploads waiting (code busy). Writes need the CSRF token like
// every write. Nothing is stored until the file and all its variants are made, in one transaction:
// an upload that fails or is cut off leaves nothing behind.
//
// Members: GET /media/lib/{sha256}/{width}.{avif|webp|jpg} serves a variant of this partner's
// library (404 for another partner's), immutable for a year with a strong ETag, so a CDN in front
// keeps it for good: a new file is a new SHA-256, so a new URL.
import { createHash, randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { MediaAsset, MediaAssetUpdate, MediaStorage } from '#shared/generated/types.ts';
import { FORMAT_OF_EXTENSION, MEDIA_TYPES } from '#shared/media.ts';
import { MediaRefusal, MediaWork, processImage } from '../media/process.ts';
import {
  assetUsage,
  deleteAsset,
  findAssetIdBySha,
  getAsset,
  getVariant,
  listAssets,
  replaceFile,
  storageUsed,
  storeUpload,
  takeUploadSlot,
  updateAsset,
  type AssetRow,
  type NewFile,
  type StoreResult,
  type UsedFilter,
} from '../repos/media.ts';
import { apiSchema } from '../auth/api-schema.ts';
import { checkEntry, partnerScope } from '../cms-entry-check.ts';
import { recheckDrafts } from '../repos/cms.ts';
import { sendError } from '../error-reply.ts';

const ERROR = { $ref: 'api/error.schema.json#' };
const ID_PATTERN = '^m[A-Za-z0-9_-]{8,40}$';
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: ID_PATTERN } } };
const HOUR_MS = 3600_000;
const MB = 1024 * 1024;

function toApi(asset: AssetRow): MediaAsset {
  return {
    id: asset.id,
    name: asset.name,
    alt: asset.alt,
    decorative: asset.decorative,
    focal: { x: asset.focalX, y: asset.focalY },
    sha256: asset.sha256,
    mime: asset.mime,
    width: asset.width,
    height: asset.height,
    widths: asset.widths,
    stored_bytes: asset.storedBytes,
    used_in: asset.usedIn,
    created_at: asset.createdAt,
    created_by: asset.createdBy,
    updated_at: asset.updatedAt,
    updated_by: asset.updatedBy,
  };
}

/** A file name fit to show: no folders, no control characters, at most 200 characters. */
function displayName(filename: string | undefined): string {
  const name = basename((filename ?? '').replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return name || 'image';
}

const megabytes = (bytes: number) =>
  bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;

export default async function mediaLibrary(app: FastifyInstance): Promise<void> {
  const limits = app.config.media;
  const work = new MediaWork();

  app.get<{ Params: { sha256: string; file: string } }>(
    '/media/lib/:sha256/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['sha256', 'file'],
          properties: { sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' }, file: { type: 'string', maxLength: 12 } },
        },
      },
    },
    async (request, reply) => {
      const { sha256, file } = request.params;
      const match = /^([1-9][0-9]{0,4})\.(avif|webp|jpg)$/.exec(file);
      const format = match ? FORMAT_OF_EXTENSION[match[2]!] : undefined;
      if (!match || !format) return sendError(reply, 404, 'Not Found', { code: 'not_found' });
      const width = Number(match[1]);
      // Read from the database each time (no copy in this process): a deleted image stops being
      // served by every instance at once, and browsers and CDNs keep what they got for a year.
      const bytes = await getVariant(app.db, request.partner.id, sha256, format, width);
      if (!bytes) return sendError(reply, 404, 'Not Found', { code: 'not_found' });
      // The URL names the bytes (SHA-256 of the original, width, format): they never change.
      const etag = `"${sha256.slice(0, 32)}-${width}-${format}"`;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(MEDIA_TYPES[format]).send(bytes);
    },
  );

  // Everything below needs an editor session of the request host's partner.
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireEditor);
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    // Only here: multipart bodies exist nowhere else. One file per request, the size limit enforced
    // while the body streams in (the part is cut off at the limit, never read whole first).
    await scope.register(multipart, {
      limits: { fileSize: limits.maxUploadBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
    });

    const storage = async (partnerId: string): Promise<MediaStorage> => ({
      used_bytes: await storageUsed(app.db, partnerId),
      quota_bytes: limits.quotaBytes,
      max_upload_bytes: limits.maxUploadBytes,
    });

    /**
     * Reads the request's one file, checks it and makes its variants; answers the refusal itself
     * (naming the file) and returns null when it will not take it.
     */
    async function receive(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ name: string; file: NewFile } | { name: string; duplicateOf: string } | null> {
      const slot = await takeUploadSlot(app.db, request.editor.id, limits.uploadsPerHour, HOUR_MS);
      if (!slot.ok) {
        reply.header('retry-after', String(Math.ceil(slot.retryAfterMs / 1000)));
        await sendError(reply, 429, `You have uploaded ${limits.uploadsPerHour} files this hour. Try again later.`, {
          code: 'rate_limited',
        });
        return null;
      }
      if (!request.isMultipart()) {
        await sendError(reply, 400, 'body/file: send the image as multipart/form-data in a part named file', { code: 'no_file' });
        return null;
      }
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        await sendError(reply, 400, 'body/file: choose an image to upload', { code: 'no_file' });
        return null;
      }
      const name = displayName(part.filename);
      const tooLarge = () => sendError(reply, 413, `${name} is larger than ${megabytes(limits.maxUploadBytes)}.`, { code: 'too_large' });
      // A declared length far over the limit is refused before a byte of the file is read.
      if (Number(request.headers['content-length'] ?? 0) > limits.maxUploadBytes + 64 * 1024) {
        part.file.resume();
        await tooLarge();
        return null;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          await tooLarge();
          return null;
        }
        // The body ended before the file did (a cut connection, a broken form): nothing was stored.
        request.log.info({ err: error as unknown }, 'an upload broke off');
        await sendError(reply, 400, `${name} did not arrive whole. Try uploading it again.`, { code: 'incomplete' });
        return null;
      }
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // The library has this very file: nothing to make (the store would answer the same).
      const holder = await findAssetIdBySha(app.db, request.partner.id, sha256);
      if (holder) return { name, duplicateOf: holder };
      const used = await storageUsed(app.db, request.partner.id);
      if (used + bytes.length > limits.quotaBytes) {
        await quotaReply(reply, name, used);
        return null;
      }
      try {
        const image = await work.run(() => processImage(bytes, { maxPixels: limits.maxPixels }));
        return { name, file: { sha256, original: bytes, image } };
      } catch (error) {
        if (!(error instanceof MediaRefusal)) throw error;
        const status = error.code === 'type' || error.code === 'svg' ? 415 : error.code === 'busy' ? 503 : 422;
        if (error.code === 'busy') reply.header('retry-after', '30');
        await sendError(reply, status, `${name} ${error.message}`, { code: error.code });
        return null;
      }
    }

    const quotaReply = (reply: FastifyReply, name: string, used: number) =>
      sendError(
        reply,
        413,
        `${name} does not fit: the library holds ${megabytes(used)} of its ${megabytes(limits.quotaBytes)}. Delete images nobody uses first.`,
        { code: 'quota' },
      );

    /** The answer to a store: the asset (201 new, 200 duplicate), or why not. */
    async function stored(request: FastifyRequest, reply: FastifyReply, name: string, result: StoreResult) {
      const partnerId = request.partner.id;
      switch (result.kind) {
        case 'quota':
          return quotaReply(reply, name, result.usedBytes);
        case 'not-found':
          return sendError(reply, 404, 'No such image in the library.', { code: 'not_found' });
        case 'taken':
          return sendError(reply, 409, `${name} is already in the library as “${result.name}”.`, { code: 'taken' });
        default: {
          const asset = await getAsset(app.db, partnerId, result.assetId);
          if (!asset) return sendError(reply, 404, 'No such image in the library.', { code: 'not_found' });
          return reply
            .code(result.kind === 'stored' && request.method === 'POST' ? 201 : 200)
            .send({ asset: toApi(asset), duplicate: result.kind === 'duplicate', storage: await storage(partnerId) });
        }
      }
    }

    const uploadResult = apiSchema('media-upload-result.schema.json');
    const uploadResponses = {
      200: uploadResult,
      201: uploadResult,
      400: ERROR,
      401: ERROR,
      403: ERROR,
      404: ERROR,
      409: ERROR,
      413: ERROR,
      415: ERROR,
      422: ERROR,
      429: ERROR,
      503: ERROR,
    };

    scope.post('/api/cms/editor/media', { schema: { response: uploadResponses } }, async (request, reply) => {
      const received = await receive(request, reply);
      if (!received) return reply;
      if ('duplicateOf' in received) return stored(request, reply, received.name, { kind: 'duplicate', assetId: received.duplicateOf });
      const result = await storeUpload(app.db, request.partner.id, {
        id: `m${randomBytes(12).toString('base64url')}`,
        name: received.name,
        by: request.editor.email,
        file: received.file,
        quotaBytes: limits.quotaBytes,
      });
      return stored(request, reply, received.name, result);
    });

    scope.put<{ Params: { id: string } }>(
      '/api/cms/editor/media/:id/file',
      { schema: { params: idParams, response: uploadResponses } },
      async (request, reply) => {
        if (!(await getAsset(app.db, request.partner.id, request.params.id))) {
          return sendError(reply, 404, 'No such image in the library.', { code: 'not_found' });
        }
        const received = await receive(request, reply);
        if (!received) return reply;
        if ('duplicateOf' in received) {
          const { duplicateOf } = received;
          if (duplicateOf === request.params.id) return stored(request, reply, received.name, { kind: 'duplicate', assetId: duplicateOf });
          const holder = await getAsset(app.db, request.partner.id, duplicateOf);
          return stored(request, reply, received.name, { kind: 'taken', assetId: duplicateOf, name: holder?.name ?? received.name });
        }
        const result = await replaceFile(app.db, request.partner.id, request.params.id, {
          by: request.editor.email,
          file: received.file,
          quotaBytes: limits.quotaBytes,
        });
        return stored(request, reply, received.name, result);
      },
    );

    scope.get<{ Querystring: { q?: string; used: UsedFilter; sort: 'newest' | 'oldest'; offset: number; limit: number } }>(
      '/api/cms/editor/media',
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              q: { type: 'string', maxLength: 200 },
              used: { enum: ['all', 'used', 'unused'], default: 'all' },
              sort: { enum: ['newest', 'oldest'], default: 'newest' },
              offset: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
              limit: { type: 'integer', minimum: 1, maximum: 100, default: 60 },
            },
          },
          response: { 200: apiSchema('media-assets.schema.json'), 401: ERROR, 403: ERROR },
        },
      },
      async (request) => {
        const { q, used, sort, offset, limit } = request.query;
        const { assets, total } = await listAssets(app.db, request.partner.id, { search: q, used, sort, offset, limit });
        return { assets: assets.map(toApi), total, storage: await storage(request.partner.id) };
      },
    );

    scope.get<{ Params: { id: string } }>(
      '/api/cms/editor/media/:id',
      { schema: { params: idParams, response: { 200: apiSchema('media-asset-detail.schema.json'), 401: ERROR, 403: ERROR, 404: ERROR } } },
      async (request, reply) => {
        const asset = await getAsset(app.db, request.partner.id, request.params.id);
        if (!asset) return sendError(reply, 404, 'No such image in the library.', { code: 'not_found' });
        const usage = await assetUsage(app.db, request.partner.id, asset.id);
        return {
          asset: toApi(asset),
          usage: usage.map((u) => ({ content_name: u.contentName, slug: u.slug, name: u.name, in: u.kinds })),
        };
      },
    );

    scope.patch<{ Params: { id: string }; Body: MediaAssetUpdate }>(
      '/api/cms/editor/media/:id',
      {
        schema: {
          params: idParams,
          body: { $ref: 'api/media-asset-update.schema.json#' },
          response: { 200: { $ref: 'api/media-asset.schema.json#' }, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR },
        },
      },
      async (request, reply) => {
        const { name, alt, decorative, focal } = request.body;
        const change = {
          name: name?.trim() || undefined,
          alt: alt?.trim(),
          decorative,
          focal: focal && { x: Math.round(focal.x * 10) / 10, y: Math.round(focal.y * 10) / 10 },
        };
        const ok = await updateAsset(app.db, request.partner.id, request.params.id, change, request.editor.email);
        if (ok && (change.alt !== undefined || decorative !== undefined)) {
          // Drafts that use the image were stored with "needs alt text" (or without it); say it again now.
          const drafts = (await assetUsage(app.db, request.partner.id, request.params.id)).filter((u) => u.kinds.includes('draft'));
          const scope = partnerScope(request, app.config.production);
          await recheckDrafts(app.db, request.partner.id, drafts, (tx, contentName, slug, fields) =>
            checkEntry(tx, scope, contentName, slug, fields),
          );
        }
        const asset = ok ? await getAsset(app.db, request.partner.id, request.params.id) : null;
        return asset ? toApi(asset) : sendError(reply, 404, 'No such image in the library.', { code: 'not_found' });
      },
    );

    scope.delete<{ Params: { id: string } }>(
      '/api/cms/editor/media/:id',
      {
        schema: {
          params: idParams,
          response: {
            204: { type: 'null' },
            401: ERROR,
            403: ERROR,
            404: ERROR,
            409: {
              type: 'object',
              required: ['message', 'code', 'usage'],
              properties: {
                statusCode: { type: 'integer' },
                error: { type: 'string' },
                code: { type: 'string' },
                message: { type: 'string' },
                usage: (apiSchema('media-asset-detail.schema.json') as { properties: { usage: unknown } }).properties.usage,
              },
            },
          },
        },
      },
      async (request, reply) => {
        const result = await deleteAsset(app.db, request.partner.id, request.params.id);
        if (result.kind === 'not-found') return sendError(reply, 404, 'No such image in the library.', { code: 'not_found' });
        if (result.kind === 'used') {
          const count = result.usage.length;
          return sendError(reply, 409, `This image is used in ${count === 1 ? '1 entry' : `${count} entries`}. Remove it there first.`, {
            code: 'in_use',
            usage: result.usage.map((u) => ({ content_name: u.contentName, slug: u.slug, name: u.name, in: u.kinds })),
          });
        }
        return reply.code(204).send();
      },
    );
  });
}
