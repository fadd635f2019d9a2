// The server's log (src/server/logging.ts): lines are gathered into blocks of about 16 KiB before
// they are written, in the order they were logged, and none is lost when the process exits or
// crashes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineBlocks } from '#server/logging.ts';

describe('LineBlocks', () => {
  it('writes nothing until about 16 KiB is gathered, then one block with every line in order', () => {
    const written: string[] = [];
    const blocks = new LineBlocks({ write: (block: string) => written.push(block) > 0 });
    const line = (i: number) => `{"msg":"request ${i}","pad":"${'x'.repeat(80)}"}\n`;
    for (let i = 0; i < 10; i++) blocks.write(line(i));
    expect(written).toEqual([]);
    for (let i = 10; i < 200; i++) blocks.write(line(i));
    expect(written.length).toBe(1);
    expect(written[0]!.length).toBeGreaterThanOrEqual(16 * 1024);
    blocks.flush();
    expect(written.join('')).toBe(Array.from({ length: 200 }, (_, i) => line(i)).join(''));
    blocks.flush();
    expect(written.length).toBe(2);
  });
});

describe('the server log', () => {
  const root = new URL('../..', import.meta.url).pathname;
  const run = (ending: 'exit' | 'crash' | 'quiet') =>
    spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tests/utils/log-lines.ts'), ending], { cwd: root, encoding: 'utf8' });
  const lines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i?: number; msg: string });

  it('has every line, in order, when the process exits', () => {
    const out = lines(run('exit').stdout);
    expect(out).toHaveLength(5001);
    expect(out.slice(0, 5000).every((l, i) => l.i === i)).toBe(true);
    expect(out.at(-1)?.msg).toBe('last line');
  });

  it('has every line logged before an uncaught error', () => {
    const result = run('crash');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('boom');
    expect(lines(result.stdout)).toHaveLength(5001);
  });

  it('writes a line logged in a quiet moment within about a second, while the process runs', () => {
    const result = run('quiet');
    expect(result.signal).toBe('SIGKILL');
    expect(lines(result.stdout).map((l) => l.msg)).toEqual(['quiet']);
  });
});
