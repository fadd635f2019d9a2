// Library images in CMS content: a partner's editors see and use only their own images;
// the server fills an image field from the library on save and publish (never trusting the client's
// copy); publishing needs alt text unless the image is decorative; a replaced file reaches members
// with the next publish; delete is refused while any entry uses the image. PGlite, and PostgreSQL
// with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaVariantUrl } from '#shared/media.ts';
import { cmsCacheFor } from '#server/cms-cache.ts';
import { seedEditors } from '#server/seed/editors.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { editorOf, jpegWithGps, png, type Editor } from './media-helpers.ts';

let t: TestApp;
let skyline: Editor;
let harbor: Editor;
let terracePhoto: Buffer;
let photoId: string;
let photoSha: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['skyline', 'harbor']);
  skyline = await editorOf(t.app, t.db, 'skyline');
  harbor = await editorOf(t.app, t.db, 'harbor');
  terracePhoto = await jpegWithGps(1000, 700);
});
afterAll(() => t?.close());

// Every test starts with empty libraries, none of the entries these tests write, and skyline's
// terrace photo just uploaded (no alt text, used nowhere); it makes the rest itself, so it passes
// alone and in any order.
beforeEach(async () => {
  await t.db.exec(`
    delete from cms_entries where partner_id in ('skyline', 'harbor') and grp = 'home' and slug in ('terrace', 'pattern', 'stolen');
    delete from media_assets where partner_id in ('skyline', 'harbor');
    delete from media_files where partner_id in ('skyline', 'harbor');`);
  for (const partner of ['skyline', 'harbor']) cmsCacheFor(t.db).invalidate(partner, 'home');
  const res = await skyline.upload('terrace.jpg', terracePhoto);
  expect(res.statusCode, res.body).toBe(201);
  photoId = res.json().asset.id;
  photoSha = res.json().asset.sha256;
});

const banner = (image: unknown) => ({
  category: 'earn',
  user_states: ['anonymous'],
  image,
  banner_text: [{ type: 'title', fields: { text_desktop: 'Summer on the terrace' } }],
});

/** A draft of the terrace banner showing the photo. */
async function terraceDraft() {
  const res = await skyline.call('PUT', '/api/cms/editor/entries/home/terrace', { fields: banner({ asset: photoId }) });
  expect(res.statusCode, res.body).toBe(200);
}

/** The photo described (alt text and focal point) and the terrace banner showing it published. */
async function terracePublished() {
  await terraceDraft();
  const alt = await skyline.call('PATCH', `/api/cms/editor/media/${photoId}`, {
    alt: 'Tables on a sunny terrace',
    focal: { x: 30, y: 72 },
  });
  expect(alt.statusCode, alt.body).toBe(200);
  const published = await skyline.call('POST', '/api/cms/editor/entries/home/terrace/publish', {});
  expect(published.statusCode, published.body).toBe(200);
}

async function memberBanner(partner: string, slug: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/home/?page_size=100', headers: host(partner) });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ slug: string; fields: { image?: unknown } }>).find((e) => e.slug === slug);
}

describe('one partner’s media is its own', () => {
  it('another partner’s editor can neither read, list, change, delete nor use it, and its host does not serve it', async () => {
    expect((await harbor.call('GET', `/api/cms/editor/media/${photoId}`)).statusCode).toBe(404);
    expect((await harbor.call('GET', '/api/cms/editor/media')).json().total).toBe(0);
    expect((await harbor.call('PATCH', `/api/cms/editor/media/${photoId}`, { alt: 'mine now' })).statusCode).toBe(404);
    expect((await harbor.call('DELETE', `/api/cms/editor/media/${photoId}`)).statusCode).toBe(404);
    // Kept as a draft (no edit is lost), with the problem that keeps it from going live.
    const used = await harbor.call('PUT', '/api/cms/editor/entries/home/stolen', { fields: banner({ asset: photoId }) });
    expect(used.statusCode).toBe(200);
    expect(used.json().problems).toEqual([
      { pointer: '/image', message: 'is not an image of this partner’s media library (it may have been deleted); choose another' },
    ]);
    expect(used.json().draft.image).toEqual({ asset: photoId });
    const published = await harbor.call('POST', '/api/cms/editor/entries/home/stolen/publish', {});
    expect(published.statusCode).toBe(422);
    expect(published.json().problems[0]).toMatchObject({ pointer: '/image' });
    const url = mediaVariantUrl(photoSha, 320, 'webp');
    expect((await t.app.inject({ method: 'GET', url, headers: host('harbor') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: host('skyline') })).statusCode).toBe(200);
    // The skyline editor's session does not work on harbor's host either.
    const cross = await t.app.inject({ method: 'GET', url: '/api/cms/editor/media', headers: { ...skyline.headers, ...host('harbor') } });
    expect(cross.statusCode).toBe(403);
  });
});

describe('an image in a banner', () => {
  it('is filled in from the library on save, whatever the client sent', async () => {
    const forged = { asset: photoId, sha256: 'f'.repeat(64), width: 1, height: 1, widths: [9999], alt: 'forged', decorative: true };
    const res = await skyline.call('PUT', '/api/cms/editor/entries/home/terrace', { fields: banner(forged) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().draft.image).toEqual({
      asset: photoId,
      sha256: photoSha,
      width: 700,
      height: 1000,
      widths: [320, 640],
      alt: '',
      decorative: false,
      focal: { x: 50, y: 50 },
    });
  });

  it('cannot be published without alt text unless decorative, then reaches members with its alt text and focal point', async () => {
    await terraceDraft();
    const refused = await skyline.call('POST', '/api/cms/editor/entries/home/terrace/publish', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems.map(({ pointer, message }: { pointer: string; message: string }) => ({ pointer, message }))).toEqual([
      {
        pointer: '/image',
        message: 'needs alt text before it can be published: describe the image in the media library, or mark it decorative there',
      },
    ]);
    const at = new Date(Date.now() + 3600_000).toISOString();
    expect((await skyline.call('PUT', '/api/cms/editor/entries/home/terrace/schedule', { publish_at: at })).statusCode).toBe(422);
    expect(await memberBanner('skyline', 'terrace')).toBeUndefined();
    const storedProblems = async () =>
      ((await skyline.call('GET', '/api/cms/editor/entries/home/terrace')).json() as { problems: Array<{ pointer: string }> }).problems;
    expect((await storedProblems()).map((p) => p.pointer)).toEqual(['/image']);

    const alt = await skyline.call('PATCH', `/api/cms/editor/media/${photoId}`, {
      alt: '  Tables on a sunny terrace ',
      focal: { x: 30.04, y: 72 },
    });
    expect(alt.statusCode).toBe(200);
    expect(alt.json()).toMatchObject({ alt: 'Tables on a sunny terrace', focal: { x: 30, y: 72 } });
    // The draft that uses it no longer shows "needs alt text", without another edit.
    expect(await storedProblems()).toEqual([]);
    // Published from the draft saved before the alt text was written: the publish reads the library.
    const published = await skyline.call('POST', '/api/cms/editor/entries/home/terrace/publish', {});
    expect(published.statusCode, published.body).toBe(200);
    expect((await memberBanner('skyline', 'terrace'))?.fields.image).toMatchObject({
      asset: photoId,
      sha256: photoSha,
      alt: 'Tables on a sunny terrace',
      focal: { x: 30, y: 72 },
    });
  });

  it('shows where it is used, is found by the used filter, and cannot be deleted while used', async () => {
    await terracePublished();
    const detail = await skyline.call('GET', `/api/cms/editor/media/${photoId}`);
    expect(detail.json()).toMatchObject({
      asset: { id: photoId, used_in: 1, alt: 'Tables on a sunny terrace' },
      usage: [{ content_name: 'home', slug: 'terrace', name: 'terrace', in: ['published'] }],
    });
    expect((await skyline.call('GET', '/api/cms/editor/media?used=used')).json().assets.map((a: { id: string }) => a.id)).toEqual([
      photoId,
    ]);
    expect((await skyline.call('GET', '/api/cms/editor/media?q=sunny')).json().total).toBe(1);
    const refused = await skyline.call('DELETE', `/api/cms/editor/media/${photoId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'in_use',
      message: 'This image is used in 1 entry. Remove it there first.',
      usage: [{ content_name: 'home', slug: 'terrace' }],
    });
    expect((await skyline.call('GET', `/api/cms/editor/media/${photoId}`)).statusCode).toBe(200);
  });

  it('gets a replaced file on the next publish, and the old file goes once nothing names it', async () => {
    await terracePublished();
    const replaced = await skyline.upload('terrace-evening.png', await png(900, 600, '#135'), {
      method: 'PUT',
      url: `/api/cms/editor/media/${photoId}/file`,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newSha = replaced.json().asset.sha256 as string;
    expect(replaced.json().asset).toMatchObject({ id: photoId, alt: 'Tables on a sunny terrace', mime: 'image/png', width: 900 });
    // Members still get the published file, still served.
    expect((await memberBanner('skyline', 'terrace'))?.fields.image).toMatchObject({ sha256: photoSha });
    const oldUrl = mediaVariantUrl(photoSha, 320, 'avif');
    expect((await t.app.inject({ method: 'GET', url: oldUrl, headers: host('skyline') })).statusCode).toBe(200);

    const draft = await skyline.call('GET', '/api/cms/editor/entries/home/terrace');
    const fields = draft.json().published;
    expect((await skyline.call('PUT', '/api/cms/editor/entries/home/terrace', { fields })).statusCode).toBe(200);
    expect((await skyline.call('POST', '/api/cms/editor/entries/home/terrace/publish', {})).statusCode).toBe(200);
    expect((await memberBanner('skyline', 'terrace'))?.fields.image).toMatchObject({ sha256: newSha, width: 900 });
    expect((await t.app.inject({ method: 'GET', url: oldUrl, headers: host('skyline') })).statusCode).toBe(404);
    const files = await t.db.query<{ sha256: string }>(`select sha256 from media_files where partner_id = 'skyline'`);
    expect(files.rows.map((r) => r.sha256)).toEqual([newSha]);
  });

  it('refuses a replacement that is another image of the library, naming it', async () => {
    const other = await skyline.upload('logo.png', await png(300, 300, '#fff'));
    expect(other.statusCode).toBe(201);
    const res = await skyline.upload('logo-again.png', await png(300, 300, '#fff'), {
      method: 'PUT',
      url: `/api/cms/editor/media/${photoId}/file`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'taken', message: 'logo-again.png is already in the library as “logo.png”.' });
    expect((await skyline.call('DELETE', `/api/cms/editor/media/${other.json().asset.id}`)).statusCode).toBe(204);
  });

  it('marked decorative, publishes without alt text; removed from every entry, it can be deleted with its files', async () => {
    const upload = await skyline.upload('pattern.png', await png(640, 200, '#a52'));
    const id = upload.json().asset.id as string;
    await skyline.call('PATCH', `/api/cms/editor/media/${id}`, { decorative: true });
    expect((await skyline.call('PUT', '/api/cms/editor/entries/home/pattern', { fields: banner({ asset: id }) })).statusCode).toBe(200);
    expect((await skyline.call('POST', '/api/cms/editor/entries/home/pattern/publish', {})).statusCode).toBe(200);
    expect((await memberBanner('skyline', 'pattern'))?.fields.image).toMatchObject({ asset: id, decorative: true, alt: '' });
    expect((await skyline.call('DELETE', `/api/cms/editor/media/${id}`)).statusCode).toBe(409);

    const { image: _image, ...withoutImage } = banner(null);
    expect((await skyline.call('PUT', '/api/cms/editor/entries/home/pattern', { fields: withoutImage })).statusCode).toBe(200);
    // Still used by the published version until the draft without it is published.
    expect((await skyline.call('DELETE', `/api/cms/editor/media/${id}`)).statusCode).toBe(409);
    expect((await skyline.call('POST', '/api/cms/editor/entries/home/pattern/publish', {})).statusCode).toBe(200);
    expect((await skyline.call('DELETE', `/api/cms/editor/media/${id}`)).statusCode).toBe(204);
    const sha = upload.json().asset.sha256 as string;
    const left = await t.db.query('select 1 from media_files where sha256 = $1 union all select 1 from media_variants where sha256 = $1', [
      sha,
    ]);
    expect(left.rows).toEqual([]);
    // A version from before (which named it) cannot be rolled back to: its image is gone.
    const rollback = await skyline.call('POST', '/api/cms/editor/entries/home/pattern/rollback', { version: 1 });
    expect(rollback.statusCode).toBe(422);
    expect(rollback.json().problems[0].pointer).toBe('/image');
  });
});
