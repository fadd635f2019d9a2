// The survey provider on the second origin (spec 000 §7: "the survey form loads by id with
// tracking values"). GET /survey/:id serves a small accessible form — a 1-5 rating and a comment —
// meant for an iframe in the app; its submit POSTs to /survey/:id/responses on this same origin,
// then tells the embedding page {type: 'survey:submitted'} by postMessage, addressed only to the
// `parent` origin it was given. That origin must be the app's (http://localhost or
// http://<name>.localhost, any port); anything else is refused, and the CSP frame-ancestors allows
// only those hosts to frame the form. Responses are kept in memory (a demo stand-in for the
// external survey service), newest last, capped.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { scriptJson } from '#shared/html.ts';

export interface SurveyResponse {
  surveyId: string;
  rating: number;
  comment: string;
  utmCampaign: string;
  utmMedium: string;
  utmSource: string;
  publicId: string;
  partnerCode: string;
  receivedAt: string;
}

const MAX_STORED = 1000;
const responses: SurveyResponse[] = [];

/** What the provider received (newest last): for tests and a curious developer. */
export function surveyResponses(): readonly SurveyResponse[] {
  return responses;
}

const SURVEY_ID = '^[A-Za-z0-9_-]{1,60}$';
/** http://localhost or http://<label>(.<label>)*.localhost, with an optional port. */
const PARENT_ORIGIN = /^http:\/\/(?:localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+localhost)(?::\d{1,5})?$/;
const FRAME_ANCESTORS = 'http://localhost:* http://*.localhost:*';

export function isAllowedParentOrigin(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 200 && PARENT_ORIGIN.test(value);
}

const RATINGS = [
  { value: 1, label: 'Very poor' },
  { value: 2, label: 'Poor' },
  { value: 3, label: 'Okay' },
  { value: 4, label: 'Good' },
  { value: 5, label: 'Excellent' },
];

function formPage(args: { surveyId: string; parent: string; tracking: Record<string, string>; nonce: string }): string {
  const { nonce } = args;
  const radios = RATINGS.map(
    (r) =>
      `<label class="rate"><input type="radio" name="rating" value="${r.value}" required><span class="num">${r.value}</span><span class="lbl">${r.label}</span></label>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tell us how we're doing</title>
<style nonce="${nonce}">
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f;background:#fff}
main{padding:16px 18px 20px}
h1{font-size:1.15rem;margin:0 0 4px}
p{margin:0 0 12px}
.hint{color:#4b5057;font-size:.875rem}
fieldset{border:0;margin:0 0 16px;padding:0}
legend{font-weight:600;margin-bottom:8px;padding:0}
.scale{display:grid;grid-template-columns:repeat(5,1fr);gap:6px}
.rate{position:relative;display:flex;flex-direction:column;align-items:center;gap:2px;padding:8px 2px;border:2px solid #d9dbe0;border-radius:10px;cursor:pointer;text-align:center}
.rate input{position:absolute;opacity:0;inset:0;margin:0;cursor:pointer}
.num{font-weight:700;font-size:1.05rem}
.lbl{font-size:.6875rem;color:#4b5057;line-height:1.2}
.rate:has(input:checked){border-color:#1f3a5f;background:#eef2f8}
.rate:has(input:focus-visible){outline:3px solid #1a73e8;outline-offset:2px}
label.block{display:block;font-weight:600;margin-bottom:6px}
textarea{width:100%;min-height:96px;padding:8px 10px;border:2px solid #d9dbe0;border-radius:10px;font:inherit;resize:vertical}
textarea:focus-visible{outline:3px solid #1a73e8;outline-offset:1px}
button{margin-top:14px;width:100%;min-height:46px;border:0;border-radius:999px;background:#1f3a5f;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
button[disabled]{opacity:.6;cursor:progress}
.error{color:#b3261e;font-weight:600;margin-top:10px}
.thanks{text-align:center;padding-top:48px}
.thanks:focus{outline:none}
[hidden]{display:none!important}
</style>
</head>
<body>
<main>
<form id="survey" novalidate>
<h1>Tell us how we're doing</h1>
<p class="hint">It takes less than a minute.</p>
<fieldset>
<legend id="rating-legend">How would you rate your dining rewards experience?</legend>
<div class="scale">${radios}</div>
</fieldset>
<label class="block" for="comment">Anything else you'd like to tell us? <span class="hint">(optional)</span></label>
<textarea id="comment" name="comment" maxlength="2000"></textarea>
<p id="error" class="error" role="alert" hidden></p>
<button type="submit">Submit</button>
</form>
<div id="thanks" class="thanks" tabindex="-1" hidden>
<h1>Thank you!</h1>
<p>Your feedback helps us make dining rewards better.</p>
</div>
</main>
<script nonce="${nonce}">
(function () {
  var parentOrigin = ${scriptJson(args.parent)};
  var tracking = ${scriptJson(args.tracking)};
  var form = document.getElementById('survey');
  var error = document.getElementById('error');
  var thanks = document.getElementById('thanks');
  var button = form.querySelector('button');
  function fail(message, focusTarget) {
    error.textContent = message;
    error.hidden = false;
    if (focusTarget) focusTarget.focus();
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var checked = form.querySelector('input[name="rating"]:checked');
    if (!checked) return fail('Please choose a rating from 1 to 5.', form.querySelector('input[name="rating"]'));
    error.hidden = true;
    button.disabled = true;
    var body = Object.assign({ rating: Number(checked.value), comment: form.comment.value }, tracking);
    fetch(location.pathname.replace(/\\/$/, '') + '/responses', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) throw new Error(response.statusText);
      form.hidden = true;
      thanks.hidden = false;
      thanks.focus();
      if (window.parent !== window) window.parent.postMessage({ type: 'survey:submitted' }, parentOrigin);
    }).catch(function () {
      button.disabled = false;
      fail('There was an issue processing your survey. Please try again.');
    });
  });
})();
</script>
</body>
</html>`;
}

interface FormQuery {
  utm_campaign?: string;
  utm_medium?: string;
  utm_source?: string;
  public_id?: string;
  partner_code?: string;
  parent?: string;
}

interface ResponseBody {
  rating: number;
  comment?: string;
  utm_campaign?: string;
  utm_medium?: string;
  utm_source?: string;
  public_id?: string;
  partner_code?: string;
}

const trackingString = { type: 'string', maxLength: 300 } as const;

export default async function survey(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: FormQuery }>(
    '/survey/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: SURVEY_ID } } },
        querystring: {
          type: 'object',
          properties: {
            utm_campaign: trackingString,
            utm_medium: trackingString,
            utm_source: trackingString,
            public_id: trackingString,
            partner_code: trackingString,
            parent: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request, reply) => {
      const { parent } = request.query;
      if (!isAllowedParentOrigin(parent)) {
        return reply
          .code(400)
          .type('text/plain')
          .send('The survey form can only be embedded by the app: `parent` must be an http://localhost or http://*.localhost origin.');
      }
      const q = request.query;
      const nonce = randomBytes(16).toString('base64');
      const html = formPage({
        surveyId: request.params.id,
        parent,
        nonce,
        tracking: {
          utm_campaign: q.utm_campaign ?? request.params.id,
          utm_medium: q.utm_medium ?? 'web',
          utm_source: q.utm_source ?? '',
          public_id: q.public_id ?? '',
          partner_code: q.partner_code ?? '',
        },
      });
      reply.header(
        'content-security-policy',
        [
          "default-src 'none'",
          `script-src 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "connect-src 'self'",
          "form-action 'self'",
          "base-uri 'none'",
          `frame-ancestors ${FRAME_ANCESTORS}`,
        ].join('; '),
      );
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-content-type-options', 'nosniff');
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post<{ Params: { id: string }; Body: ResponseBody }>(
    '/survey/:id/responses',
    {
      bodyLimit: 16 * 1024,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: SURVEY_ID } } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['rating'],
          properties: {
            rating: { type: 'integer', minimum: 1, maximum: 5 },
            comment: { type: 'string', maxLength: 2000 },
            utm_campaign: trackingString,
            utm_medium: trackingString,
            utm_source: trackingString,
            public_id: trackingString,
            partner_code: trackingString,
          },
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      responses.push({
        surveyId: request.params.id,
        rating: b.rating,
        comment: (b.comment ?? '').trim(),
        utmCampaign: b.utm_campaign ?? request.params.id,
        utmMedium: b.utm_medium ?? 'web',
        utmSource: b.utm_source ?? '',
        publicId: b.public_id ?? '',
        partnerCode: b.partner_code ?? '',
        receivedAt: new Date().toISOString(),
      });
      if (responses.length > MAX_STORED) responses.splice(0, responses.length - MAX_STORED);
      return reply.code(201).send({ ok: true });
    },
  );
}
