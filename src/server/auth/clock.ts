// The time sign-in lockout and reset tokens are judged by. Production reads the system clock; a
// test can move this app's clock forward (server tests call advance(); browser tests use the
// test-only routes in routes/auth.ts, present only with MB_TEST_HOOKS=1), so "unlocks after 30
// minutes" runs through exactly the code production runs, without waiting 30 minutes.
import type { FastifyInstance } from 'fastify';

export interface Clock {
  now(): Date;
  advance(ms: number): void;
  reset(): void;
}

function createClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
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
