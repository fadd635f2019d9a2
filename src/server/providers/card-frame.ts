// The secure card-entry frame (spec 001 §2, §7): GET /card-frame?types=AMEX,VISA&parent=<app origin>
// renders the card number field; /card-frame/frame.js checks and encrypts; /card-frame/key is the
// server's RSA-OAEP public key (JWK). The frame refuses to render for a parent outside the allow list
// and may only be framed by that parent (CSP frame-ancestors).
import type { FastifyInstance } from 'fastify';
import { CARD_NAMES, CARD_TYPE_OF_CODE, parseCardCodes } from '#shared/cards.ts';
import { isAllowedAppOrigin } from '#shared/origins.ts';
import { cardKeys } from '../auth/card-keys.ts';
import { providerScript } from './bundle.ts';
import { escapeHtml } from '#shared/html.ts';
import { FRAME_ANCESTORS, page } from './html.ts';
import { CARD_FRAME_CSS } from './styles.ts';

/** Framable only by the partner origin that asked (already checked), else by none of the app's hosts. */
const csp = (frameAncestors: string) =>
  `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`;

export default async function cardFrame(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { types?: string; parent?: string; label?: string; optional?: string } }>(
    '/card-frame',
    async (request, reply) => {
      const parent = request.query.parent ?? '';
      const allowed = isAllowedAppOrigin(parent);
      reply
        .header('content-security-policy', csp(allowed ? parent : FRAME_ANCESTORS))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      if (!allowed) {
        return reply.code(400).send(
          page({
            title: 'Card entry',
            css: '/card-frame/frame.css',
            body: '<p class="refused" role="alert">This card form cannot be shown here.</p>',
          }),
        );
      }
      const codes = parseCardCodes(request.query.types);
      const accepted = codes.length ? codes : parseCardCodes('AMEX,DISC,MAST,VISA');
      const label = (request.query.label ?? 'Card number').slice(0, 40);
      // optional=1: the page offers another way to choose a card (cards on file), so a blank number is fine.
      const optional = request.query.optional === '1';
      // Names members know ("Mastercard"), not the partner file's codes ("MAST"); spaced so a screen
      // reader does not run them together (the flex badges ignore the space).
      const types = accepted.map((code) => `<span>${escapeHtml(CARD_NAMES[CARD_TYPE_OF_CODE[code]])}</span>`).join(' ');
      const body = `<div class="field">
<label for="card-number">${escapeHtml(label)}${optional ? '' : '<span class="req" aria-hidden="true">*</span>'}</label>
<div class="wrap">
<input id="card-number" name="cardnumber" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"${optional ? '' : ' required aria-required="true"'} aria-describedby="card-hint card-error" aria-invalid="false">
<span class="brand" id="card-brand" aria-hidden="true"></span>
</div>
<p class="hint" id="card-hint"><svg class="lock" viewBox="0 0 12 12" aria-hidden="true"><path fill="#1e6b3a" d="M3 5V3.5a3 3 0 0 1 6 0V5h.5a.5.5 0 0 1 .5.5v5a.5.5 0 0 1-.5.5h-7a.5.5 0 0 1-.5-.5v-5a.5.5 0 0 1 .5-.5zm1.5 0h3V3.5a1.5 1.5 0 0 0-3 0z"/></svg>Encrypted before it leaves this box. Accepted: <span class="types">${types}</span></p>
<p class="error" id="card-error" role="alert"></p>
</div>`;
      return page({ title: 'Secure card entry', css: '/card-frame/frame.css', body, script: '/card-frame/frame.js' });
    },
  );

  app.get('/card-frame/frame.css', async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=300').send(CARD_FRAME_CSS),
  );

  app.get('/card-frame/frame.js', async (_request, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'no-cache')
      .send(await providerScript('card-frame')),
  );

  app.get('/card-frame/key', async (_request, reply) => {
    const keys = await cardKeys(app.db);
    reply.header('cache-control', 'no-cache');
    return keys.publicJwk;
  });
}
