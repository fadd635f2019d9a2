// The media library's uploads and what members are served: the type comes from the bytes,
// SVG, non-images, oversize files and pixel bombs are refused with messages naming the file, the
// same file twice is stored once, an upload that breaks off stores nothing, and every variant is
// upright, free of metadata (EXIF GPS) and immutable. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mediaVariantUrl } from '#shared/media.ts';
import { seedEditors } from '#server/seed/editors.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { editorOf, hasGpsTag, jpegWithGps, multipart, png, pngBomb, SVG, type Editor } from './media-helpers.ts';

let t: TestApp;
let editor: Editor;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['skyline']);
  editor = await editorOf(t.app, t.db, 'skyline');
  photo = await jpegWithGps();
});
afterAll(() => t?.close());

const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

interface Uploaded {
  asset: { id: string; name: string; sha256: string; mime: string; width: number; height: number; widths: number[] };
  duplicate: boolean;
  storage: { used_bytes: number; quota_bytes: number };
}

/** The photo, uploaded as beach.jpg into the (empty) library: a new image. */
async function uploadBeach(): Promise<Uploaded> {
  const res = await editor.upload('beach.jpg', photo);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A PNG named .jpg, as the PNG/GIF test uploads it. */
const uploadPngNamedJpg = async () => editor.upload('actually-a-png.jpg', await png(500, 200));

/** A two-frame GIF (red, then blue), as the PNG/GIF test uploads it. */
async function uploadAnimatedGif() {
  const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer();
  const animated = await sharp(
    [
      gif,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00f' } })
        .gif()
        .toBuffer(),
    ],
    {
      join: { animated: true },
    },
  )
    .gif()
    .toBuffer();
  return editor.upload('anim.gif', animated);
}

describe('uploading an image', () => {
  // Every test starts from skyline's empty library and uploads what it needs, so each passes alone
  // and in any order (uploads of a test before would be duplicates, or extra rows in the list).
  beforeEach(async () => {
    await t.db.exec(`delete from media_assets where partner_id = 'skyline'; delete from media_files where partner_id = 'skyline';`);
  });

  it('stores a JPEG upright with variants at the fixed widths up to its own, and its original byte for byte', async () => {
    const first = await uploadBeach();
    // EXIF orientation 6: the 1200 x 800 picture stands 800 wide and 1200 tall.
    expect(first.asset).toMatchObject({ name: 'beach.jpg', mime: 'image/jpeg', width: 800, height: 1200, widths: [320, 640] });
    expect(first.asset.sha256).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(first.storage.used_bytes).toBeGreaterThan(photo.length);
    const { rows } = await t.db.query<{ original: Uint8Array }>('select original from media_files where sha256 = $1', [first.asset.sha256]);
    expect(Buffer.from(rows[0]!.original).equals(photo)).toBe(true);
  });

  it('serves every variant upright, immutable, with a strong ETag and nosniff, and without EXIF (GPS) or other metadata', async () => {
    const first = await uploadBeach();
    expect(hasGpsTag((await sharp(photo).metadata()).exif)).toBe(true);
    for (const width of first.asset.widths) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
        ['jpeg', 'image/jpeg'],
      ] as const) {
        const url = mediaVariantUrl(first.asset.sha256, width, format);
        const res = await t.app.inject({ method: 'GET', url, headers: host('skyline') });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const etag = String(res.headers.etag);
        expect(etag).toMatch(/^"[^W]/);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.width, url).toBe(width);
        expect(meta.height, url).toBe(Math.round((width * 1200) / 800));
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(res.rawPayload.includes(Buffer.from('Exif\0\0')), url).toBe(false);
        const again = await t.app.inject({ method: 'GET', url, headers: { ...host('skyline'), 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
      }
    }
    // The original (which still has its GPS) is never served.
    const original = await t.app.inject({ method: 'GET', url: `/media/lib/${first.asset.sha256}/800.jpg`, headers: host('skyline') });
    expect(original.statusCode).toBe(404);
  });

  it('stores the same file uploaded twice once', async () => {
    const first = await uploadBeach();
    const files = await count('media_files');
    const assets = await count('media_assets');
    const res = await editor.upload('beach-copy.jpg', photo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ duplicate: true, asset: { id: first.asset.id, name: 'beach.jpg' } });
    expect(await count('media_files')).toBe(files);
    expect(await count('media_assets')).toBe(assets);
  });

  it('takes a PNG named .jpg as the PNG it is, and a GIF by its first frame', async () => {
    const res = await uploadPngNamedJpg();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().asset).toMatchObject({ mime: 'image/png', width: 500, height: 200, widths: [320] });
    const g = await uploadAnimatedGif();
    expect(g.statusCode, g.body).toBe(201);
    expect(g.json().asset).toMatchObject({ mime: 'image/gif', width: 40, height: 30, widths: [40] });
    const frame = await t.app.inject({ method: 'GET', url: mediaVariantUrl(g.json().asset.sha256, 40, 'jpeg'), headers: host('skyline') });
    const { data } = await sharp(frame.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The first frame is red.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('refuses a text file named .png, an SVG, an 11 MB file and a pixel bomb, naming each, and stores nothing', async () => {
    const files = await count('media_files');
    const text = await editor.upload('notes.png', Buffer.from('Shopping list: eggs, milk, bread\n'.repeat(20)));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'type', message: 'notes.png is not an image. Upload a JPEG, PNG, WebP, AVIF or GIF image.' });

    const svg = await editor.upload('logo.svg', SVG);
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe('svg');
    expect(svg.json().message).toMatch(/^logo\.svg is an SVG image, which is not accepted/);

    const big = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024 - photo.length)]);
    const large = await editor.upload('huge.jpg', big);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'too_large', message: 'huge.jpg is larger than 10 MB.' });

    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const bombed = await editor.upload('innocent.png', bomb);
    expect(bombed.statusCode).toBe(422);
    expect(bombed.json()).toMatchObject({ code: 'pixels' });
    expect(bombed.json().message).toMatch(/^innocent\.png is 20000 x 20000 pixels, more than the 50-megapixel limit/);

    const pdf = await editor.upload('menu.png', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('menu.png is a PDF file. Upload a JPEG, PNG, WebP, AVIF or GIF image.');
    expect(await count('media_files')).toBe(files);
  });

  it('stores nothing of an upload that breaks off or cannot be decoded', async () => {
    const files = await count('media_files');
    const variants = await count('media_variants');
    const assets = await count('media_assets');
    const body = multipart('cut.jpg', photo);
    // The connection ends halfway through the file: no closing boundary ever comes.
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/cms/editor/media',
      headers: { ...editor.headers, ...body.headers },
      payload: body.payload.subarray(0, Math.floor(body.payload.length / 2)),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'incomplete', message: 'cut.jpg did not arrive whole. Try uploading it again.' });
    // A JPEG whose data stops after its header: detected as JPEG, refused when decoding.
    const broken = await editor.upload('broken.jpg', photo.subarray(0, 2000));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('corrupt');
    expect(await count('media_files')).toBe(files);
    expect(await count('media_variants')).toBe(variants);
    expect(await count('media_assets')).toBe(assets);
  });

  it('needs an editor session and the CSRF token', async () => {
    const body = multipart('beach.jpg', photo);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/cms/editor/media',
      headers: { ...host('skyline'), cookie: editor.headers.cookie!, ...body.headers },
      payload: body.payload,
    });
    expect(noToken.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/cms/editor/media', headers: host('skyline') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the library newest first with search, the used filter and the storage used', async () => {
    // The three images the tests above upload, in their order.
    await uploadBeach();
    expect((await uploadPngNamedJpg()).statusCode).toBe(201);
    expect((await uploadAnimatedGif()).statusCode).toBe(201);
    const res = await editor.call('GET', '/api/cms/editor/media');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { assets: Array<{ name: string }>; total: number; storage: { used_bytes: number; quota_bytes: number } };
    expect(list.assets.map((a) => a.name)).toEqual(['anim.gif', 'actually-a-png.jpg', 'beach.jpg']);
    expect(list.storage.quota_bytes).toBe(500 * 1024 * 1024);
    const oldest = (await editor.call('GET', '/api/cms/editor/media?sort=oldest')).json();
    expect(oldest.assets[0].name).toBe('beach.jpg');
    const found = (await editor.call('GET', '/api/cms/editor/media?q=BEACH')).json();
    expect(found.assets.map((a: { name: string }) => a.name)).toEqual(['beach.jpg']);
    const wild = (await editor.call('GET', '/api/cms/editor/media?q=%25')).json();
    expect(wild.total).toBe(0);
    const unused = (await editor.call('GET', '/api/cms/editor/media?used=unused')).json();
    expect(unused.total).toBe(3);
    const used = (await editor.call('GET', '/api/cms/editor/media?used=used')).json();
    expect(used.total).toBe(0);
  });
});
