// Bounded request logging: a flood must not fill the disk through the log. One line per
// answered request, as before, but at most LINES_PER_SECOND of them; refused requests (every 4xx:
// rate limited, CSRF, bad input, not found) are never written one by one. What is not written is
// counted per status, method and route, and the counts go out as one summary line a minute (and when
// the app closes). Both apps (the app and the providers origin) register it.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Request lines written per second at most; the rest are counted. */
export const LINES_PER_SECOND = 50;
/** How often the counts are written. */
export const SUMMARY_MS = 60_000;
/** Distinct counters kept per summary; more are added up under "other". */
const MAX_COUNTERS = 200;

declare module 'fastify' {
  interface FastifyInstance {
    /** The budget of per-request lines (also used for the 503 warnings in plugins/errors.ts). */
    requestLog: RequestLog;
  }
}

export class RequestLog {
  private counts = new Map<string, number>();
  private second = 0;
  private linesThisSecond = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly linesPerSecond = LINES_PER_SECOND,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more per-request line may be written now (else count it). */
  mayWrite(): boolean {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.linesThisSecond = 0;
    }
    return ++this.linesThisSecond <= this.linesPerSecond;
  }

  /** Counts one event not written as its own line. */
  count(key: string): void {
    const known = this.counts.get(key);
    if (known !== undefined) this.counts.set(key, known + 1);
    else if (this.counts.size < MAX_COUNTERS) this.counts.set(key, 1);
    else this.counts.set('other', (this.counts.get('other') ?? 0) + 1);
  }

  /** Writes the counts (one line) and starts afresh. */
  flush(): void {
    if (this.counts.size === 0) return;
    const counted = Object.fromEntries(this.counts);
    let total = 0;
    for (const n of this.counts.values()) total += n;
    this.counts = new Map();
    this.log.info({ counted, total }, 'requests counted, not logged one by one');
  }
}

export default fp(
  async function requestLog(app: FastifyInstance) {
    const log = new RequestLog(app.log);
    app.decorate('requestLog', log);
    const timer = setInterval(() => log.flush(), SUMMARY_MS).unref();
    app.addHook('onClose', (_app, done) => {
      clearInterval(timer);
      log.flush();
      done();
    });
    // Callback-style: every request runs it (see app.ts).
    // Nothing to write or count below info (the tests' silent logger, LOG_LEVEL=warn).
    if (!['trace', 'debug', 'info'].includes(app.log.level)) return;
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      if (status >= 400 && status < 500) {
        log.count(`${status} ${request.method} ${request.routeOptions.url ?? '(no route)'}`);
      } else if (log.mayWrite()) {
        request.log.info(
          { method: request.method, url: request.url.slice(0, 500), statusCode: status, ms: Math.round(reply.elapsedTime * 10) / 10 },
          'request',
        );
      } else {
        log.count(`${status} ${request.method} ${request.routeOptions.url ?? '(no route)'}`);
      }
      done();
    });
  },
  { name: 'request-log' },
);
