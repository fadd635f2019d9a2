// Per-key attempt budgets in memory (per process), checked before any password hashing: a fixed
// window of `max` attempts per `windowMs` per key (an account: partner + identifier). The database
// lockouts (auth/lockout.ts, repos/cms.ts) count failures after the fact; this stops a burst of
// parallel attempts on one account before it costs a hash each.
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one attempt of `key`; false when the key has used its budget (the attempt is refused). */
  take(key: string, now = Date.now()): boolean {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= this.maxKeys) this.prune(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count <= this.max;
  }

  /** Forgets `key`'s attempts (after a successful sign-in, as the database lockout does). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Milliseconds until `key` may try again (0 when it may now). */
  retryAfterMs(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    return window && window.count >= this.max && window.resetAt > now ? window.resetAt - now : 0;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full (a spray of distinct keys): forget the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
