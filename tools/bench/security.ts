// `npm run bench -- --only=security` (DESIGN §9 "Abuse"), against the real server process
// (src/server/server.ts, NODE_ENV=production, LOG_LEVEL=info, its log written to a file as a log
// collector would take it, embedded database in a scratch folder, TRUST_PROXY=127.0.0.1 so each
// X-Forwarded-For address below counts as a client of its own):
// 1. every public write flooded for 15 s from 250 addresses (64 requests in flight): how much the
//    log, the database folder and the outbox grew (budget: 5 MiB in all);
// 2. a member's sign-in p95 while each password-hashing call is flooded (40 in flight from 250
//    addresses, or 40 parallel profile changes from one session), against the same sign-ins idle
//    (budget: 2x idle each).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Row } from './row.ts';
import { serverCommand } from './production-server.ts';

const MiB = 1024 * 1024;
const PASSWORD = 'Dining-2026!';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function call(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Bytes under `path`, leaving out the folders named in `skip` (anywhere below). */
function sizeOf(path: string, skip: readonly string[] = []): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path)
    .filter((name) => !skip.includes(name))
    .reduce((sum, name) => sum + sizeOf(join(path, name), skip), 0);
}

// The database's write-ahead log is a set of preallocated 16 MiB segment files, recycled at each
// checkpoint and capped by max_wal_size whatever the traffic, so one new segment reads as 16 MiB of
// "growth" after a few kilobytes of writes. It is shown on a row of its own, outside the budget.
const WAL = ['pg_wal'];
const sizes = (server: Server) => ({
  log: sizeOf(server.logFile),
  data: sizeOf(server.dataDir, WAL),
  wal: sizeOf(join(server.dataDir, 'pg_wal')),
  outbox: sizeOf(server.outboxDir),
});

const addresses = Array.from({ length: 250 }, (_, i) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`);
let nextAddress = 0;
const anyAddress = () => addresses[nextAddress++ % addresses.length]!;
let unique = 0;
const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.max(0, Math.ceil(times.length * 0.95) - 1)] ?? 0;

interface Server {
  base: string;
  providers: string;
  logFile: string;
  dataDir: string;
  outboxDir: string;
  stop(): Promise<void>;
}

async function startServer(root: string, scratch: string): Promise<Server> {
  const [port, providersPort] = [await freePort(), await freePort()];
  const logFile = join(scratch, 'server.log');
  const dataDir = join(scratch, 'db');
  const outboxDir = join(scratch, 'outbox');
  const clientDir = join(scratch, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      PROVIDERS_PORT: String(providersPort),
      DATA_DIR: dataDir,
      OUTBOX_DIR: outboxDir,
      CLIENT_DIR: clientDir,
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: '',
      MB_TEST_HOOKS: '',
    },
    stdio: ['ignore', log, log],
  });
  let stopping: Promise<void> | undefined;
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await call(base, 'GET', '/api/CSRF', { host: 'skyline.localhost' })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('the server did not start within 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    providers: `http://127.0.0.1:${providersPort}`,
    logFile,
    dataDir,
    outboxDir,
    stop: () =>
      (stopping ??= (async () => {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
        closeSync(log);
      })()),
  };
}

/** A browser of one partner at one address: its CSRF cookie and token, and writes that carry them. */
async function browser(base: string, partner: string, address: string) {
  const headers = { host: `${partner}.localhost`, 'x-forwarded-for': address };
  const csrf = await call(base, 'GET', '/api/CSRF', headers);
  let cookies = [String(csrf.headers['set-cookie'] ?? '').split(';')[0] ?? ''];
  let token = (JSON.parse(csrf.text) as { csrfToken: string }).csrfToken;
  const send = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await call(
      base,
      method,
      path,
      {
        ...headers,
        cookie: cookies.join('; '),
        'x-xsrf-token': token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body === undefined ? undefined : JSON.stringify(body),
    );
    const rotated = res.headers['x-xsrf-token'];
    if (typeof rotated === 'string') token = rotated;
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const pair = c.split(';')[0]!;
      const name = pair.split('=')[0];
      cookies = [...cookies.filter((k) => !k.startsWith(`${name}=`)), pair];
    }
    return res;
  };
  return { send };
}

type Browser = Awaited<ReturnType<typeof browser>>;

/** Runs `job` with `inFlight` calls at a time until `stop` resolves; counts the answers. */
function flood(inFlight: number, job: () => Promise<string>): { stop(): Promise<Map<string, number>> } {
  let running = true;
  const counts = new Map<string, number>();
  const loop = async () => {
    while (running) {
      const key = await job().catch((error: Error) => `error ${error.message}`);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  };
  const loops = Array.from({ length: inFlight }, loop);
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return counts;
    },
  };
}

const summary = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, n]) => `${n}x${k}`)
    .join(', ');

/** Every write a stranger can send without signing in, each as a request of its own. */
function publicWrites(server: Server, browsers: Browser[]): Array<() => Promise<string>> {
  const some = () => browsers[Math.floor(Math.random() * browsers.length)]!;
  // Every third browser is greenleaf's (no partner number to join with).
  const greenleaf = () => browsers[3 * Math.floor(Math.random() * Math.floor((browsers.length + 1) / 3)) + 1]!;
  const report = {
    path: '/flood',
    problems: Array.from({ length: 20 }, (_, i) => ({ source: 'layout:home', pointer: `/blocks/b${i}`, message: 'm'.repeat(1000) })),
  };
  const impression = (i: number) => ({
    channel: 'web',
    dateTime: new Date().toISOString(),
    userAgent: 'flood/1.0',
    event: 'page_view',
    path: `/p/${i}`,
  });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const ssoParams = { partner: 'harbor', state: 'flood', return_to: 'http://harbor.localhost/api/Member/SSO/Callback', mode: 'signin' };
  const provider = (path: string, body: string) =>
    call(
      server.providers,
      'POST',
      path,
      { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': anyAddress() },
      body,
    ).then((r) => `${r.status} ${path}`);
  const tagged = (path: string) => (r: Answer) => `${r.status} ${path}`;
  return [
    () => some().send('POST', '/api/ClientProblems', report).then(tagged('ClientProblems')),
    () =>
      some()
        .send(
          'POST',
          '/api/Impressions',
          Array.from({ length: 50 }, (_, i) => impression(unique++ * 50 + i)),
        )
        .then(tagged('Impressions')),
    () =>
      some()
        .send('POST', '/api/Members/Prospects', { email: `lead-${unique++}@skyline.example` })
        .then(tagged('Prospects (email)')),
    () =>
      greenleaf()
        .send('POST', '/api/Members/Prospects', {
          email: `join-${unique++}@greenleaf.example`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          firstName: 'Flood',
          lastName: 'Test',
          zipCode: '10036',
        })
        .then(tagged('Prospects (join)')),
    () =>
      some()
        .send('POST', '/api/Member/SignIn', { email: `nobody-${unique++}@skyline.example`, password: 'wrong-password' })
        .then(tagged('SignIn')),
    () => some().send('POST', '/api/Member/Recover', { emailOrPartnerNumber: 'card0@skyline.example' }).then(tagged('Recover')),
    () =>
      some()
        .send('POST', '/api/Member/Recover/Update', { token: `t${unique++}`, password: PASSWORD, passwordConfirm: PASSWORD })
        .then(tagged('Recover/Update')),
    () =>
      some()
        .send('POST', '/api/cms/editor/session', { email: `ed-${unique++}@skyline.example`, password: 'wrong-password' })
        .then(tagged('editor session')),
    () =>
      some()
        .send('GET', '/api/Members/Validate/Email?email=' + encodeURIComponent(`v${unique++}@skyline.example`))
        .then(tagged('Validate/Email')),
    () => provider('/sso/authorize', form({ ...ssoParams, email: `nobody-${unique++}@harbor.example`, password: 'wrong' })),
    () =>
      provider(
        '/sso/register',
        form({ ...ssoParams, mode: 'join', email: `reg-${unique++}@harbor.example`, firstName: 'F', lastName: 'T', password: PASSWORD }),
      ),
    () =>
      call(
        server.providers,
        'POST',
        '/captcha/solve',
        { 'content-type': 'application/json', 'x-forwarded-for': anyAddress() },
        '{"site":"skyline"}',
      ).then(tagged('captcha')),
  ];
}

async function floodRows(server: Server, seconds: number): Promise<Row[]> {
  const browsers = await Promise.all(addresses.map((a, i) => browser(server.base, ['skyline', 'greenleaf', 'metro'][i % 3]!, a)));
  // Let the start-up settle (seeding wrote its pages, the first log blocks went out).
  await new Promise((r) => setTimeout(r, 2000));
  const before = sizes(server);
  const writes = publicWrites(server, browsers);
  let turn = 0;
  const running = flood(64, () => writes[turn++ % writes.length]!());
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const counts = await running.stop();
  await server.stop();
  const after = sizes(server);
  const grew = {
    log: after.log - before.log,
    data: after.data - before.data,
    wal: after.wal - before.wal,
    outbox: after.outbox - before.outbox,
  };
  const total = grew.log + grew.data + grew.outbox;
  const requests = [...counts.values()].reduce((a, b) => a + b, 0);
  const fivexx = [...counts].filter(([k]) => /^5/.test(k)).reduce((a, [, n]) => a + n, 0);
  console.log(`  security flood: ${requests} requests in ${seconds} s; ${summary(counts)}`);
  return [
    {
      measure: `flood of every public write, ${seconds} s, 250 addresses: requests`,
      value: String(requests),
      budget: '-',
      pass: null,
      note: `${fivexx} answered 5xx (503 busy expected)`,
    },
    { measure: 'flood: log growth (MiB)', value: (grew.log / MiB).toFixed(2), budget: '-', pass: null },
    {
      measure: 'flood: data growth, database + outbox (MiB)',
      value: ((grew.data + grew.outbox) / MiB).toFixed(2),
      budget: '-',
      pass: null,
      note: `outbox ${(grew.outbox / MiB).toFixed(2)}`,
    },
    {
      measure: 'flood: write-ahead log segments (MiB)',
      value: (grew.wal / MiB).toFixed(2),
      budget: '-',
      pass: null,
      note: 'preallocated 16 MiB files, recycled at checkpoints; not in the budget',
    },
    { measure: 'flood: log + data growth (MiB)', value: (total / MiB).toFixed(2), budget: '<= 5', pass: total <= 5 * MiB },
  ];
}

async function signInRows(server: Server): Promise<Row[]> {
  const accounts = ['skyline', 'greenleaf', 'metro'].flatMap((partner) =>
    ['card0', 'card2', 'vip', 'noncard'].map((key) => ({ partner, email: `${key}@${partner}.example` })),
  );
  const signIns = async (rounds = 1): Promise<{ times: number[]; failures: string[] }> => {
    const times: number[] = [];
    const failures: string[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const { partner, email } of accounts) {
        const b = await browser(server.base, partner, `10.88.${round}.${unique++ % 250}`);
        const started = performance.now();
        const res = await b.send('POST', '/api/Member/SignIn', { email, password: PASSWORD });
        times.push(performance.now() - started);
        if (res.status !== 200) failures.push(`${email} ${res.status}`);
      }
    }
    return { times, failures };
  };
  // A member whose session floods profile changes (not one of the accounts measured: it locks).
  const thief = await browser(server.base, 'greenleaf', '10.99.0.1');
  const joined = await thief.send('POST', '/api/Members/Prospects', {
    email: 'bench-profile@greenleaf.example',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    firstName: 'Bench',
    lastName: 'Profile',
    zipCode: '10036',
  });
  if (joined.status !== 201) throw new Error(`bench member join: ${joined.status} ${joined.text.slice(0, 200)}`);
  const b = (partner = 'skyline') => browser(server.base, partner, anyAddress());
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const ssoParams = { partner: 'harbor', state: 'flood', return_to: 'http://harbor.localhost/api/Member/SSO/Callback' };
  const provider = (path: string, fields: Record<string, string>) =>
    call(
      server.providers,
      'POST',
      path,
      { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': anyAddress() },
      form(fields),
    ).then((r) => String(r.status));
  const floods: Array<{ name: string; job: () => Promise<string> }> = [
    {
      name: 'member sign-in (unknown emails)',
      job: async () =>
        String((await (await b()).send('POST', '/api/Member/SignIn', { email: `x${unique++}@skyline.example`, password: 'wrong' })).status),
    },
    {
      name: 'join',
      job: async () =>
        String(
          (
            await (
              await b('greenleaf')
            ).send('POST', '/api/Members/Prospects', {
              email: `flood-${unique++}@greenleaf.example`,
              password: PASSWORD,
              passwordConfirm: PASSWORD,
              firstName: 'F',
              lastName: 'T',
              zipCode: '10036',
            })
          ).status,
        ),
    },
    {
      name: 'reset (tokens guessed)',
      job: async () =>
        String(
          (
            await (
              await b()
            ).send('POST', '/api/Member/Recover/Update', { token: `g${unique++}`, password: PASSWORD, passwordConfirm: PASSWORD })
          ).status,
        ),
    },
    {
      name: 'profile password change (one session)',
      job: async () =>
        String((await thief.send('PUT', '/api/Member', { password: 'New-Password-2026!', currentPassword: `guess-${unique++}` })).status),
    },
    {
      name: 'editor sign-in',
      job: async () =>
        String(
          (await (await b()).send('POST', '/api/cms/editor/session', { email: `e${unique++}@skyline.example`, password: 'wrong' })).status,
        ),
    },
    {
      name: 'provider sign-in',
      job: () => provider('/sso/authorize', { ...ssoParams, mode: 'signin', email: `p${unique++}@harbor.example`, password: 'wrong' }),
    },
    {
      name: 'provider sign-up',
      job: () =>
        provider('/sso/register', {
          ...ssoParams,
          mode: 'join',
          email: `s${unique++}@harbor.example`,
          firstName: 'F',
          lastName: 'T',
          password: PASSWORD,
        }),
    },
  ];

  await signIns(); // warm-up: the dummy hash, connections, caches
  // Idle twice as often as during a flood: it is the baseline every flood is held against.
  const idle = await signIns(2);
  const idleP95 = p95(idle.times);
  const rows: Row[] = [
    {
      measure: 'member sign-in p95, idle (ms)',
      value: idleP95.toFixed(0),
      budget: '-',
      pass: null,
      note: `${idle.times.length} sign-ins${idle.failures.length ? `; failed: ${idle.failures.join(', ')}` : ''}`,
    },
  ];
  for (const { name, job } of floods) {
    const running = flood(40, job);
    await new Promise((r) => setTimeout(r, 1000));
    const during = await signIns();
    const counts = await running.stop();
    const value = p95(during.times);
    rows.push({
      measure: `member sign-in p95, ${name} flooded (ms)`,
      value: value.toFixed(0),
      budget: `<= 2x idle (${(idleP95 * 2).toFixed(0)})`,
      pass: value <= idleP95 * 2 && during.failures.length === 0 && idle.failures.length === 0,
      note: `flood answers: ${summary(counts)}${during.failures.length ? `; member sign-ins failed: ${during.failures.join(', ')}` : ''}`,
    });
  }
  return rows;
}

export async function benchSecurity(root: string, seconds = 15): Promise<Row[]> {
  const rows: Row[] = [];
  for (const part of ['flood', 'sign-in'] as const) {
    const scratch = mkdtempSync(join(tmpdir(), 'menuboard-bench-security-'));
    const server = await startServer(root, scratch);
    try {
      if (part === 'flood') rows.push(...(await floodRows(server, seconds)));
      else rows.push(...(await signInRows(server)));
    } finally {
      await server.stop();
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return rows;
}
