// The image child that makes an upload's variants (src/server/media/process.ts) runs every one of its
// threads under Linux's SCHED_IDLE policy: it gets a core only when no member request's thread wants
// it and yields at once when one wakes (nice 19 alone let it finish its time slice first, which
// doubled members' p99 during uploads in the bench's "media" section).
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedEditors } from '#server/seed/editors.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { editorOf, png } from './media-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['skyline']);
});
afterAll(() => t?.close());

const SCHED_IDLE = 5;

/** Processes whose parent is this one and whose command line runs the image worker. */
function imageChildren(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('image-worker.mjs');
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/** The scheduling policy of each thread of a process (/proc/<pid>/task/<tid>/stat, field 41). */
function threadPolicies(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
  });
}

it.runIf(process.platform === 'linux')('makes the variants in a child whose every thread runs under SCHED_IDLE', async () => {
  const editor = await editorOf(t.app, t.db, 'skyline');
  const res = await editor.upload('dish.png', await png(800, 600));
  expect(res.statusCode).toBe(201);
  // The child stays a minute after its last image: it is there to look at.
  const [child] = imageChildren();
  expect(child, 'an image child of this process').toBeDefined();
  const policies = threadPolicies(child!);
  expect(policies.length).toBeGreaterThan(1);
  expect(
    policies.every((policy) => policy === SCHED_IDLE),
    `policies ${policies.join(', ')}`,
  ).toBe(true);
});
