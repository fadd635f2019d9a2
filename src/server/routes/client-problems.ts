// POST /api/ClientProblems: block faults the browser dropped in production (DESIGN §2: "the fault
// is logged and reported once"), so operators see broken layouts without visitors seeing them.
// Reports are added up, not written one by one (each report was two warn lines, and a
// flood of them filled the disk): per partner, page and kind of problem (its source and pointer) a
// count and the first message, written as one line per kind a minute (and when the app closes).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

interface ClientProblem {
  source: string;
  pointer: string;
  message: string;
}

/** Reports per client address per minute. */
export const CLIENT_PROBLEMS_RATE_LIMIT = 20;
/** How often the digest is written. */
export const DIGEST_MS = 60_000;
/** Kinds kept per digest; reports of further kinds are only counted. */
export const DIGEST_KINDS = 100;

interface Kind {
  partner: string;
  path: string;
  kind: string;
  count: number;
  sample: string;
}

/** The problems reported since the last digest, added up per partner, page and kind. */
export class ProblemDigest {
  private kinds = new Map<string, Kind>();
  private overflow = 0;

  add(partner: string, path: string, problem: ClientProblem): void {
    const kind = `${problem.source.slice(0, 120)}#${problem.pointer.slice(0, 120)}`;
    const page = path.slice(0, 200);
    const key = `${partner}\u0000${page}\u0000${kind}`;
    const known = this.kinds.get(key);
    if (known) known.count++;
    else if (this.kinds.size < DIGEST_KINDS)
      this.kinds.set(key, { partner, path: page, kind, count: 1, sample: problem.message.slice(0, 300) });
    else this.overflow++;
  }

  /** One warn line per kind, and one for reports past DIGEST_KINDS; then starts afresh. */
  flush(log: FastifyBaseLogger): void {
    for (const k of this.kinds.values()) {
      log.warn(
        { partner: k.partner, path: k.path, kind: k.kind, count: k.count, sample: k.sample },
        `client dropped a block ${k.count} time(s): ${k.kind}`,
      );
    }
    if (this.overflow) log.warn({ count: this.overflow }, `client problem reports of further kinds: ${this.overflow}`);
    this.kinds = new Map();
    this.overflow = 0;
  }
}

export default async function clientProblems(app: FastifyInstance): Promise<void> {
  const digest = new ProblemDigest();
  const timer = setInterval(() => digest.flush(app.log), DIGEST_MS).unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    digest.flush(app.log);
    done();
  });
  app.post<{ Body: { path?: string; problems: ClientProblem[] } }>(
    '/api/ClientProblems',
    {
      bodyLimit: 32 * 1024,
      config: { rateLimit: { max: CLIENT_PROBLEMS_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['problems'],
          properties: {
            path: { type: 'string', maxLength: 500 },
            problems: {
              type: 'array',
              minItems: 1,
              maxItems: 20,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['source', 'pointer', 'message'],
                properties: {
                  source: { type: 'string', maxLength: 300 },
                  pointer: { type: 'string', maxLength: 300 },
                  message: { type: 'string', maxLength: 1000 },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      for (const p of request.body.problems) digest.add(request.partner.id, request.body.path ?? '', p);
      return reply.code(204).send();
    },
  );
}
