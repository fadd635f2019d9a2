// Password hashing: scrypt with N = 2^17, r = 8, p = 1 (OWASP's minimum), 16-byte salt.
// Stored as `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

//
// Each hash takes 128 MiB and a core for a few hundred milliseconds, so hashes run in small pools
// (a semaphore each, bounded queue): a flood of editor sign-ins can use one core at most and never
// delays members' sign-ins, memory stays bounded (one 128 MiB hash per slot), and a call past a full
// queue fails at once with PasswordBusyError (answered 503 + Retry-After by plugins/errors.ts). The
// editors' queue is long on purpose: a waiting attacker costs nothing and sends nothing new.
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 } as const;

export class PasswordBusyError extends Error {
  constructor() {
    super('Too many sign-ins are being checked right now. Please try again in a moment.');
    this.name = 'PasswordBusyError';
  }
}

export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    readonly max: number,
    readonly maxQueue: number,
  ) {}

  get running(): number {
    return this.active;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      if (this.waiting.length >= this.maxQueue) throw new PasswordBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next caller (active stays the same).
      if (next) next();
      else this.active--;
    }
  }
}

/** `members`: members' sign-in, enrolment, recovery, profile; `editors`: CMS editor sign-in. */
export type HashPool = 'members' | 'editors';
export const HASH_POOLS: Record<HashPool, Semaphore> = {
  members: new Semaphore(2, 64),
  editors: new Semaphore(1, 64),
};

/** How many hashes have started per pool (tests check that refused attempts cost none). */
export const hashesStarted: Record<HashPool, number> = { members: 0, editors: 0 };

function pooled<T>(pool: HashPool, fn: () => Promise<T>): Promise<T> {
  return HASH_POOLS[pool].run(() => {
    hashesStarted[pool]++;
    return fn();
  });
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The browser tests' server (tools/e2e-server.mjs) signs members in hundreds of times a run and seeds
 * every demo member at start. With MB_TEST_HOOKS=1 and MB_TEST_FAST_HASHING=1 (set by that server
 * only) new hashes use N = 2^10: about 2 ms instead of 300. A stored hash names its N, so both kinds
 * verify. Never set in a deployment (the server warns at start when it is).
 */
export function fastTestHashing(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MB_TEST_HOOKS === '1' && env.MB_TEST_FAST_HASHING === '1';
}
const FAST_TEST_PARAMS = { ...SCRYPT_PARAMS, N: 2 ** 10 } as const;

export async function hashPassword(password: string, pool: HashPool = 'members'): Promise<string> {
  const { N, r, p, keyLength } = fastTestHashing() ? FAST_TEST_PARAMS : SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await pooled(pool, () => scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }));
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null, pool: HashPool = 'members'): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const N = Number(n);
  const key = await pooled(pool, () =>
    scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r),
    }),
  );
  return timingSafeEqual(key, expected);
}
