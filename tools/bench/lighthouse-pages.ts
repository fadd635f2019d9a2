// `npm run bench -- --only=lighthouse-pages [--lh-partners=skyline,harbor] [--lh-kinds=home,search]
// [--lh-runs=3] [--lh-reports=<folder>]`: Lighthouse 12 (mobile, simulated throttling, cold cache) on every page kind of every
// partner that has it (tests/e2e/page-kinds.ts, the pages the layout-shift and findability browser
// tests walk), signed-in pages with a stored session of a card member. Each page runs three times and
// each figure is the median of its runs; budgets per page: performance >= 0.95, CLS <= 0.02,
// accessibility 1, best practices 1, SEO >= 0.95. The rows end with the worst page per figure and a
// Markdown table for docs/performance.md. A failing accessibility, best-practices or SEO audit is named in
// its row with the elements it names; `--lh-reports` also keeps each run's whole JSON report.
//
// Two pages fail an SEO audit on purpose, and are scored without it: members' pages say noindex
// (is-crawlable), and the Not Found page answers 404 (http-status-code) and says noindex.
//
// Map tiles come from tile.openstreetmap.org, out of reach on a machine without internet: the
// browser is pointed at a local HTTPS stand-in (self-signed, for this Chromium only) that answers
// every tile, so a map's missing tiles do not count as console errors against best practices.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { ALL_PARTNERS, enrollmentOf, pageKinds, type PageKind, type Partner } from '../../tests/e2e/page-kinds.ts';
import { freePort, startServer } from './production-server.ts';
import type { Row } from './row.ts';

const BUDGET = { performance: 0.95, cls: 0.02, accessibility: 1, bestPractices: 1, seo: 0.95 };
const TILE_HOST = 'tile.openstreetmap.org';
const PASSWORD = 'Dining-2026!';

interface Figures {
  performance: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Scored audits that did not pass, per category, for the note. */
  failing: string[];
}

interface Measured {
  partner: Partner;
  page: PageKind;
  figures: Figures;
}

function option(args: string[], name: string): string[] | null {
  const value = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return value ? value.split(',').filter(Boolean) : null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The tile every map request gets: a plain 512 x 512 PNG (a tile is drawn at 256 CSS px, and a
 * phone's screen has about two device pixels to one, so a smaller picture would count as blurry).
 */
function tilePng(size = 512): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((size + 1) * size, 0xe8);
  for (let y = 0; y < size; y++) rows[y * (size + 1)] = 0; // filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function startTileStandIn(): Promise<{ port: number; close: () => void }> {
  const tile = tilePng();
  const dir = mkdtempSync(join(tmpdir(), 'menuboard-bench-tiles-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${TILE_HOST}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const server: Server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' });
      res.end(tile);
    },
  );
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Cookie = Awaited<ReturnType<import('@playwright/test').BrowserContext['cookies']>>[number];

/** A card member's session cookies on this partner, signed in the way the partner signs in. */
async function storedSession(port: number, partner: Partner): Promise<Cookie[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const origin = `http://${partner}.localhost:${port}`;
    const email = `card2@${partner}.example`;
    if (enrollmentOf(partner) === 'sso') {
      await page.goto(`${origin}/api/Member/SSO/Start?mode=signin&redirect=%2F`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.origin === origin);
    } else {
      await page.goto(`${origin}/api/CSRF`);
      const status = await page.evaluate(
        async ({ email, password }) => {
          const { csrfToken } = (await (await fetch('/api/CSRF')).json()) as { csrfToken: string };
          const res = await fetch('/api/Member/SignIn', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': csrfToken },
            body: JSON.stringify({ email, password, rememberMe: true }),
          });
          return res.status;
        },
        { email, password: PASSWORD },
      );
      if (status !== 200) throw new Error(`sign-in of ${email} answered ${status}`);
    }
    return await context.cookies(origin);
  } finally {
    await browser.close();
  }
}

/**
 * Puts cookies into the Chromium Lighthouse drives (over its DevTools port), and checks that this
 * browser is now signed in: a signed-in row measured on a signed-out page would be a wrong figure.
 */
async function giveCookies(chromePort: number, origin: string, cookies: Cookie[]): Promise<void> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0]!;
    await context.addCookies(cookies);
    const page = await context.newPage();
    const status = (await page.goto(`${origin}/api/Member`))?.status();
    await page.close();
    if (status !== 200) throw new Error(`the measuring browser is not signed in on ${origin} (/api/Member answered ${status})`);
  } finally {
    // Disconnects; the browser itself stays up for Lighthouse.
    await browser.close();
  }
}

/**
 * What a failing audit names, so a row says where to look without opening the report: up to three
 * of its items, each by its element (selector, else the HTML's start), address or description.
 */
function namedIn(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const named = items.slice(0, 3).map((item) => {
    const node = (item.node ?? (item.subItems as { items?: Array<{ relatedNode?: unknown }> } | undefined)?.items?.[0]?.relatedNode) as
      { selector?: unknown; snippet?: unknown } | undefined;
    const located = item.sourceLocation as { url?: unknown } | undefined;
    const said = [
      typeof node?.selector === 'string' ? node.selector : typeof node?.snippet === 'string' ? node.snippet : null,
      typeof item.url === 'string' ? item.url : typeof located?.url === 'string' ? located.url : null,
      typeof item.description === 'string' ? item.description.slice(0, 80) : null,
    ].filter(Boolean);
    return said.join(' ').slice(0, 140);
  });
  const shown = named.filter(Boolean);
  if (!shown.length) return '';
  return ` [${shown.join(' | ')}${items.length > 3 ? ` | +${items.length - 3} more` : ''}]`;
}

type LighthouseResult = { lhr: import('lighthouse').Result } | undefined;

async function measurePage(
  lighthouse: (url: string, flags: Record<string, unknown>, config?: Record<string, unknown>) => Promise<LighthouseResult>,
  chromePort: number,
  url: string,
  page: PageKind,
  /** Where to keep the JSON report, if anywhere. */
  reportFile?: string,
): Promise<Figures> {
  const skipAudits = [
    ...(page.signedIn ? ['is-crawlable'] : []),
    ...(page.kind === 'not found' ? ['is-crawlable', 'http-status-code'] : []),
  ];
  // The Not Found page's own 404 is the one console error it may have (the browser logs every 4xx).
  const config =
    page.kind === 'not found'
      ? {
          extends: 'lighthouse:default',
          audits: [{ path: 'errors-in-console', options: { ignoredPatterns: ['the server responded with a status of 404'] } }],
        }
      : undefined;
  const result = await lighthouse(
    url,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(skipAudits.length ? { skipAudits } : {}),
      ...(page.kind === 'not found' ? { ignoreStatusCode: true } : {}),
      // A first visit: local storage too (dismissed notices), not the cookies (a signed-in page's session).
      clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'indexeddb', 'websql'],
    },
    config,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${url})`);
  if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${ref.id}${namedIn(audit.details)}`);
    }
  }
  // What moved, when the page moved more than its budget (the layout-shifts audit's elements).
  if (numeric('cumulative-layout-shift') > BUDGET.cls) {
    const items = (lhr.audits['layout-shifts']?.details as { items?: Array<{ score?: number; node?: { snippet?: string } }> } | undefined)
      ?.items;
    for (const item of items?.slice(0, 3) ?? [])
      failing.push(`shift ${(item.score ?? 0).toFixed(3)} ${item.node?.snippet?.slice(0, 80) ?? '?'}`);
  }
  return {
    performance: score('performance'),
    cls: numeric('cumulative-layout-shift'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    failing,
  };
}

function medianFigures(runs: Figures[]): Figures {
  const pick = (key: Exclude<keyof Figures, 'failing'>) => median(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    cls: pick('cls'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    failing: [...new Set(runs.flatMap((run) => run.failing))],
  };
}

function withinBudget(f: Figures): boolean {
  return (
    f.performance >= BUDGET.performance &&
    f.cls <= BUDGET.cls &&
    f.accessibility >= BUDGET.accessibility &&
    f.bestPractices >= BUDGET.bestPractices &&
    f.seo >= BUDGET.seo
  );
}

const ms = (value: number) => `${(value / 1000).toFixed(1)} s`;

export async function benchLighthousePages(args: string[] = process.argv.slice(2)): Promise<Row[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const partners = (option(args, 'lh-partners') ?? [...ALL_PARTNERS]) as Partner[];
  const kinds = option(args, 'lh-kinds');
  const runs = Number(option(args, 'lh-runs')?.[0] ?? 3);
  const reports = option(args, 'lh-reports')?.[0];
  if (reports) mkdirSync(reports, { recursive: true });
  const load = [loadavg()[0]!];
  const tiles = await startTileStandIn();
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--host-resolver-rules=MAP ${TILE_HOST} 127.0.0.1:${tiles.port}`,
      '--ignore-certificate-errors',
    ],
  });
  const measured: Measured[] = [];
  try {
    for (const partner of partners) {
      const pages = pageKinds(partner).filter((page) => !kinds || kinds.includes(page.kind));
      let signedIn = false;
      for (const page of pages) {
        // The member's session goes into the measuring browser's own cookie jar (Lighthouse keeps
        // cookies between runs), once the partner's public pages are done.
        if (page.signedIn && !signedIn) {
          await giveCookies(chrome.port, `http://${partner}.localhost:${server.port}`, await storedSession(server.port, partner));
          signedIn = true;
        }
        const url = `http://${partner}.localhost:${server.port}${page.path}`;
        const results: Figures[] = [];
        for (let i = 0; i < runs; i++) {
          const reportFile = reports && join(reports, `${partner}-${page.kind.replaceAll(' ', '-')}-${i + 1}.json`);
          results.push(await measurePage(lighthouse as never, chrome.port, url, page, reportFile || undefined));
        }
        const figures = medianFigures(results);
        measured.push({ partner, page, figures });
        console.log(
          `  lighthouse ${partner} ${page.kind}: perf ${figures.performance.toFixed(2)}, CLS ${figures.cls.toFixed(3)}, a11y ${figures.accessibility.toFixed(2)}, BP ${figures.bestPractices.toFixed(2)}, SEO ${figures.seo.toFixed(2)} (load ${loadavg()[0]!.toFixed(1)})`,
        );
        for (const failing of figures.failing) console.log(`    ${failing}`);
        load.push(loadavg()[0]!);
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
    tiles.close();
  }
  return rowsOf(measured, runs, load);
}

function rowsOf(measured: Measured[], runs: number, load: number[]): Row[] {
  const loadNote = `load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)} during the runs`;
  const rows: Row[] = measured.map(({ partner, page, figures: f }) => ({
    measure: `Lighthouse ${partner} ${page.kind}${page.signedIn ? ' (signed in)' : ''}`,
    value: f.performance.toFixed(2),
    budget: 'perf>=0.95 CLS<=0.02 a11y/BP 1 SEO>=0.95',
    pass: withinBudget(f),
    note:
      `CLS ${f.cls.toFixed(3)}, a11y ${f.accessibility.toFixed(2)}, BP ${f.bestPractices.toFixed(2)}, SEO ${f.seo.toFixed(2)}; ` +
      `FCP ${ms(f.fcp)}, LCP ${ms(f.lcp)}, TBT ${Math.round(f.tbt)} ms` +
      (f.failing.length ? `; failing: ${f.failing.join(', ')}` : ''),
  }));
  if (!measured.length) return rows;
  const worst = (
    label: string,
    value: (f: Figures) => number,
    higherIsBetter: boolean,
    budget: string,
    ok: (v: number) => boolean,
    digits = 2,
  ) => {
    const sorted = [...measured].sort((a, b) =>
      higherIsBetter ? value(a.figures) - value(b.figures) : value(b.figures) - value(a.figures),
    );
    const w = sorted[0]!;
    const v = value(w.figures);
    rows.push({
      measure: `Lighthouse worst ${label} (${measured.length} pages, median of ${runs})`,
      value: v.toFixed(digits),
      budget,
      pass: ok(v),
      note: `${w.partner} ${w.page.kind} ${w.page.path}; ${loadNote}`,
    });
  };
  worst(
    'performance',
    (f) => f.performance,
    true,
    '>= 0.95',
    (v) => v >= BUDGET.performance,
  );
  worst(
    'CLS',
    (f) => f.cls,
    false,
    '<= 0.02',
    (v) => v <= BUDGET.cls,
    3,
  );
  worst(
    'accessibility',
    (f) => f.accessibility,
    true,
    '1.00',
    (v) => v >= BUDGET.accessibility,
  );
  worst(
    'best practices',
    (f) => f.bestPractices,
    true,
    '1.00',
    (v) => v >= BUDGET.bestPractices,
  );
  worst(
    'SEO',
    (f) => f.seo,
    true,
    '>= 0.95',
    (v) => v >= BUDGET.seo,
  );

  console.log(`\nLighthouse 12 mobile, median of ${runs} runs per page, cold cache; ${loadNote}\n`);
  console.log('| partner | page | performance | CLS | accessibility | best practices | SEO | FCP | LCP | TBT |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { partner, page, figures: f } of measured) {
    console.log(
      `| ${partner} | ${page.kind} \`${page.path}\` | ${f.performance.toFixed(2)} | ${f.cls.toFixed(3)} | ${f.accessibility.toFixed(2)} | ${f.bestPractices.toFixed(2)} | ${f.seo.toFixed(2)} | ${ms(f.fcp)} | ${ms(f.lcp)} | ${Math.round(f.tbt)} ms |`,
    );
  }
  return rows;
}
