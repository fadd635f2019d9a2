// `npm run bench -- --only=server-footprint`: the compiled server as `npm start` runs it
// (dist/server/server.js, no TypeScript loader; built client present), on the embedded database and,
// when TEST_DATABASE_URL or DATABASE_URL names a PostgreSQL, on a throw-away database beside it.
//
// Per database:
// - first start: a fresh database, migrated and seeded, until GET /api/CSRF answers (information);
// - start to first answer: the same database again, as every later start is (budget 2 s);
// - resident memory: VmRSS of the server process (/proc/<pid>/status: the main thread, the database
//   and password worker threads; the image child is a process of its own and idle here) after 30 s of
//   mixed load: anonymous pages of three partners, API reads (bootstrap with the layouts, a CMS page,
//   merchant searches and a merchant), and a member sign-in every two seconds (budgets: embedded
//   350 MiB, PostgreSQL 150 MiB). The peak (VmHWM) is in the note.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtClient, builtServer, startServer, type RunningServer } from './production-server.ts';
import type { Row } from './row.ts';
import { throwawayPostgres } from '../../src/server/db/throwaway-postgres.ts';

const START_BUDGET_MS = 2000;
const RSS_BUDGET_MIB = { embedded: 350, postgres: 150 } as const;
const PASSWORD = 'Dining-2026!';

interface Autocannon {
  (options: {
    url: string;
    connections: number;
    duration: number;
    workers?: number;
    requests: { method: string; path: string; headers: Record<string, string> }[];
  }): Promise<{ requests: { total: number }; non2xx: number; errors: number; timeouts: number }>;
}

/** kB figures of /proc/<pid>/status, in MiB. */
function memoryOf(pid: number): { rss: number; peak: number; anon: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS') / 1024, peak: field('VmHWM') / 1024, anon: field('RssAnon') / 1024, threads: field('Threads') };
}

/** CPU seconds the process (all its threads) has used: utime + stime of /proc/<pid>/stat, at 100 ticks a second. */
function cpuSecondsOf(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function call(base: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A seeded member's sign-in through the API, as the app does it (CSRF cookie and header), from its own address. */
async function signIn(base: string, partner: string, email: string, address: string): Promise<number> {
  const headers = { host: `${partner}.localhost`, 'x-forwarded-for': address };
  const csrf = await call(base, 'GET', '/api/CSRF', headers);
  const cookie = String(csrf.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const res = await call(
    base,
    'POST',
    '/api/Member/SignIn',
    { ...headers, cookie, 'x-xsrf-token': csrfToken, 'content-type': 'application/json' },
    JSON.stringify({ email, password: PASSWORD }),
  );
  return res.status;
}

/** 30 s (or `seconds`) of pages and API reads on 20 connections, with a member sign-in every two seconds. */
async function mixedLoad(server: RunningServer, seconds: number): Promise<string> {
  const page = (partner: string, path: string) => ({ method: 'GET', path, headers: { host: `${partner}.localhost`, accept: 'text/html' } });
  const api = (path: string) => ({ method: 'GET', path, headers: { host: 'skyline.localhost', accept: 'application/json' } });
  const requests = [
    page('skyline', '/'),
    api('/api/bootstrap'),
    api('/api/cms/pages/home/?page_size=100'),
    page('greenleaf', '/'),
    api('/api/v2/Merchants/Search?location=40.75,-73.99'),
    page('metro', '/'),
    api('/api/v2/Merchants/10006?location=40.7577,-73.9857'),
    api('/api/v2/Merchants/Search?location=41.88,-87.63&priceRange=2,3'),
    page('skyline', '/merchants/10006'),
  ];
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const members = ['skyline', 'greenleaf', 'metro'].flatMap((partner) =>
    ['card0', 'card2', 'vip', 'noncard'].map((key) => ({ partner, email: `${key}@${partner}.example` })),
  );
  let signingIn = true;
  const signIns = { ok: 0, failed: 0 };
  const signer = (async () => {
    for (let i = 0; signingIn; i++) {
      const member = members[i % members.length]!;
      const status = await signIn(server.base, member.partner, member.email, `10.9.${i >> 8}.${i & 255}`).catch(() => 0);
      if (status === 200) signIns.ok++;
      else signIns.failed++;
      await new Promise((r) => setTimeout(r, 2000));
    }
  })();
  const result = await autocannon({ url: server.base, connections: 20, duration: seconds, workers: 1, requests });
  signingIn = false;
  await signer;
  const failures = result.non2xx + result.errors + result.timeouts;
  return `${result.requests.total} requests${failures ? ` (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)` : ', all 2xx'}, ${signIns.ok} sign-ins${signIns.failed ? `, ${signIns.failed} failed` : ''}`;
}

async function measure(kind: 'embedded' | 'postgres', env: Record<string, string>, seconds: number): Promise<Row[]> {
  const label = kind === 'embedded' ? 'embedded PGlite' : 'PostgreSQL';
  // Trust the bench's loopback address as a proxy, so the sign-ins come from many addresses.
  const serverEnv = { ...env, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' };
  const first = await startServer({ env: serverEnv, timeoutMs: 600_000 });
  const firstMs = first.answeredAt - first.spawnedAt;
  await first.stop();

  const server = await startServer({ env: serverEnv, timeoutMs: 300_000 });
  try {
    const startMs = server.answeredAt - server.spawnedAt;
    const load = loadavg()[0]!.toFixed(1);
    const pid = server.child.pid!;
    // What the start cost in CPU, which the machine's load does not stretch as it does the wall time.
    const startCpu = cpuSecondsOf(pid);
    const idle = memoryOf(pid);
    const note = await mixedLoad(server, seconds);
    const loaded = memoryOf(pid);
    return [
      { measure: `server first start, fresh ${label} (migrate + seed; ms)`, value: firstMs.toFixed(0), budget: '-', pass: null },
      {
        measure: `server start to first answer, ${label} (ms)`,
        value: startMs.toFixed(0),
        budget: `<= ${START_BUDGET_MS}`,
        pass: startMs <= START_BUDGET_MS,
        note: `compiled, built client; ${startCpu.toFixed(2)} s of CPU (all threads) by then; load average ${load}`,
      },
      {
        measure: `server resident memory after ${seconds} s mixed load, ${label} (MiB)`,
        value: loaded.rss.toFixed(0),
        budget: `<= ${RSS_BUDGET_MIB[kind]}`,
        pass: loaded.rss <= RSS_BUDGET_MIB[kind],
        note: `idle after start ${idle.rss.toFixed(0)}, peak ${loaded.peak.toFixed(0)}, anonymous ${loaded.anon.toFixed(0)}, ${loaded.threads} threads; ${note}`,
      },
    ];
  } finally {
    await server.stop();
  }
}

export async function benchServerFootprint(seconds = 30): Promise<Row[]> {
  builtClient();
  builtServer();
  const rows: Row[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'menuboard-bench-footprint-'));
  try {
    rows.push(...(await measure('embedded', { DATA_DIR: join(dataDir, 'db'), DATABASE_URL: '' }, seconds)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
  if (!adminUrl) {
    console.log('  server-footprint: no TEST_DATABASE_URL or DATABASE_URL, so no PostgreSQL rows');
    return rows;
  }
  const postgres = await throwawayPostgres(adminUrl, 'menuboard_bench');
  try {
    rows.push(...(await measure('postgres', { DATABASE_URL: postgres.url }, seconds)));
  } finally {
    await postgres.drop();
  }
  return rows;
}
