// Two servers on one PostgreSQL: an image uploaded on one is listed and served by the
// other, byte for byte, since the bytes live in the database. PGlite is a single process, so this
// runs only with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { openPostgres, type Db } from '#server/db/index.ts';
import { seedEditors } from '#server/seed/editors.ts';
import { mediaVariantUrl } from '#shared/media.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { editorOf, jpegWithGps } from './media-helpers.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('media on two instances of one PostgreSQL', () => {
  let a: TestApp;
  let bDb: Db;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp({ seed: false });
    await seedEditors(a.db, ['skyline']);
    bDb = await openPostgres(a.config.databaseUrl!);
    b = await buildApp({ config: a.config, db: bDb });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  it('serves on B every variant of an image uploaded on A', async () => {
    const onA = await editorOf(a.app, a.db, 'skyline');
    const res = await onA.upload('dinner.jpg', await jpegWithGps(700, 500));
    expect(res.statusCode, res.body).toBe(201);
    const asset = res.json().asset as { id: string; sha256: string; widths: number[] };
    const onB = await editorOf(b, bDb, 'skyline');
    expect((await onB.call('GET', '/api/cms/editor/media')).json().assets.map((x: { id: string }) => x.id)).toEqual([asset.id]);
    for (const width of asset.widths) {
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        const url = mediaVariantUrl(asset.sha256, width, format);
        const fromA = await a.app.inject({ method: 'GET', url, headers: host('skyline') });
        const fromB = await b.inject({ method: 'GET', url, headers: host('skyline') });
        expect(fromB.statusCode, url).toBe(200);
        expect(fromB.rawPayload.equals(fromA.rawPayload), url).toBe(true);
        expect(fromB.headers.etag).toBe(fromA.headers.etag);
      }
    }
    // Deleted on B, gone on A at once.
    expect((await onB.call('DELETE', `/api/cms/editor/media/${asset.id}`)).statusCode).toBe(204);
    const gone = await a.app.inject({ method: 'GET', url: mediaVariantUrl(asset.sha256, 320, 'webp'), headers: host('skyline') });
    expect(gone.statusCode).toBe(404);
  });
});
