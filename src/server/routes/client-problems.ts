// POST /api/ClientProblems: block faults the browser dropped in production (DESIGN §2: "the fault
// is logged and reported once"), so operators see broken layouts without visitors seeing them.
import type { FastifyInstance } from 'fastify';

interface ClientProblem {
  source: string;
  pointer: string;
  message: string;
}

/** Reports per client address per minute: each is a log line, so a flood must not fill the log. */
export const CLIENT_PROBLEMS_RATE_LIMIT = 20;

export default async function clientProblems(app: FastifyInstance): Promise<void> {
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
      for (const p of request.body.problems) {
        app.log.warn(
          { partner: request.partner.id, path: request.body.path, problem: p },
          `client dropped a block: ${p.source}#${p.pointer}: ${p.message}`,
        );
      }
      return reply.code(204).send();
    },
  );
}
