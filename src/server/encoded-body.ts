// A response body that many requests share (a cached CMS answer, the anonymous page of a partner),
// held as bytes and compressed once per encoding rather than once per response.
//
// Why: @fastify/compress compresses every answer again, as a stream sent in chunks, and a body
// held as a JavaScript string is encoded to UTF-8 again by every socket write. For the busiest
// answers both are wasted work (bench "as production runs"): these are sent as ready
// buffers with their Content-Encoding set, which the compress hook passes through untouched.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than the header it costs (also the compress plugin's threshold, app.ts). */
export const COMPRESS_THRESHOLD = 1024;

/** Accept-Encoding values repeat (one per browser family), so their answers are kept, a bounded few. */
const negotiated = new Map<string, Encoding | null>();
const NEGOTIATED_MAX = 64;

function negotiateEncoding(header: string): Encoding | null {
  let chosen = negotiated.get(header);
  if (chosen === undefined) {
    chosen = negotiate<Encoding>(header, ['br', 'gzip']);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, chosen);
  }
  return chosen;
}

export class EncodedBody {
  readonly identity: Buffer;
  /** Each encoding being made (a promise), then made (its bytes). */
  private readonly compressed = new Map<Encoding, Promise<Buffer> | Buffer>();

  constructor(body: string | Buffer) {
    this.identity = typeof body === 'string' ? Buffer.from(body) : body;
  }

  /**
   * The body in this encoding, made on first use: off the event loop (zlib's thread pool) and at
   * the highest settings, since each encoding is made once for every response that follows.
   */
  encoded(encoding: Encoding): Promise<Buffer> {
    const known = this.compressed.get(encoding);
    if (known) return Promise.resolve(known);
    const made =
      encoding === 'br'
        ? brotli(this.identity, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
            },
          })
        : gzipped(this.identity, { level: constants.Z_BEST_COMPRESSION });
    this.compressed.set(encoding, made);
    made.then(
      (bytes) => this.compressed.set(encoding, bytes),
      // Tried again by a later request; this one is sent as it is (sendEncoded).
      () => this.compressed.delete(encoding),
    );
    return made;
  }

  /** The body in this encoding if it has been made already. */
  encodedNow(encoding: Encoding): Buffer | undefined {
    const known = this.compressed.get(encoding);
    return Buffer.isBuffer(known) ? known : undefined;
  }
}

/** The encoding to send for this request's Accept-Encoding, or null for the body as it is. */
function preferredEncoding(request: FastifyRequest, body: EncodedBody): Encoding | null {
  if (body.identity.length < COMPRESS_THRESHOLD) return null;
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  return negotiateEncoding(header);
}

/**
 * Sends the body in the best encoding the request accepts; the caller sets Content-Type. Sent at
 * once (undefined is returned) unless that encoding is still being made: then the promise of the
 * send, which a route handler returns. Answering in the same turn spares the busiest answers a
 * promise and a microtask each.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): Promise<FastifyReply> | undefined {
  // The bytes differ by Accept-Encoding whichever is sent: a shared cache must keep one per encoding.
  // Added to what the caller varies by (a server-rendered page varies by cookie too).
  if (body.identity.length >= COMPRESS_THRESHOLD) {
    const vary = reply.getHeader('vary');
    reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, accept-encoding` : 'accept-encoding');
  }
  const encoding = preferredEncoding(request, body);
  if (encoding === null) {
    void reply.send(body.identity);
    return undefined;
  }
  reply.header('content-encoding', encoding);
  const ready = body.encodedNow(encoding);
  if (ready) {
    void reply.send(ready);
    return undefined;
  }
  return body.encoded(encoding).then(
    (bytes) => reply.send(bytes),
    (error: unknown) => {
      reply.log.warn({ err: error, encoding }, 'compressing a shared answer failed; sent uncompressed');
      reply.removeHeader('content-encoding');
      return reply.send(body.identity);
    },
  );
}
