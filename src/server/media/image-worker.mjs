// @ts-check
// The media library's image work (media/process.ts starts it): a child process under SCHED_IDLE
// (or at nice 19 where chrt is missing), so libvips decoding and encoding an upload takes only the CPU
// that member requests leave idle; on a busy machine the upload waits, the members do not. Plain JavaScript,
// not TypeScript: Node starts it directly, outside tsx and Vitest (like db/pglite-worker.mjs).
//
// Messages in:  {id, bytes, maxPixels, widths, formats}
// Messages out: {id, ok: true, image: {width, height, variants: [{format, width, height, bytes}]}}
//               | {id, ok: false, error: {code: 'pixels' | 'corrupt' | 'failed', message}}
import { setPriority } from 'node:os';
import sharp from 'sharp';

try {
  // Without chrt's SCHED_IDLE: this thread, and the threads it starts later (libuv's pool,
  // libvips'), run at nice 19. Under SCHED_IDLE the nice value changes nothing.
  setPriority(19);
} catch {
  // Not allowed here (some containers): the work still runs off the server's event loop.
}
// One libvips thread per image: an upload takes one core at most.
sharp.concurrency(1);
// Nothing is decoded twice on purpose, so libvips' operation cache would only hold memory.
sharp.cache(false);

class Refusal extends Error {
  /** @param {'pixels' | 'corrupt'} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const corrupt = () => new Refusal('corrupt', 'could not be read as an image (the file may be damaged).');

/**
 * @param {Uint8Array} bytes
 * @param {{maxPixels: number, widths: number[], formats: Array<'avif' | 'webp' | 'jpeg'>}} options
 */
async function make(bytes, { maxPixels, widths: fixed, formats }) {
  // `pages: 1`: an animated GIF or WebP gives its first frame.
  const input = { limitInputPixels: maxPixels, pages: 1, failOn: /** @type {const} */ ('error') };
  let meta;
  try {
    // The header only (no pixels are decoded), so the size is known before the limit applies.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw corrupt();
  }
  const rawWidth = meta.width;
  const rawHeight = meta.pageHeight ?? meta.height;
  if (!rawWidth || !rawHeight) throw corrupt();
  if (rawWidth * rawHeight > maxPixels) {
    throw new Refusal(
      'pixels',
      `is ${rawWidth} x ${rawHeight} pixels, more than the ${Math.floor(maxPixels / 1_000_000)}-megapixel limit. Make it smaller first.`,
    );
  }
  // EXIF orientations 5-8 turn the picture a quarter: its upright size swaps width and height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  const fitting = fixed.filter((w) => w <= width);
  const widths = fitting.length ? fitting : [width];
  const largest = Math.max(...widths);

  let upright;
  try {
    // Decoded once, upright and in sRGB, at the largest width needed; every variant is cut from it.
    upright = await sharp(bytes, input)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw corrupt();
  }
  const { data, info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const variants = [];
  for (const w of widths) {
    for (const format of formats) {
      let pipeline = sharp(data, raw).resize({ width: w, withoutEnlargement: true });
      // JPEG has no transparency: transparent parts become white rather than black. No encoder
      // is asked to keep metadata, so none is written (no EXIF, GPS, XMP or ICC).
      if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true });
      else if (format === 'webp') pipeline = pipeline.webp({ quality: 75, effort: 3 });
      else pipeline = pipeline.avif({ quality: 50, effort: 2 });
      const out = await pipeline.toBuffer({ resolveWithObject: true });
      variants.push({ format, width: out.info.width, height: out.info.height, bytes: out.data });
    }
  }
  return { width, height, variants };
}

process.on(
  'message',
  (/** @type {{id: number, bytes: Uint8Array, maxPixels: number, widths: number[], formats: Array<'avif' | 'webp' | 'jpeg'>}} */ job) => {
    make(job.bytes, job).then(
      (image) => process.send?.({ id: job.id, ok: true, image }),
      (error) =>
        process.send?.({
          id: job.id,
          ok: false,
          error: error instanceof Refusal ? { code: error.code, message: error.message } : { code: 'failed', message: String(error) },
        }),
    );
  },
);
// The server went away: so does its image work.
process.on('disconnect', () => process.exit(0));
