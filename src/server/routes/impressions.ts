// POST /api/Impressions (spec 000 §7): a batch of impression records, stored and answered 202.
import type { FastifyInstance } from 'fastify';
import type { Impression } from '#shared/generated/types.ts';

export default async function impressions(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Impression[] }>(
    '/api/Impressions',
    {
      bodyLimit: 64 * 1024,
      schema: {
        body: { $ref: 'api/impressions.schema.json#' },
        response: { 400: { $ref: 'api/error.schema.json#' }, 202: { type: 'object', additionalProperties: false, required: ['accepted'], properties: { accepted: { type: 'integer' } } } },
      },
    },
    async (request, reply) => {
      const rows = request.body;
      // The schema checks the ISO shape; this catches impossible dates (month 13) before the database does.
      if (rows.some((r) => Number.isNaN(Date.parse(r.dateTime)))) {
        return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'body/dateTime must be a valid ISO date-time' });
      }
      // One statement for the whole batch (unnest), not a round trip per record.
      await app.db.query(
        `insert into impressions (partner_id, channel, date_time, user_agent, fields)
         select $1, 'web', t.date_time, t.user_agent, t.fields
         from unnest($2::timestamptz[], $3::text[], $4::jsonb[]) as t(date_time, user_agent, fields)`,
        [
          request.partner.id,
          rows.map((r) => r.dateTime),
          rows.map((r) => r.userAgent),
          rows.map(({ channel: _c, dateTime: _d, userAgent: _u, ...rest }) => JSON.stringify(rest)),
        ],
      );
      return reply.code(202).send({ accepted: rows.length });
    },
  );
}
