// Password hashing: scrypt with N = 2^17, r = 8, p = 1 (OWASP's minimum), 16-byte salt.
// Stored as `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { serverFile } from './files.ts';

//
// Each hash takes 128 MiB and a core for a few hundred milliseconds, so no caller may hold the
// hashing for others. Every hash runs in a pool (HashQueue below): a few slots, and in front of them
// one queue per lane (the kind of call: member sign-in, sign-in of an unknown identifier, join, reset,
// profile change; editor sign-in; the sso provider's sign-in and sign-up). A lane may hold all slots
// but one, so a flood of any one kind of call leaves a slot to every other kind; waiting lanes take
// turns; each waiter has a deadline and each lane a bounded length, past which the call fails at once
// with PasswordBusyError (answered 503 + Retry-After by plugins/errors.ts). Memory stays bounded (one
// 128 MiB hash per slot). The per-account and per-address rations in front of the queue are
// auth/password-ration.ts.
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 } as const;

export class PasswordBusyError extends Error {
  constructor() {
    super('Too many sign-ins are being checked right now. Please try again in a moment.');
    this.name = 'PasswordBusyError';
  }
}

interface Waiter {
  lane: string;
  start: () => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * A pool of `slots` with a bounded queue per lane. A lane runs at most `laneSlots` hashes at once
 * (all slots but one, when there are two or more), lanes with waiters take turns for a freed slot,
 * and a waiter not started within `deadlineMs` is refused.
 */
export class HashQueue {
  private readonly running = new Map<string, number>();
  private readonly queues = new Map<string, Waiter[]>();
  /** When each lane last started a hash (a running count): the lane served longest ago goes next. */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private active = 0;
  /** Lanes of background work (no deadline), which may use every slot. */
  private readonly background = new Set<string>();
  readonly laneSlots: number;

  constructor(
    readonly slots: number,
    readonly maxQueuePerLane: number,
    readonly deadlineMs: number,
  ) {
    this.laneSlots = Math.max(1, slots - 1);
  }

  /** Hashes running now (all lanes). */
  get busy(): number {
    return this.active;
  }

  /**
   * Runs `fn` in a slot of `lane`. `deadlineMs` null is background work (seeding, a dummy hash made
   * once): it waits as long as it takes and may use every slot.
   */
  async run<T>(lane: string, fn: () => Promise<T>, deadlineMs: number | null = this.deadlineMs): Promise<T> {
    if (deadlineMs === null) this.background.add(lane);
    if (this.active < this.slots && (this.running.get(lane) ?? 0) < this.capOf(lane) && !this.queues.get(lane)?.length) {
      this.take(lane);
    } else {
      const queue = this.queues.get(lane) ?? [];
      if (queue.length >= this.maxQueuePerLane) throw new PasswordBusyError();
      this.queues.set(lane, queue);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          lane,
          start: resolve,
          timer:
            deadlineMs === null
              ? undefined
              : setTimeout(() => {
                  queue.splice(queue.indexOf(waiter), 1);
                  if (queue.length === 0) this.queues.delete(lane);
                  reject(new PasswordBusyError());
                }, deadlineMs),
        };
        queue.push(waiter);
      });
    }
    try {
      return await fn();
    } finally {
      this.active--;
      const left = (this.running.get(lane) ?? 1) - 1;
      if (left > 0) this.running.set(lane, left);
      else this.running.delete(lane);
      this.startNext();
    }
  }

  /** Whether a call in `lane` would be refused now (the lane cannot start and its queue is full). */
  wouldRefuse(lane: string): boolean {
    const canStart = this.active < this.slots && (this.running.get(lane) ?? 0) < this.capOf(lane) && !this.queues.get(lane)?.length;
    return !canStart && (this.queues.get(lane)?.length ?? 0) >= this.maxQueuePerLane;
  }

  private capOf(lane: string): number {
    return this.background.has(lane) ? this.slots : this.laneSlots;
  }

  private take(lane: string): void {
    this.active++;
    this.running.set(lane, (this.running.get(lane) ?? 0) + 1);
    this.lastServed.set(lane, ++this.served);
    // Forget lanes long idle (lane names are a fixed few, but the map must not grow regardless).
    if (this.lastServed.size > 64)
      for (const name of this.lastServed.keys()) if (!this.running.has(name) && !this.queues.has(name)) this.lastServed.delete(name);
  }

  /** Gives freed slots to waiting lanes in turn: the lane that started a hash longest ago first. */
  private startNext(): void {
    while (this.active < this.slots) {
      let next: string | null = null;
      for (const [lane, queue] of this.queues) {
        if (queue.length === 0 || (this.running.get(lane) ?? 0) >= this.capOf(lane)) continue;
        if (next === null || (this.lastServed.get(lane) ?? 0) < (this.lastServed.get(next) ?? 0)) next = lane;
      }
      if (next === null) return;
      const queue = this.queues.get(next)!;
      const waiter = queue.shift()!;
      if (queue.length === 0) this.queues.delete(next);
      clearTimeout(waiter.timer);
      this.take(next);
      waiter.start();
    }
  }
}

/** `members`: members' sign-in, enrolment, recovery, profile; `editors`: CMS editor sign-in; `providers`: the demo sso provider. */
export type HashPool = 'members' | 'editors' | 'providers';

/** How long a password check may wait for a slot before it is refused (503, try again). */
export const HASH_QUEUE_DEADLINE_MS = 3000;
/** Callers that may wait in one lane. */
export const HASH_QUEUE_PER_LANE = 16;

export const HASH_POOLS: Record<HashPool, HashQueue> = {
  // Two slots: a flooded lane holds one, every other lane has the second.
  members: new HashQueue(2, HASH_QUEUE_PER_LANE, HASH_QUEUE_DEADLINE_MS),
  editors: new HashQueue(1, HASH_QUEUE_PER_LANE, HASH_QUEUE_DEADLINE_MS),
  providers: new HashQueue(1, HASH_QUEUE_PER_LANE, HASH_QUEUE_DEADLINE_MS),
};

/**
 * Which pool and lane a hash runs in. A request names its lane and waits at most the deadline; a bare
 * pool name is background work (seeding, the dummy hash made once) in that pool's own lane, no deadline.
 */
export type PasswordWork = HashPool | { pool: HashPool; lane: string };

/**
 * Refuses at once (PasswordBusyError, answered 503) a call whose hash would be refused anyway, before
 * it does any other work: a flood of joins used to look each email up in the database first, then
 * queue and be refused, and those lookups made members' sign-ins wait behind them.
 */
export function refuseWhenHashingIsFull(work: PasswordWork): void {
  // Background work (a bare pool name) waits as long as it takes: never refused.
  if (typeof work !== 'string' && HASH_POOLS[work.pool].wouldRefuse(work.lane)) throw new PasswordBusyError();
}

/** How many hashes have started per pool (tests check that refused attempts cost none). */
export const hashesStarted: Record<HashPool, number> = { members: 0, editors: 0, providers: 0 };

/**
 * Lanes whose hashes run at normal CPU priority: the sign-ins, where a person waits at the door. The
 * others (join, reset, profile change, provider sign-up, background work) run in a lower-priority
 * thread: the security bench found a member's sign-in p95 at 2.2x idle while joins were flooded on
 * two cores, the flood's one slot taking a core from the sign-in.
 */
const SIGN_IN_LANES: ReadonlySet<string> = new Set(['sign-in', 'editor-sign-in', 'provider-sign-in']);

function pooled<T>(work: PasswordWork, fn: (lowPriority: boolean) => Promise<T>): Promise<T> {
  const { pool, lane, deadline } =
    typeof work === 'string' ? { pool: work, lane: work, deadline: null } : { ...work, deadline: HASH_POOLS[work.pool].deadlineMs };
  return HASH_POOLS[pool].run(
    lane,
    () => {
      hashesStarted[pool]++;
      return fn(!SIGN_IN_LANES.has(lane));
    },
    deadline,
  );
}

/** Niceness of the threads that hash the lanes that may wait (0 normal, 19 lowest). */
const LOW_PRIORITY_NICE = 10;

interface HashJob {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

/** Worker threads at a lower priority; as many as hashes can run at once in the pools. */
class LowPriorityHasher {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly waiting: Array<{ message: Record<string, unknown>; job: HashJob }> = [];
  private readonly jobs = new Map<number, HashJob>();
  private nextId = 0;

  constructor(private readonly size: number) {}

  hash(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    return this.send({ password, salt, keyLength, options }) as Promise<Buffer>;
  }

  /** The niceness a hashing thread runs at (tests). */
  priority(): Promise<number> {
    return this.send({ op: 'priority' }) as Promise<unknown> as Promise<number>;
  }

  private send(message: Record<string, unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const job: HashJob = { resolve: resolve as HashJob['resolve'], reject };
      const worker = this.idle.pop() ?? (this.workers.length < this.size ? this.spawn() : undefined);
      if (worker) this.start(worker, message, job);
      else this.waiting.push({ message, job });
    });
  }

  private start(worker: Worker, message: Record<string, unknown>, job: HashJob): void {
    const id = ++this.nextId;
    this.jobs.set(id, job);
    worker.ref();
    worker.postMessage({ ...message, id });
  }

  private spawn(): Worker {
    const worker = new Worker(serverFile('password-worker.mjs'), { workerData: { nice: LOW_PRIORITY_NICE } });
    worker.on('message', (answer: { id: number; key?: Uint8Array; error?: string; priority?: number }) => {
      const job = this.jobs.get(answer.id);
      this.jobs.delete(answer.id);
      if (answer.error !== undefined) job?.reject(new Error(answer.error));
      else job?.resolve((answer.key ? Buffer.from(answer.key) : answer.priority) as Buffer);
      const next = this.waiting.shift();
      if (next) this.start(worker, next.message, next.job);
      else {
        // An idle hashing thread does not keep the process alive.
        worker.unref();
        this.idle.push(worker);
      }
    });
    worker.on('error', (error) => {
      // A crashed thread fails its job; the next hash starts a new one.
      for (const [id, job] of this.jobs) {
        this.jobs.delete(id);
        job.reject(error);
      }
      this.workers.splice(this.workers.indexOf(worker), 1);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    this.workers.push(worker);
    return worker;
  }
}

const SLOTS_IN_ALL = Object.values(HASH_POOLS).reduce((sum, pool) => sum + pool.slots, 0);
export const lowPriorityHasher = new LowPriorityHasher(SLOTS_IN_ALL);

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions, lowPriority: boolean): Promise<Buffer> {
  const normalized = password.normalize('NFKC');
  if (lowPriority) return lowPriorityHasher.hash(normalized, salt, keyLength, options);
  return new Promise((resolve, reject) => {
    scryptCb(normalized, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
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

export async function hashPassword(password: string, work: PasswordWork = 'members'): Promise<string> {
  const { N, r, p, keyLength } = fastTestHashing() ? FAST_TEST_PARAMS : SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await pooled(work, (low) => scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, low));
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null, work: PasswordWork = 'members'): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const N = Number(n);
  const started = performance.now();
  const key = await pooled(work, (low) =>
    scrypt(
      password,
      Buffer.from(saltText, 'base64url'),
      expected.length,
      { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) },
      low,
    ),
  );
  rememberCheckTime(performance.now() - started);
  return timingSafeEqual(key, expected);
}

// An identifier that matches no account must answer in the time a wrong password takes, or the
// answer's timing would tell who has an account. It used to be checked against a dummy hash, so a
// flood of made-up identifiers held a core for every address's ration (the security bench's sign-in p95 under
// that flood was 2.6x idle). Now it waits as long as a real check took: a duration drawn from the
// last checks made (queueing included, so it follows the load), with no hash at all.
const CHECK_TIMES_KEPT = 32;
const recentCheckTimes: number[] = [];
let nextCheckTime = 0;
let measuredOnce: Promise<void> | null = null;

function rememberCheckTime(ms: number): void {
  recentCheckTimes[nextCheckTime] = ms;
  nextCheckTime = (nextCheckTime + 1) % CHECK_TIMES_KEPT;
}

/** Takes as long as checking a password does, without hashing (one background hash per process measures it first). */
export async function waitAsLongAsACheck(): Promise<void> {
  if (recentCheckTimes.length === 0) {
    // Background work in the members pool: waits its turn, never refused, once per process.
    measuredOnce ??= hashPassword(randomBytes(16).toString('hex')).then((hash) => void verifyPassword('-', hash, 'members'));
    await measuredOnce;
  }
  const ms = recentCheckTimes[Math.floor(Math.random() * recentCheckTimes.length)] ?? 0;
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Checks `password` against `stored`, or, when there is no account (null), answers false in the time a check takes. */
export async function verifyOrWait(password: string, stored: string | null, work: PasswordWork): Promise<boolean> {
  if (stored !== null) return verifyPassword(password, stored, work);
  await waitAsLongAsACheck();
  return false;
}
