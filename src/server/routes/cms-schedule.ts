// The scheduled-publish job: publishes every CMS entry whose scheduled time has come,
// checking every SCHEDULE_POLL_MS while the server listens, at start, and whenever a test moves the
// app's clock (auth/clock.ts), so tests see "goes live at 9:00" through this same code without
// waiting. Runs never overlap; a failed run is logged and the next one tries again. Browser tests age
// one entry's schedule instead (POST /api/__test/cms/schedule/age, MB_TEST_HOOKS=1 only), so tests
// running beside them keep their clock.
import type { FastifyInstance } from 'fastify';
import { ageSchedule, applyDueSchedules, isScheduled } from '../repos/cms.ts';
import { recordScheduledPage } from '../repos/cms-pages.ts';
import { clockFor } from '../auth/clock.ts';
import { cmsCacheFor } from '../cms-cache.ts';
import { cmsGroupOf, isCmsContentName } from '#shared/cms.ts';
import { testHooksEnabled } from '../env.ts';
import { sendError } from '../error-reply.ts';

/** How often the listening server looks for due schedules: a publish goes live at most this late. */
export const SCHEDULE_POLL_MS = 10_000;

export default async function cmsSchedule(app: FastifyInstance): Promise<void> {
  const cache = cmsCacheFor(app.db);
  const clock = clockFor(app);
  let closed = false;
  let chain: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    if (closed) return;
    try {
      for (;;) {
        const applied = await applyDueSchedules(app.db, clock.now(), 50, recordScheduledPage);
        for (const done of applied) {
          cache.invalidate(done.partnerId, done.group);
          app.log.info(done, 'cms: scheduled publish applied');
        }
        if (applied.length < 50) break;
      }
    } catch (error) {
      app.log.warn({ err: error }, 'cms: scheduled publishes failed; retrying at the next check');
    }
  };
  /** One run after the current one, never two at once. */
  const run = (): Promise<void> => (chain = chain.then(runOnce));

  const stopListening = clock.onAdvance(run);
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onListen', async () => {
    if (timer) return;
    void run();
    timer = setInterval(() => void run(), SCHEDULE_POLL_MS);
    timer.unref();
  });
  if (testHooksEnabled()) {
    // Makes ageMs pass for one entry's scheduled publish of this host's partner, then runs the job;
    // answers whether the entry still has a schedule.
    app.post<{ Body: { group: string; slug: string; ageMs: number } }>(
      '/api/__test/cms/schedule/age',
      {
        schema: {
          body: {
            type: 'object',
            required: ['group', 'slug', 'ageMs'],
            additionalProperties: false,
            properties: {
              group: { type: 'string', maxLength: 40 },
              slug: { type: 'string', maxLength: 100 },
              ageMs: { type: 'integer', minimum: 0, maximum: 400 * 24 * 3600 * 1000 },
            },
          },
        },
      },
      async (request, reply) => {
        const { group, slug, ageMs } = request.body;
        if (!isCmsContentName(group)) return sendError(reply, 404, 'Not Found');
        const key: [string, string, string] = [request.partner.id, cmsGroupOf(group), slug];
        await ageSchedule(app.db, key, ageMs);
        await run();
        return { scheduled: await isScheduled(app.db, key) };
      },
    );
  }

  app.addHook('onClose', async () => {
    closed = true;
    stopListening();
    if (timer) clearInterval(timer);
    timer = null;
    await chain;
  });
}
