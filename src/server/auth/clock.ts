// The time sign-in lockout, reset tokens and scheduled CMS publishes are judged by. Production reads
// the system clock; a test can move this app's clock forward (server tests call advance(); browser
// tests use the test-only routes in routes/auth.ts, present only with MB_TEST_HOOKS=1), so "unlocks
// after 30 minutes" or "goes live at 9:00" runs through exactly the code production runs, without
// waiting. Jobs that act at a time (the CMS schedule job) listen for moves and run at once.
import type { FastifyInstance } from 'fastify';

export interface Clock {
  now(): Date;
  advance(ms: number): void;
  reset(): void;
  /** Calls `listener` after every advance(); answers a function that stops it. */
  onAdvance(listener: () => Promise<unknown> | void): () => void;
  /** Resolves when the listeners of the moves so far have finished. */
  idle(): Promise<void>;
}

function createClock(): Clock {
  let offset = 0;
  const listeners = new Set<() => Promise<unknown> | void>();
  let running: Promise<unknown> = Promise.resolve();
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
      const calls = [...listeners].map(async (listener) => listener());
      running = Promise.allSettled([running, ...calls]);
    },
    reset() {
      offset = 0;
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async idle() {
      await running;
    },
  };
}

// One clock per app (keyed by its database handle, which every plugin context shares).
const clocks = new WeakMap<object, Clock>();

export function clockFor(app: FastifyInstance): Clock {
  let clock = clocks.get(app.db);
  if (!clock) {
    clock = createClock();
    clocks.set(app.db, clock);
  }
  return clock;
}
