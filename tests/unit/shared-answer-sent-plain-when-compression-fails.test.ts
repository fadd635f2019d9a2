// A shared answer (src/server/encoded-body.ts) whose compression fails is sent as it is, not as an
// error, and the next request tries compressing again.
import { afterAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { brotliDecompressSync } from 'node:zlib';

const failures = vi.hoisted(() => ({ left: 1 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  const brotliCompress = (input: Buffer, options: object, callback: (error: Error | null, result?: Buffer) => void) => {
    if (failures.left > 0) {
      failures.left -= 1;
      setImmediate(() => callback(new Error('Cannot allocate memory')));
      return;
    }
    zlib.brotliCompress(input, options, callback);
  };
  return { ...zlib, default: { ...zlib, brotliCompress }, brotliCompress };
});

const { EncodedBody, sendEncoded } = await import('#server/encoded-body.ts');

const page = `<!doctype html><p>${'Dine out, earn miles. '.repeat(200)}</p>`;
const body = new EncodedBody(page);
const app = Fastify();
app.get('/', (request, reply) => sendEncoded(request, reply.type('text/html; charset=utf-8'), body));
afterAll(() => app.close());

describe('a shared answer whose compression fails', () => {
  it('is sent uncompressed, then compressed once compressing works again', async () => {
    const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body).toBe(page);

    const second = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(page);
  });
});
