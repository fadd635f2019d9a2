// Counters behind every limit a stranger can run into (per-address and per-account rations of
// password work, and @fastify/rate-limit's per-route limits): fixed windows of `max` hits per
// `windowMs` per key. In memory with the embedded database (one process); shared through PostgreSQL
// with DATABASE_URL (DatabaseCounters below), so two instances behind a load balancer do not double
// a limit.
import type { FastifyInstance } from 'fastify';
import type { Queryable } from './db/index.ts';

export interface Hit {
  /** Hits of this key in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface LimitCounters {
  /** Counts one hit of `key` in a window of `windowMs` (a new window starts when the last one is over). */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Forgets `key`'s hits (after a successful sign-in). */
  reset(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters limits are kept in (memory, or PostgreSQL when DATABASE_URL is set). */
    limits: LimitCounters;
  }
}

/** Counters in this process; at most `maxKeys` windows kept (a spray of distinct keys forgets the oldest). */
export class MemoryCounters implements LimitCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string, windowMs: number): Promise<Hit> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= this.maxKeys) this.prune(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return Promise.resolve({ count: window.count, resetInMs: window.resetAt - now });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** Whether a hit is within `max`; the seconds to wait otherwise (for Retry-After). */
export function overLimit(hit: Hit, max: number): number {
  return hit.count <= max ? 0 : Math.max(1, Math.ceil(hit.resetInMs / 1000));
}

/**
 * Counters in PostgreSQL (table limit_counters), for several instances on one database: one atomic
 * upsert per hit, so parallel hits on two instances are counted one by one.
 */
export class DatabaseCounters implements LimitCounters {
  constructor(private readonly db: Queryable) {}

  /** PostgreSQL text holds no NUL (keys use it as a separator); long keys are cut. */
  private static stored(key: string): string {
    return key.replace(/\u0000/g, '\u001f').slice(0, 400);
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const { rows } = await this.db.query<{ count: number; reset_in_ms: number }>(
      `insert into limit_counters as c (key, count, reset_at) values ($1, 1, now() + $2::int * interval '1 millisecond')
       on conflict (key) do update set
         count = case when c.reset_at <= now() then 1 else c.count + 1 end,
         reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
       returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as reset_in_ms`,
      [DatabaseCounters.stored(key), Math.max(1, Math.round(windowMs))],
    );
    return { count: Number(rows[0]!.count), resetInMs: Math.ceil(Number(rows[0]!.reset_in_ms)) };
  }

  async reset(key: string): Promise<void> {
    await this.db.query('delete from limit_counters where key = $1', [DatabaseCounters.stored(key)]);
  }

  /** Deletes the rows whose window is over (run every minute). */
  async prune(): Promise<void> {
    await this.db.query("delete from limit_counters where reset_at < now() - interval '1 minute'");
  }
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over these counters (its custom store interface: `incr` and `child`),
 * so per-route rate limits are kept where the other limits are: shared through PostgreSQL with
 * DATABASE_URL. Each route counts under its own method and URL.
 */
export function rateLimitStore(counters: LimitCounters) {
  return class CountersStore {
    private readonly prefix: string;
    constructor(prefix?: unknown) {
      // The plugin constructs the root store with its options; a child passes its route's prefix.
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }
    // The plugin passes the route's window (ms) and max too; its types name only the first two.
    incr(key: string, callback: StoreCallback, timeWindow?: number): void {
      counters.hit(`${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: Error) => callback(error),
      );
    }
    // The plugin hands the merged route options, the route itself under routeInfo (not in its types).
    child(routeOptions: object): CountersStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new CountersStore(`rl:${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}:`);
    }
  };
}

/** The counters an app keeps its limits in: PostgreSQL when it has one (with a minute's cleanup), else memory. */
export function countersFor(app: FastifyInstance): LimitCounters {
  if (!app.config.databaseUrl) return new MemoryCounters();
  const counters = new DatabaseCounters(app.db);
  const timer = setInterval(() => {
    counters.prune().catch((error: unknown) => app.log.warn({ err: error }, 'could not prune limit counters'));
  }, 60_000).unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
  return counters;
}
