// Media library tests: images made for the test, multipart bodies as a browser sends
// them, and an editor of a partner with a CSRF token.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createSession, EDITOR_COOKIE, EDITOR_SESSION_MS } from '#server/sessions.ts';
import type { Db } from '#server/db/index.ts';
import { cookieJar, csrfFor, host } from './helpers.ts';

/** A photo-like JPEG (gradient and noise), turned by EXIF orientation 6 and carrying GPS coordinates. */
export async function jpegWithGps(width = 1200, height = 800): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = ((x * 7919 + y * 104729) % 37) - 18;
      raw[i] = Math.max(0, Math.min(255, (x * 255) / width + noise));
      raw[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + noise * 2));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 2764/100', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 876/100' } })
    .toBuffer();
}

export async function png(width = 400, height = 300, background = '#2a7'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** The EXIF tag that points at GPS data (0x8825), as it appears in either byte order. */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few tens of kilobytes that unpacks to `side` x `side`
 * pixels (20 000 x 20 000 = 400 megapixels by default, over a gigabyte in memory as RGBA).
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth 1
  ihdr[9] = 0; // greyscale
  const row = Math.ceil(side / 8) + 1;
  const idat = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file part named `file`. */
export function multipart(filename: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----menuboard${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Editor {
  partner: string;
  /** Headers of a signed-in editor on its partner's host (cookie and CSRF token). */
  headers: Record<string, string>;
  upload(filename: string, bytes: Buffer, opts?: { url?: string; method?: 'POST' | 'PUT' }): Promise<LightMyRequestResponse>;
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** An editor session of the partner's demo editor (seeded), made directly, with its CSRF token. */
export async function editorOf(app: FastifyInstance, db: Db, partner: string): Promise<Editor> {
  const { rows } = await db.query<{ id: number }>('select id from cms_editors where partner_id = $1 order by id limit 1', [partner]);
  const session = await createSession(db, { partnerId: partner, kind: 'editor', subjectId: rows[0]!.id, ttlMs: EDITOR_SESSION_MS });
  const jar = cookieJar();
  jar.set(EDITOR_COOKIE, session.id);
  const token = await csrfFor(app, partner, jar);
  const headers = { ...host(partner), cookie: jar.header(), 'x-xsrf-token': token };
  return {
    partner,
    headers,
    upload: (filename, bytes, opts = {}) => {
      const body = multipart(filename, bytes);
      return app.inject({
        method: opts.method ?? 'POST',
        url: opts.url ?? '/api/cms/editor/media',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
    call: (method, url, payload) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
}
