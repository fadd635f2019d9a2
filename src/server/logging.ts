// The server's log options. A member who navigates away while a response is still streaming closes
// the connection; @fastify/compress reports that as an error ("premature close"), which would fill
// the error log with what is not a fault of the server. Those are logged at debug instead.
import { destination, type DestinationStream, type LoggerOptions } from 'pino';
import type { SonicBoom } from 'sonic-boom';

function isClientGone(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const code = (value as { code?: unknown }).code;
  return value.message === 'premature close' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** Longest log line written (characters); a longer one is replaced by cappedLine. */
export const MAX_LINE_CHARS = 8 * 1024;
const HEAD_CHARS = 2000;

/**
 * A line over MAX_LINE_CHARS as one that is not: its level, time and message kept, the rest cut to
 * its first HEAD_CHARS characters (as a string, so the line stays one JSON object) and its length.
 * Whatever a request carries, no single line can grow the log by more than this.
 */
export function cappedLine(line: string): string {
  const start = /^\{"level":(\d+),"time":(\d+)/.exec(line);
  // pino writes msg last.
  const msg = /"msg":"((?:[^"\\]|\\.){0,500})[^]*"\}\n?$/.exec(line.slice(-2000));
  let message = '';
  try {
    message = msg ? (JSON.parse(`"${msg[1]}"`) as string) : '';
  } catch {
    // A cut escape: no message, the head still shows it.
  }
  const capped = {
    level: start ? Number(start[1]) : 40,
    time: start ? Number(start[2]) : Date.now(),
    msg: message,
    truncated: true,
    chars: line.length,
    head: line.slice(0, HEAD_CHARS),
  };
  return `${JSON.stringify(capped)}\n`;
}

/**
 * Log lines gathered into blocks of about 16 KiB, each written with one write call (pino's
 * sonic-boom, synchronous); what is gathered goes out at least once a second and when the process
 * exits, a crash included (a kill -9 may lose the last second).
 *
 * Why: a write per line cost a cached CMS answer about a tenth of its throughput at LOG_LEVEL=info
 * (`npm run bench -- --only=ratios`). sonic-boom's own `minLength` buffering measures the
 * UTF-8 length of everything it holds on each line it is given (about 1 us a line at 4 KiB), and its
 * asynchronous mode hands every write to the thread pool, which cost more than the write itself.
 * Synchronous, as pino.destination() is by default: a log reader that stops reading holds the
 * server up rather than letting unwritten lines fill its memory.
 */
export class LineBlocks implements DestinationStream {
  private lines: string[] = [];
  private chars = 0;

  constructor(
    private readonly out: Pick<SonicBoom, 'write'>,
    private readonly blockChars = 16 * 1024,
  ) {}

  write(line: string): void {
    if (line.length > MAX_LINE_CHARS) line = cappedLine(line);
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.blockChars) this.flush();
  }

  /** Hands what is gathered to the writer. */
  flush(): void {
    if (this.lines.length === 0) return;
    const block = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(block);
  }
}

/** Standard output for the server's two apps (one writer, so their lines keep their order). */
export function logDestination(): DestinationStream {
  const blocks = new LineBlocks(destination({ dest: 1, sync: true }));
  // The last block: written at once (the writer is synchronous), even on the way out of a crash.
  process.on('exit', () => blocks.flush());
  setInterval(() => blocks.flush(), 1000).unref();
  return blocks;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      logMethod(args, method, levelValue) {
        // 50: error. The arguments are (error) or (error, message) as @fastify/compress passes them.
        if (levelValue === 50 && isClientGone(args[0])) {
          this.debug({ reason: (args[0] as Error).message }, 'client closed the connection before the response was sent');
          return;
        }
        method.apply(this, args);
      },
    },
  };
}
