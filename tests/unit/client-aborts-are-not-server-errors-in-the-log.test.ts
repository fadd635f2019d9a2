// A member who leaves a page while its response is still streaming is not a server fault: the
// "premature close" @fastify/compress reports then is logged at debug, and real errors stay errors.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '#server/logging.ts';

function appWithLog(level: string) {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions(level), stream } });
  return { app, lines };
}

describe('server log', () => {
  it('logs a connection the client closed early at debug, not as an error', async () => {
    const { app, lines } = appWithLog('debug');
    app.log.error(new Error('premature close'));
    await app.close();
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => [l.level, l.msg])).toContainEqual([20, 'client closed the connection before the response was sent']);
  });

  it('is silent about it at the production level (info) and keeps every other error', async () => {
    const { app, lines } = appWithLog('info');
    app.log.error(new Error('premature close'));
    app.log.error(new Error('disk full'));
    await app.close();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[50, 'disk full']]);
  });
});
