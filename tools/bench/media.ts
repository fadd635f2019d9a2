// `npm run bench -- --only=media`: uploads of a 4000 x 3000 JPEG while the cached CMS GET
// load of the `cms` section runs against the same app, and what a phone is sent for the hero.
//
// - time to all variants: from sending the upload until the server answers it, which it does only
//   once the original and every AVIF/WebP/JPEG variant are stored (one transaction);
// - member p99 during uploads: the same autocannon load as the `cms` section, once with nothing else
//   running and once while uploads run back to back for the whole window (each a different file,
//   so none is answered as a duplicate); goal: at most 1.5x the idle p99;
// - hero bytes at 375 px: the variant a 375 px phone at 2x picks for the banner (sizes
//   calc(100vw - 20px), so about 710 device pixels, AVIF), against the uploaded original; goal <= 15 %.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { Row } from './row.ts';

interface LoadResult {
  result: { requests: { average: number; total: number }; latency: { p50: number; p99: number } };
  failures: number;
  note: string;
}

export interface MediaBenchDeps {
  /** tools/bench.ts: the real app on a fresh seeded PGlite, on a free loopback port. */
  withSeededServer: <T>(env: Record<string, string>, measure: (base: string) => Promise<T>) => Promise<T>;
  /** tools/bench.ts: 50 connections of GET for `seconds`, load made in a worker thread. */
  loadGet: (url: string, headers: Record<string, string>, seconds?: number) => Promise<LoadResult>;
  seconds: number;
}

const HOST = 'skyline.localhost';
const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** A photo-like 4000 x 3000 JPEG: smooth light, texture and fine noise (how camera pictures compress). */
async function photo(width = 4000, height = 3000): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = ((seed >> 16) % 41) - 20;
      const i = (y * width + x) * 3;
      const wave = 30 * Math.sin(x / 97) * Math.cos(y / 131);
      raw[i] = 150 + (60 * x) / width + wave + noise;
      raw[i + 1] = 110 + (50 * y) / height - wave / 2 + noise;
      raw[i + 2] = 80 + 40 * Math.sin((x + y) / 400) + noise;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' } })
    .toBuffer();
}

/** A signed-in editor of skyline: its cookies and CSRF token (sign-in through the API, as the editor does). */
async function signIn(base: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (name && value !== undefined) cookies.set(name.trim(), value);
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${base}/api/CSRF`, { headers: { host: HOST } });
  keep(csrf);
  let token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  const res = await fetch(`${base}/api/cms/editor/session`, {
    method: 'POST',
    headers: { host: HOST, cookie: cookie(), 'x-xsrf-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'editor@skyline.example', password: 'editor-skyline-2026' }),
  });
  if (res.status !== 200) throw new Error(`editor sign-in answered ${res.status}`);
  keep(res);
  token = res.headers.get('x-xsrf-token') ?? token;
  return { host: HOST, cookie: cookie(), 'x-xsrf-token': token };
}

interface Uploaded {
  asset: { sha256: string; widths: number[] };
}

async function upload(base: string, editor: Record<string, string>, name: string, bytes: Buffer): Promise<{ ms: number; body: Uploaded }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const started = performance.now();
  const res = await fetch(`${base}/api/cms/editor/media`, { method: 'POST', headers: editor, body: form });
  const body = (await res.json()) as Uploaded & { message?: string };
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${body.message ?? ''}`);
  return { ms: performance.now() - started, body };
}

/** The back-to-back uploads, as plain JavaScript for a worker thread (the same request as `upload`). */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, editor, original } = workerData;
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  const times = [];
  for (let n = 1; running; n++) {
    const form = new FormData();
    const bytes = Buffer.concat([Buffer.from(original), Buffer.from('#' + n)]);
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo-' + n + '.jpg');
    const started = performance.now();
    const res = await fetch(base + '/api/cms/editor/media', { method: 'POST', headers: editor, body: form });
    const body = await res.json();
    if (res.status !== 201) throw new Error('upload answered ' + res.status + ': ' + (body.message || ''));
    times.push(performance.now() - started);
  }
  parentPort.postMessage({ times });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

export async function benchMedia({ withSeededServer, loadGet, seconds }: MediaBenchDeps): Promise<Row[]> {
  const original = await photo();
  return withSeededServer({}, async (base) => {
    const editor = await signIn(base);
    const cms = `${base}/api/cms/pages/home/?page_size=100`;
    const member = { host: HOST };
    // Warm: the first upload loads sharp's codecs, the first GETs fill the CMS cache.
    const warm = await upload(base, editor, 'warm.jpg', Buffer.concat([original, Buffer.from('warm')]));
    await loadGet(cms, member, 2);

    const idle = await loadGet(cms, member, seconds);

    // Back-to-back uploads for the whole load window; each file differs by bytes after the image's end.
    // The uploading client runs in a worker thread, as the load does: in the bench the server shares
    // this process, and a browser's upload does not run on the server's event loop.
    const uploader = new Worker(UPLOADER, { eval: true, workerData: { base, editor, original } });
    const uploaded = new Promise<number[]>((resolve, reject) => {
      uploader.once('message', (m: { times?: number[]; error?: string }) =>
        m.error ? reject(new Error(m.error)) : resolve(m.times ?? []),
      );
      uploader.once('error', reject);
    });
    const busy = await loadGet(cms, member, seconds);
    uploader.postMessage('stop');
    const times = await uploaded;
    await uploader.terminate();

    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    const ratio = busy.result.latency.p99 / idle.result.latency.p99;

    // What a 375 px phone at 2x is sent for the hero: the narrowest variant at least 710 px wide.
    const wanted = Math.ceil((375 - 20) * 2);
    const widths = [...warm.body.asset.widths].sort((a, b) => a - b);
    const width = widths.find((w) => w >= wanted) ?? widths[widths.length - 1]!;
    const hero = await fetch(`${base}/media/lib/${warm.body.asset.sha256}/${width}.avif`, { headers: member });
    const heroBytes = (await hero.arrayBuffer()).byteLength;
    const share = heroBytes / original.length;

    return [
      {
        measure: 'upload 4000x3000 JPEG: time to all variants (s)',
        value: fmt(median / 1000, 2),
        budget: '-',
        pass: null,
        note: `median of ${times.length} during the load (${fmt(warm.ms / 1000, 2)} s without it); ${widths.length} widths x 3 formats`,
      },
      { measure: 'member CMS GET p99 without uploads (ms)', value: fmt(idle.result.latency.p99), budget: '-', pass: null, note: idle.note },
      { measure: 'member CMS GET p99 during uploads (ms)', value: fmt(busy.result.latency.p99), budget: '-', pass: null, note: busy.note },
      {
        measure: 'member p99 during uploads / without',
        value: `${fmt(ratio, 2)}x`,
        budget: '<= 1.5x',
        pass: ratio <= 1.5 && idle.failures === 0 && busy.failures === 0 && times.length > 0,
      },
      {
        measure: 'hero bytes at 375 px (2x) / original',
        value: `${fmt(share * 100)} %`,
        budget: '<= 15 %',
        pass: hero.status === 200 && share <= 0.15,
        note: `${width}w AVIF ${Math.round(heroBytes / 1024)} KiB vs original ${Math.round(original.length / 1024)} KiB`,
      },
    ];
  });
}
