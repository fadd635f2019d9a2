// `npm run bench -- --only=renderer`: what the page renderer costs over plain React (DESIGN §9,
// <= 1.15x on the server, <= 1.10x mounting in the browser). A 100-block page of real
// blocks (skyline's discover layout repeated: banners, carousels, the steps) is rendered both ways in
// the same run, inside the same providers (tools/bench/renderer-page.tsx): renderToString in Node,
// and createRoot + flushSync + layout in Chromium. Rounds alternate between the two; the figure is
// the ratio of their medians. Both are the production builds of React and of our code (esbuild,
// minified, NODE_ENV=production).
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CmsPage, CmsPagesResponse, Merchant, MerchantSearchResponse, PageLayout } from '../../src/shared/generated/types.ts';
import { CMS_CONTENT_NAMES, cmsGroupOf, type CmsContent } from '../../src/shared/cms.ts';
import { partnerFlags, placeholdersFor } from '../../src/shared/partner.ts';
import { loadPartner } from '../../src/server/partners/registry.ts';
import type { BenchPageData } from './renderer-page.tsx';
import { root } from './production-server.ts';
import type { Row } from './row.ts';

const PARTNER = 'skyline';
const BLOCKS = 100;
const WARM_UP = 10;
const ROUNDS = 40;
/** A mount in the browser takes far longer than a server render: fewer rounds there. */
const BROWSER_WARM_UP = 4;
const BROWSER_ROUNDS = 16;

/** A partner's seeded CMS content, as the page's bootstrap carries it (the partner's file, else the base one). */
function seededCms(partnersDir: string, partner: string): CmsContent {
  const content: Partial<Record<string, CmsPagesResponse>> = {};
  for (const name of CMS_CONTENT_NAMES) {
    const group = cmsGroupOf(name);
    const own = join(partnersDir, partner, 'cms', `${group}.json`);
    const file = existsSync(own) ? own : join(partnersDir, '_base', 'cms', `${group}.json`);
    const entries = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Array<{ slug: string; name?: string; fields: unknown }>)
      : [];
    const data = entries.map(
      (entry): CmsPage =>
        ({
          slug: entry.slug,
          name: entry.name ?? entry.slug,
          page_type: group,
          fields: entry.fields,
          published: '2026-01-01T00:00:00.000Z',
          updated: '2026-01-01T00:00:00.000Z',
          status: 'published',
        }) as CmsPage,
    );
    content[name] = { meta: { previous_page: null, next_page: null, count: data.length }, data } as CmsPagesResponse;
  }
  return content as CmsContent;
}

/** The partner's discover layout, its blocks repeated (new ids) until the page has BLOCKS of them. */
function hundredBlocks(cms: CmsContent): PageLayout {
  const base = cms.discover.data.find((entry) => entry.slug === 'page-layout')?.fields as PageLayout | undefined;
  if (!base) throw new Error(`${PARTNER} has no discover layout`);
  const blocks: PageLayout['blocks'] = {};
  const order: string[] = [];
  for (let copy = 0; order.length < BLOCKS; copy++) {
    for (const id of base.order) {
      if (order.length >= BLOCKS) break;
      const newId = `${id}-${copy}`;
      blocks[newId] = base.blocks[id]!;
      order.push(newId);
    }
  }
  return { ...base, blocks, order };
}

/** Fifteen merchants, as a search answers (every carousel shows them). */
function searchAnswer(): MerchantSearchResponse {
  const cuisines = ['Italian', 'Japanese', 'Mexican', 'Thai', 'French'];
  const merchants: Merchant[] = Array.from({ length: 15 }, (_, i) => ({
    id: String(10001 + i),
    name: `Bench Bistro ${i + 1}`,
    images: { imageBaseUrl: `/media/merchants/${10001 + i}/` },
    details: {
      rating: { overallRating: 4 + (i % 10) / 10, numberOfRatings: 40 + i * 7 },
      priceRange: 1 + (i % 4),
      cuisines: [cuisines[i % 5]!],
      highlight: i % 4 === 0 ? 'new' : null,
    },
    location: {
      address: { address1: `${i + 1} Broadway`, city: 'New York', state: 'NY', zipCode: '10001' },
      neighborhood: 'Midtown',
      latitude: 40.75,
      longitude: -73.98,
    },
    distance: 0.4 + i / 10,
    origin: { latitude: 40.7577, longitude: -73.9857 },
    acclaimedLevel: i % 5 === 0 ? 1 : 0,
    benefitAvailability: {
      campaignCodes: ['BASE'],
      offerType: 'Unlimited',
      bonusText: i % 3 === 0 ? 'Earn 2x {currency} on weekdays' : null,
      offerTag: null,
    },
    reservationProviders: { openTable: null },
  }));
  return {
    merchants,
    pageNo: 1,
    pageSize: 15,
    totalResultSize: 200,
    totalPages: 14,
    origin: { latitude: 40.7577, longitude: -73.9857 },
  } as MerchantSearchResponse;
}

function benchData(): BenchPageData {
  const partnersDir = join(root, 'partners');
  const partner = loadPartner(partnersDir, PARTNER).bundle;
  if (!partner) throw new Error(`partner ${PARTNER} does not load`);
  const cms = seededCms(partnersDir, PARTNER);
  const now = new Date();
  return {
    runtime: {
      partner,
      cms,
      preview: false,
      providersOrigin: 'http://localhost:3001',
      production: true,
      member: null,
      placeholders: placeholdersFor(partner, now),
      visitor: {
        kind: 'anonymous',
        tier: null,
        enrollmentType: partner.config.enrollmentType,
        flags: partnerFlags(partner.config),
        nativeApp: false,
        pwa: false,
        now: now.toISOString(),
      },
    },
    layout: hundredBlocks(cms),
    source: `cms:${PARTNER}/discover/page-layout`,
    answers: {
      '/api/DefaultUserLocation': { latitude: 40.7577, longitude: -73.9857 },
      '/api/v2/Merchants/Search': searchAnswer(),
    },
  };
}

async function bundle(dir: string, platform: 'node' | 'browser'): Promise<{ js: string; css: string | null }> {
  const { build } = await import('esbuild');
  const outfile = join(dir, platform === 'node' ? 'page.mjs' : 'page.js');
  await build({
    entryPoints: [join(root, 'tools/bench/renderer-page.tsx')],
    bundle: true,
    platform,
    format: platform === 'node' ? 'esm' : 'iife',
    globalName: platform === 'node' ? undefined : 'RendererBench',
    outfile,
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'dataurl', '.png': 'dataurl' },
    logLevel: 'error',
    ...(platform === 'browser'
      ? { footer: { js: 'window.RendererBench = RendererBench;' } }
      : // CommonJS packages inside an ES module bundle still call require (node:util, node:stream).
        {
          banner: {
            js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
          },
        }),
  });
  const cssFile = outfile.replace(/\.m?js$/, '.css');
  return { js: outfile, css: existsSync(cssFile) ? cssFile : null };
}

/**
 * The ratio compares equal output only: a variant that rendered less (a block still loading, a
 * spinner in its place) would look cheaper than it is. The renderer's page says what plain React says,
 * after the page's own heading (its title, which the plain variant does not render).
 */
function sameBlocks(where: string, plain: string, page: string): void {
  const heading = page.length - plain.length;
  if (plain.length === 0 || !page.endsWith(plain) || heading > 200)
    throw new Error(`${where}: the two variants rendered different text (${page.length} vs ${plain.length} chars)`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function serverTimes(
  file: string,
  data: BenchPageData,
): Promise<{ plain: number[]; page: number[]; blocks: number; bytes: [number, number] }> {
  const { prepare, renderToString } = (await import(pathToFileURL(file).href)) as typeof import('./renderer-page.tsx');
  const page = await prepare(data);
  const time = (make: () => import('react').ReactElement) => {
    const start = performance.now();
    const html = renderToString(make());
    return { ms: performance.now() - start, bytes: html.length, html };
  };
  const text = (html: string) => html.replace(/<[^>]*>/g, '');
  sameBlocks('server', text(time(page.plain).html), text(time(page.page).html));
  for (let i = 0; i < WARM_UP; i++) {
    time(page.plain);
    time(page.page);
  }
  const plain: number[] = [];
  const paged: number[] = [];
  let bytes: [number, number] = [0, 0];
  // Which variant goes first alternates, so neither always pays for the other's garbage.
  for (let i = 0; i < ROUNDS; i++) {
    let a: ReturnType<typeof time>;
    let b: ReturnType<typeof time>;
    if (i % 2) {
      a = time(page.plain);
      b = time(page.page);
    } else {
      b = time(page.page);
      a = time(page.plain);
    }
    plain.push(a.ms);
    paged.push(b.ms);
    bytes = [a.bytes, b.bytes];
  }
  return { plain, page: paged, blocks: page.blocks, bytes };
}

async function browserTimes(
  files: { js: string; css: string | null },
  data: BenchPageData,
): Promise<{ plain: number[]; page: number[]; text: [number, number] }> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.setContent('<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    if (files.css) await page.addStyleTag({ content: readFileSync(files.css, 'utf8') });
    await page.addScriptTag({ content: readFileSync(files.js, 'utf8') });
    // A string, not a function: this file runs through tsx, whose output a page cannot evaluate (it
    // names functions with a helper that exists only in Node).
    const script = `(async () => {
      const bench = window.RendererBench;
      const prepared = await bench.prepare(${JSON.stringify(data)});
      const container = document.getElementById('root');
      // What each variant put on the page (its last mount): the ratio compares equal output only.
      const shown = { plain: '', page: '' };
      const time = (make, which) => {
        const start = performance.now();
        const unmount = bench.mount(make(), container);
        void document.body.offsetHeight; // style and layout of what was mounted
        const ms = performance.now() - start;
        shown[which] = container.textContent;
        unmount();
        return ms;
      };
      for (let i = 0; i < ${BROWSER_WARM_UP}; i++) { time(prepared.plain, 'plain'); time(prepared.page, 'page'); }
      const plain = [];
      const page = [];
      for (let i = 0; i < ${BROWSER_ROUNDS}; i++) {
        if (i % 2) { plain.push(time(prepared.plain, 'plain')); page.push(time(prepared.page, 'page')); }
        else { page.push(time(prepared.page, 'page')); plain.push(time(prepared.plain, 'plain')); }
      }
      return { plain, page, shown };
    })()`;
    const times = (await page.evaluate(script)) as { plain: number[]; page: number[]; shown: { plain: string; page: string } };
    sameBlocks('browser', times.shown.plain, times.shown.page);
    return { plain: times.plain, page: times.page, text: [times.shown.plain.length, times.shown.page.length] };
  } finally {
    await browser.close();
  }
}

export async function benchRenderer(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'menuboard-bench-renderer-'));
  try {
    const data = benchData();
    const [node, web] = [await bundle(dir, 'node'), await bundle(dir, 'browser')];
    const load = loadavg()[0]!;
    const server = await serverTimes(node.js, data);
    const browser = await browserTimes(web, data);
    const rows: Row[] = [];
    const row = (where: string, times: { plain: number[]; page: number[] }, budget: number, extra: string, rounds = ROUNDS): Row => {
      const ratio = median(times.page) / median(times.plain);
      return {
        measure: `page renderer vs plain React, ${BLOCKS}-block page, ${where}`,
        value: `${ratio.toFixed(2)}x`,
        budget: `<= ${budget.toFixed(2)}x`,
        pass: ratio <= budget,
        note: `median ${median(times.page).toFixed(2)} vs ${median(times.plain).toFixed(2)} ms over ${rounds} alternating rounds; ${extra}load ${load.toFixed(1)}`,
      };
    };
    rows.push(
      row(
        'server (renderToString)',
        server,
        1.15,
        `${server.blocks} blocks shown, ${server.bytes[1]} vs ${server.bytes[0]} chars of HTML; `,
      ),
    );
    rows.push(row('browser (mount + layout)', browser, 1.1, `${browser.text[1]} vs ${browser.text[0]} chars of text; `, BROWSER_ROUNDS));
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
