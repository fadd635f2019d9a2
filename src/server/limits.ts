// Counters behind every limit a stranger can run into (per-address and per-account rations of
// password work, and @fastify/rate-limit's per-route limits): fixed windows of `max` hits per
// `windowMs` per key. In memory with the embedded database (one process); shared through PostgreSQL
// with DATABASE_URL (limits.db.ts), so two instances behind a load balancer do not double a limit.

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
