// Bounded logging: each accepted client problem report was logged twice at warn level
// (~60 KB for a 29.5 KB request, 302 MiB in 5 s from the loopback's addresses), and every refused
// (429) request wrote a line of its own (0.4-1.2 MB/s from one address). Now reports are added up per
// partner, page and kind with a sample kept, refused requests are counted, request lines have a
// budget per second, and no line is longer than MAX_LINE_CHARS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cappedLine, LineBlocks, loggerOptions, MAX_LINE_CHARS } from '#server/logging.ts';
import { CLIENT_PROBLEMS_RATE_LIMIT } from '#server/routes/client-problems.ts';
import { LINES_PER_SECOND } from '#server/plugins/request-log.ts';
import { RESET_MAILS_PER_WINDOW } from '#server/routes/recovery.ts';
import { existsSync, readdirSync } from 'node:fs';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

let t: TestApp;
let written: string[] = [];
const bytes = () => written.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
const lines = () => written.flatMap((block) => block.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  // The server's own log path (logging.ts): pino with its hooks into LineBlocks, a block per line.
  const stream = new LineBlocks({ write: (block: string) => void written.push(block) } as never, 1);
  t = await createTestApp({ logger: { ...loggerOptions('info'), stream } });
});
afterAll(async () => {
  await t?.close();
});

async function writer(app: FastifyInstance, partner: string, address: string) {
  const jar = cookieJar();
  const token = await csrfFor(app, partner, jar);
  return (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        ...host(partner),
        cookie: jar.header(),
        'x-xsrf-token': token,
        'x-forwarded-for': address,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(payload),
    });
}

describe('client problem reports', () => {
  it('a flood of the largest reports from many addresses grows the log by kilobytes, not megabytes', async () => {
    // The 29.5 KB report of the issue: 20 problems with the longest fields allowed.
    const report = {
      path: '/flooded',
      problems: Array.from({ length: 20 }, (_, i) => ({ source: `layout:home`, pointer: `/blocks/b${i % 4}`, message: 'm'.repeat(1000) })),
    };
    written = [];
    let accepted = 0;
    for (let a = 0; a < 25; a++) {
      const post = await writer(t.app, 'skyline', `198.51.100.${a + 1}`);
      for (let i = 0; i < CLIENT_PROBLEMS_RATE_LIMIT; i++) if ((await post('/api/ClientProblems', report)).statusCode === 204) accepted++;
    }
    expect(accepted).toBe(25 * CLIENT_PROBLEMS_RATE_LIMIT);
    const during = bytes();
    // 500 reports of 30 KB each: the old log wrote about 30 MB here.
    expect(during).toBeLessThan(200 * 1024);
    expect(lines().some((l) => String(l.msg).startsWith('client dropped a block'))).toBe(false);
  });
});

describe('refused requests', () => {
  it('are counted, not logged one by one', async () => {
    const post = await writer(t.app, 'greenleaf', '198.51.100.200');
    written = [];
    let refused = 0;
    // An invalid body (400), and past the per-address limit 429.
    for (let i = 0; i < 300; i++) if ([400, 429].includes((await post('/api/ClientProblems', { problems: [] })).statusCode)) refused++;
    expect(refused).toBe(300);
    expect(lines().filter((l) => l.statusCode === 400 || l.statusCode === 429)).toHaveLength(0);
    expect(bytes()).toBeLessThan(4 * 1024);
  });
});

describe('request lines', () => {
  it('are written within a budget per second; the rest are counted', async () => {
    written = [];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 400 }, () => t.app.inject({ method: 'GET', url: '/api/feature-flags', headers: host('metro') })),
    );
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(lines().filter((l) => l.msg === 'request').length).toBeLessThanOrEqual(LINES_PER_SECOND * seconds);
  });
});

describe('reset mails', () => {
  it('one member gets a few per quarter hour however many addresses ask', async () => {
    const mails = () =>
      existsSync(t.config.outboxDir) ? readdirSync(t.config.outboxDir).filter((f) => f.endsWith('-card0@metro.example.json')).length : 0;
    const before = mails();
    for (let a = 0; a < 30; a++) {
      const post = await writer(t.app, 'metro', `192.0.2.${a + 100}`);
      expect((await post('/api/Member/Recover', { emailOrPartnerNumber: 'card0@metro.example' })).statusCode).toBe(202);
    }
    expect(mails() - before).toBe(RESET_MAILS_PER_WINDOW);
  });
});

describe('every line has a size cap', () => {
  it('a line carrying 100 KB is written as one capped JSON line that keeps its level and message', async () => {
    written = [];
    t.app.log.warn({ huge: 'x'.repeat(100 * 1024) }, 'something large happened');
    const [line] = written;
    expect(line!.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    const parsed = JSON.parse(line!) as { level: number; msg: string; truncated: boolean; chars: number };
    expect(parsed).toMatchObject({ level: 40, msg: 'something large happened', truncated: true });
    expect(parsed.chars).toBeGreaterThan(100 * 1024);
    // A line without a readable message stays valid JSON too.
    expect(() => JSON.parse(cappedLine(`{"level":30,"time":1,"a":"${'\\"'.repeat(6000)}`))).not.toThrow();
  });
});

describe('the digest', () => {
  it('writes one line per kind of problem with its count and a sample when the app closes', async () => {
    const stream = new LineBlocks({ write: (block: string) => void own.push(block) } as never, 1);
    const own: string[] = [];
    const app = await createTestApp({ seed: false, logger: { ...loggerOptions('info'), stream } });
    const post = await writer(app.app, 'skyline', '198.51.100.250');
    for (let i = 0; i < 5; i++) {
      await post('/api/ClientProblems', { path: '/x', problems: [{ source: 'layout:home', pointer: '/blocks/a', message: `broke ${i}` }] });
    }
    await app.close();
    const digests = own
      .flatMap((b) => b.split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as { msg: string; count?: number; sample?: string; kind?: string })
      .filter((l) => l.msg.startsWith('client dropped a block'));
    expect(digests).toEqual([expect.objectContaining({ count: 5, sample: 'broke 0', kind: 'layout:home#/blocks/a' })]);
  });
});
