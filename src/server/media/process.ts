// Uploaded images, checked and re-encoded. The type is read from the bytes (file-type),
// never from the name or the browser's claim; SVG is refused (it can carry scripts), and so is any
// picture larger than the pixel limit, before libvips decodes it (a small file can unpack into
// gigabytes: a decompression bomb). What members get is made by sharp (libvips) in image-worker.mjs:
// orientation applied, colour in sRGB, no metadata at all (no encoder is asked to keep any: EXIF
// GPS, camera, ICC and XMP are gone), AVIF, WebP and JPEG at each width of VARIANT_WIDTHS up to the
// original's.
//
// The pixel work runs in a child process, never on the event loop, under Linux's SCHED_IDLE policy
// (started through util-linux's `chrt --idle`) where it can: it then runs only on a core no other
// thread wants, and gives the core up the moment a member request's thread wakes. Nice 19 alone (the
// fallback, without chrt) is not enough: the kernel lets a running nice-19 task finish its time slice
// (up to a few ms) before a woken request runs, which doubled members' p99 during uploads (bench
// "media"). One image at a time per server (MediaWork), libvips using one thread for it; the child
// starts with the first upload and ends after a minute without one.
import { fork, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { fileTypeFromBuffer } from 'file-type';
import { serverFile } from '../files.ts';

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

export interface ProcessOptions {
  /** Refuse pictures with more pixels than this (width x height), before decoding. */
  maxPixels: number;
}

/** Checks an upload and makes its variants; throws MediaRefusal for anything it will not take. */
export async function processImage(bytes: Buffer, { maxPixels }: ProcessOptions): Promise<ProcessedImage> {
  const mime = await imageTypeOf(bytes);
  const image = await imageWorker.make(bytes, maxPixels);
  return { mime, ...image };
}

interface WorkerAnswer {
  id: number;
  ok: boolean;
  image?: Omit<ProcessedImage, 'mime'>;
  error?: { code: string; message: string };
}

/** util-linux's chrt (Debian: always installed), to start the image child under SCHED_IDLE. */
const CHRT = process.platform === 'linux' ? (['/usr/bin/chrt', '/bin/chrt'].find((path) => existsSync(path)) ?? null) : null;

/** The child process of image-worker.mjs, started on demand and ended when idle. */
class ImageWorker {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, { resolve: (image: Omit<ProcessedImage, 'mime'>) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  make(bytes: Buffer, maxPixels: number): Promise<Omit<ProcessedImage, 'mime'>> {
    const child = this.start();
    const id = this.nextId++;
    if (this.idle) clearTimeout(this.idle);
    // Held while it works (a script awaiting an upload must not end under it), let go when idle.
    child.channel?.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ id, bytes, maxPixels, widths: [...VARIANT_WIDTHS], formats: [...VARIANT_FORMATS] });
    });
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    const script = fileURLToPath(serverFile('media/image-worker.mjs'));
    const options = { serialization: 'advanced' as const, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as StdioOptions };
    // chrt execs node in place (same pid); every thread node and libvips start inherit the policy.
    const child = CHRT ? spawn(CHRT, ['--idle', '0', process.execPath, script], options) : fork(script, [], { ...options, execArgv: [] });
    try {
      // At once, before it starts libuv's or libvips' threads (which take the priority they start with).
      if (child.pid !== undefined) setPriority(child.pid, 19);
    } catch {
      // The child lowers its own priority too; if neither may, the work still runs off the event loop.
    }
    child.on('message', (answer: WorkerAnswer) => this.answer(answer));
    child.on('exit', () => {
      if (this.child === child) this.child = null;
      for (const { reject } of this.pending.values()) reject(new Error('the image worker stopped'));
      this.pending.clear();
    });
    // A server with nothing else to do may end although the idle child still runs.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  private answer(answer: WorkerAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (answer.ok && answer.image) {
      const { width, height, variants } = answer.image;
      waiting.resolve({
        width,
        height,
        variants: variants.map((v) => ({ ...v, bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength) })),
      });
    } else if (answer.error?.code === 'pixels' || answer.error?.code === 'corrupt') {
      waiting.reject(new MediaRefusal(answer.error.code, answer.error.message));
    } else {
      waiting.reject(new Error(`image processing failed: ${answer.error?.message ?? 'no answer'}`));
    }
    if (this.pending.size === 0) {
      this.child?.channel?.unref();
      this.idle = setTimeout(() => this.child?.kill(), 60_000);
      this.idle.unref();
    }
  }
}

const imageWorker = new ImageWorker();

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
