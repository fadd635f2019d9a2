// The external review survey on the second origin (spec 001 §7: "the review link opens an
// external survey form with parameters date, merchant id, transaction id, member family id,
// merchant name and type settle"). GET /review/:formCode shows a plain form (no script) for that
// visit; POST records the review, which GET /api/reviews/status then reports as completed: the
// stand-in for the survey service telling the rewards back end. Only a transaction id the ledger
// knows is recorded, once.
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '#shared/html.ts';
import { page } from './html.ts';

interface ReviewQuery {
  date?: string;
  merchantId?: string;
  transactionId?: string;
  familyId?: string;
  merchantName?: string;
  type?: string;
}

interface ReviewBody extends ReviewQuery {
  rating?: string;
  comment?: string;
}

const FORM_CODE = '^[A-Za-z0-9_-]{1,60}$';
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const querySchema = {
  type: 'object',
  properties: {
    date: text(10),
    merchantId: text(64),
    transactionId: text(64),
    familyId: text(64),
    merchantName: text(120),
    type: text(20),
  },
} as const;

const CSP = "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function reviewPage(query: ReviewQuery, error?: string): string {
  const hidden = (['date', 'merchantId', 'transactionId', 'familyId', 'merchantName', 'type'] as const)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(query[k] ?? '')}">`)
    .join('');
  const ratings = [5, 4, 3, 2, 1].map((n) => `<option value="${n}">${n} star${n === 1 ? '' : 's'}</option>`).join('');
  const body = `<main><div class="card">
<h2>Review ${escapeHtml(query.merchantName ?? 'your visit')}</h2>
<p class="sub">Your visit on ${escapeHtml(visitDate(query.date))}. It takes less than a minute.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
${hidden}
<label for="rating">Your rating</label>
<select id="rating" name="rating" required><option value="">Choose…</option>${ratings}</select>
<label for="comment">Tell us about it (optional)</label>
<input id="comment" name="comment" maxlength="500">
<button class="primary" type="submit">Send review</button>
</form></div></main>`;
  return page({ title: 'Review your visit', css: '/sso/sso.css', body });
}

export default async function review(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { code: string }; Querystring: ReviewQuery }>(
    '/review/:code',
    {
      schema: {
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: FORM_CODE } } },
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      reply.header('content-security-policy', CSP).header('cache-control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(reviewPage(request.query));
    },
  );

  app.post<{ Params: { code: string }; Body: ReviewBody }>(
    '/review/:code',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: FORM_CODE } } },
        body: { ...querySchema, properties: { ...querySchema.properties, rating: text(1), comment: text(500) } },
      },
    },
    async (request, reply) => {
      reply.header('content-security-policy', CSP).header('cache-control', 'no-store');
      const body = request.body ?? {};
      if (!/^[1-5]$/.test(body.rating ?? '')) {
        return reply.code(400).type('text/html; charset=utf-8').send(reviewPage(body, 'Please choose a rating.'));
      }
      await app.db.query(
        `insert into transaction_reviews (partner_id, member_id, source_transaction_id, completed_at)
         select partner_id, member_id, source_transaction_id, now() from member_transactions
         where source_transaction_id = $1 limit 1
         on conflict do nothing`,
        [body.transactionId ?? ''],
      );
      const done = `<main><div class="card"><h2>Thank you!</h2><p class="sub">Your review of ${escapeHtml(body.merchantName ?? 'your visit')} has been sent. You can close this tab.</p></div></main>`;
      return reply.type('text/html; charset=utf-8').send(page({ title: 'Thank you', css: '/sso/sso.css', body: done }));
    },
  );
}

/** "2026-11-25" as members read dates: "Wed, Nov 25, 2026" (a calendar date, not an instant); anything else as given. */
export function visitDate(date: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!match) return date ?? '';
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  if (Number.isNaN(day.getTime())) return date ?? '';
  return day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
