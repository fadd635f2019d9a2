// The media library's limits: a partner's library holds at most MEDIA_QUOTA_MB (the
// editor is told how much is used), and an editor makes at most MEDIA_UPLOADS_PER_HOUR uploads, counted
// in the database so every instance counts alike. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import sharp from 'sharp';
import { seedEditors } from '#server/seed/editors.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { editorOf, png, type Editor } from './media-helpers.ts';

let t: TestApp;
let skyline: Editor;
let harbor: Editor;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { MEDIA_QUOTA_MB: '1', MEDIA_UPLOADS_PER_HOUR: '3' } });
  await seedEditors(t.db, ['skyline', 'harbor']);
  skyline = await editorOf(t.app, t.db, 'skyline');
  harbor = await editorOf(t.app, t.db, 'harbor');
});
afterAll(() => t?.close());

// Each test starts with empty libraries and no uploads counted this hour, and makes the uploads it
// needs itself, so it passes alone and in any order.
beforeEach(async () => {
  await t.db.exec('delete from media_uploads; delete from media_assets; delete from media_files;');
});

/** Noise compresses badly: a PNG of about `side * side * 3` bytes. */
const noisy = (side: number) =>
  sharp(Buffer.from(Array.from({ length: side * side * 3 }, (_, i) => (i * 2654435761) % 251)), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** A small upload, then one that does not fit the 1 MB quota after it: the first test's uploads. */
async function smallThenTooBig() {
  const first = await skyline.upload('small.png', await png(200, 100));
  expect(first.statusCode).toBe(201);
  const used = first.json().storage.used_bytes as number;
  const big = await noisy(620);
  expect(big.length).toBeGreaterThan(1024 * 1024 - used);
  const refused = await skyline.upload('noise.png', big);
  expect(refused.statusCode).toBe(413);
  return { first, used, refused };
}

it('refuses an upload that would pass the partner’s quota, saying how much is used', async () => {
  const { first, used, refused } = await smallThenTooBig();
  expect(first.json().storage).toMatchObject({ quota_bytes: 1024 * 1024, max_upload_bytes: 10 * 1024 * 1024 });
  expect(used).toBeGreaterThan(0);
  expect(refused.json().code).toBe('quota');
  expect(refused.json().message).toMatch(
    /^noise\.png does not fit: the library holds [0-9.]+ (KB|MB) of its 1 MB\. Delete images nobody uses first\.$/,
  );
  const list = await skyline.call('GET', '/api/cms/editor/media');
  expect(list.json()).toMatchObject({ total: 1, storage: { used_bytes: used, quota_bytes: 1024 * 1024 } });
});

it('refuses an editor’s uploads past the hourly limit, with Retry-After, and not another editor’s', async () => {
  // One upload and a refused one, as the first test makes: both count.
  await smallThenTooBig();
  const third = await skyline.upload('third.png', await png(50, 50, '#123'));
  expect(third.statusCode).toBe(201);
  const fourth = await skyline.upload('fourth.png', await png(50, 50, '#456'));
  expect(fourth.statusCode).toBe(429);
  expect(fourth.json()).toMatchObject({ code: 'rate_limited', message: 'You have uploaded 3 files this hour. Try again later.' });
  expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3000);
  expect((await harbor.upload('harbor.png', await png(50, 50, '#789'))).statusCode).toBe(201);
});
