// Uploaded images, checked and re-encoded (issue 23). The type is read from the bytes (file-type),
// never from the name or the browser's claim; SVG is refused (it can carry scripts), and so is any
// picture larger than the pixel limit, before libvips decodes it (a small file can unpack into
// gigabytes: a decompression bomb). What members get is made here by sharp (libvips): orientation
// applied, colour in sRGB, no metadata at all (sharp writes none unless asked: EXIF GPS, camera,
// ICC and XMP are gone), AVIF, WebP and JPEG at each width of VARIANT_WIDTHS up to the original's.
//
// The pixel work runs in libvips' own threads (libuv's pool), not on the event loop; one image is
// processed at a time per process (mediaWork) with libvips using one thread for it, so an upload
// takes at most one of the machine's cores and member requests keep the rest.
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';

/** The widths every image is made at (those up to the original's width). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The types an upload may be, by what its bytes say. */
export const ACCEPTED_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
};
export const ACCEPTED_LIST = 'JPEG, PNG, WebP, AVIF or GIF';

// One libvips thread per image and one image at a time (below): an upload never takes every core.
sharp.concurrency(1);
// Nothing is decoded twice on purpose, so libvips' operation cache would only hold memory.
sharp.cache(false);

/** Why an upload was refused, in words that follow the file's name ("photo.gif is ..."). */
export class MediaRefusal extends Error {
  constructor(
    readonly code: 'type' | 'svg' | 'pixels' | 'corrupt' | 'size' | 'quota' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

export interface Variant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  mime: string;
  /** With the orientation applied. */
  width: number;
  height: number;
  variants: Variant[];
}

/** The type the bytes say, or a refusal naming what they are instead. */
export async function imageTypeOf(bytes: Uint8Array): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  if (found && ACCEPTED_TYPES[found.mime]) return found.mime;
  // file-type calls an SVG "xml" (or nothing): said apart, because people upload logos as SVG.
  if ((!found || found.ext === 'xml' || found.ext === 'svg') && looksLikeSvg(bytes)) {
    throw new MediaRefusal(
      'svg',
      'is an SVG image, which is not accepted (SVG can carry scripts). Export it as PNG or WebP and upload that.',
    );
  }
  const what = found && found.ext !== 'xml' ? `a ${found.ext.toUpperCase()} file` : 'not an image';
  throw new MediaRefusal('type', `is ${what}. Upload a ${ACCEPTED_LIST} image.`);
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--') || head.startsWith('<!doctype svg')) &&
    head.includes('<svg')
  );
}

/** The widths an image of this width is made at: the fixed ones up to its own (itself when narrower). */
export function variantWidths(width: number): number[] {
  const fitting = VARIANT_WIDTHS.filter((w) => w <= width);
  return fitting.length ? fitting : [width];
}

export interface ProcessOptions {
  /** Refuse pictures with more pixels than this (width x height), before decoding. */
  maxPixels: number;
}

/** Checks an upload and makes its variants; throws MediaRefusal for anything it will not take. */
export async function processImage(bytes: Buffer, { maxPixels }: ProcessOptions): Promise<ProcessedImage> {
  const mime = await imageTypeOf(bytes);
  // `pages: 1`: an animated GIF or WebP gives its first frame.
  const input = { limitInputPixels: maxPixels, pages: 1, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    // The header only (no pixels are decoded), so the size is known before the limit applies.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefusal('corrupt', 'could not be read as an image (the file may be damaged).');
  }
  const rawWidth = meta.width;
  const rawHeight = meta.pageHeight ?? meta.height;
  if (!rawWidth || !rawHeight) throw new MediaRefusal('corrupt', 'could not be read as an image (the file may be damaged).');
  if (rawWidth * rawHeight > maxPixels) {
    throw new MediaRefusal(
      'pixels',
      `is ${rawWidth} x ${rawHeight} pixels, more than the ${Math.floor(maxPixels / 1_000_000)}-megapixel limit. Make it smaller first.`,
    );
  }
  // EXIF orientations 5-8 turn the picture a quarter: its upright size swaps width and height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  const widths = variantWidths(width);
  const largest = Math.max(...widths);

  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright and in sRGB, at the largest width needed; every variant is cut from it.
    upright = await sharp(bytes, input)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaRefusal('corrupt', 'could not be read as an image (the file may be damaged).');
  }
  const { data, info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const variants: Variant[] = [];
  for (const w of widths) {
    for (const format of VARIANT_FORMATS) {
      let pipeline = sharp(data, raw).resize({ width: w, withoutEnlargement: true });
      // JPEG has no transparency: transparent parts become white rather than black.
      if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true });
      else if (format === 'webp') pipeline = pipeline.webp({ quality: 75, effort: 3 });
      else pipeline = pipeline.avif({ quality: 50, effort: 2 });
      const out = await pipeline.toBuffer({ resolveWithObject: true });
      variants.push({ format, width: out.info.width, height: out.info.height, bytes: out.data });
    }
  }
  return { mime, width, height, variants };
}

/**
 * Image work of this process, one job at a time; at most `maxWaiting` wait behind it (then
 * MediaRefusal 'busy'), so uploads cannot queue up memory without bound.
 */
export class MediaWork {
  private running: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  constructor(private readonly maxWaiting = 8) {}

  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxWaiting) {
      return Promise.reject(new MediaRefusal('busy', 'could not be processed now: too many uploads at once. Try again in a minute.'));
    }
    this.waiting++;
    const result = this.running.then(job);
    this.running = result.then(
      () => {},
      () => {},
    );
    void this.running.then(() => this.waiting--);
    return result;
  }
}
