// POST /api/Impressions (spec 000 §7): a batch of impression records, counted and answered 202.
// Stored as daily counters per page, block and event (repos/impressions.ts), so neither a chatty
// page nor a flood fills the disk: one address may post IMPRESSIONS_RATE_LIMIT batches a minute of
// at most 50 records (64 KiB), identical records add up in one row, a partner's new keys per day
// are capped, and counters older than IMPRESSION_RETENTION_DAYS are deleted by an hourly job the
// listening server starts. Each record is counted under the member state of the request's session
// (the page editor shows views by state), which the server decides, not the browser.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Impression } from '#shared/generated/types.ts';
import { memberStateOf, type MemberState } from '#shared/member-state.ts';
import { visitorKindOf } from '#shared/visitor.ts';
import { deleteOldImpressions, recordImpressions, type ImpressionKey } from '../repos/impressions.ts';
import { sendError } from '../error-reply.ts';

/** Batches per client address per minute (a member's browsing posts a few). */
export const IMPRESSIONS_RATE_LIMIT = 60;
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, max) : null);

/** The member app's cookie of a known (pre-login) member's public id (features/session/public-id.ts). */
const PUBLIC_ID_COOKIE = 'mb_public_id';

/** The counted key of a record: its event, the page path (without query or fragment), block id and member state. */
export function impressionKey(record: Impression, memberState: MemberState | '' = ''): ImpressionKey {
  const fields = record as Record<string, unknown>;
  const page = text(fields.path, 500) ?? text(fields.page, 500) ?? '';
  return {
    event: text(fields.event, 64) ?? 'impression',
    page: page.replace(/[?#].*$/s, '').slice(0, 200),
    blockId: text(fields.blockId, 100) ?? text(fields.block, 100) ?? '',
    memberState,
  };
}

/** Who sent the batch: the signed-in member's kind and tier, else a known member by cookie, else anonymous. */
async function requestMemberState(request: FastifyRequest): Promise<MemberState> {
  const found = await request.signedInMember();
  if (found) {
    const kind = visitorKindOf({ memberType: found.member.member_type, tierLevel: found.member.tier_level });
    return memberStateOf(kind, found.member.tier_level);
  }
  return request.cookies[PUBLIC_ID_COOKIE] ? 'known' : 'anonymous';
}

export default async function impressions(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Impression[] }>(
    '/api/Impressions',
    {
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: IMPRESSIONS_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        body: { $ref: 'api/impressions.schema.json#' },
        response: {
          400: { $ref: 'api/error.schema.json#' },
          202: { type: 'object', additionalProperties: false, required: ['accepted'], properties: { accepted: { type: 'integer' } } },
        },
      },
    },
    async (request, reply) => {
      const rows = request.body;
      // The schema checks the ISO shape; this catches impossible dates (month 13).
      const bad = rows.findIndex((r) => Number.isNaN(Date.parse(r.dateTime)));
      if (bad >= 0) {
        return sendError(reply, 400, `body/${bad}/dateTime must be a valid ISO date-time`, {
          errors: [{ field: `${bad}/dateTime`, message: 'must be a valid ISO date-time' }],
        });
      }
      const state = await requestMemberState(request);
      await recordImpressions(
        app.db,
        request.partner.id,
        rows.map((row) => impressionKey(row, state)),
        new Date(),
      );
      return reply.code(202).send({ accepted: rows.length });
    },
  );

  // The retention job: started by the listening server (not by tests' app.inject), unref'd so it
  // never holds the process open.
  let timer: NodeJS.Timeout | null = null;
  const cleanUp = async () => {
    try {
      const removed = await deleteOldImpressions(app.db, app.config.impressionRetentionDays, new Date());
      if (removed) app.log.info({ removed }, 'impressions: deleted counters past retention');
    } catch {
      app.log.warn('impressions: cleanup failed; retrying at the next interval');
    }
  };
  app.addHook('onListen', async () => {
    if (timer) return;
    void cleanUp();
    timer = setInterval(() => void cleanUp(), CLEANUP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
}
