// The local captcha provider (reCAPTCHA-style, spec 000 §4, §8): /captcha/api.js for the app page,
// /captcha/widget (the checkbox, framed by the app), and the token endpoints the widget calls on
// its own origin. Tokens are signed with the captcha secret the main server verifies with
// (app_secrets), bound to the site that rendered the widget, single use, 2 minutes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowedAppOrigin } from '#shared/origins.ts';
import { CAPTCHA_TOKEN_MS, captchaSecret, type CaptchaPayload } from '../auth/captcha.ts';
import { clockFor } from '../auth/clock.ts';
import { newNonce, signToken } from '../auth/tokens.ts';
import { providerScript } from './bundle.ts';
import { FRAME_ANCESTORS, page } from './html.ts';
import { CAPTCHA_CSS } from './styles.ts';
import { sendError } from '../error-reply.ts';

/** The widget is framable only by the partner origin that asked for it (checked below). */
const widgetCsp = (frameAncestors: string) =>
  `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`;

export default async function captcha(app: FastifyInstance): Promise<void> {
  const clock = clockFor(app);

  app.get('/captcha/api.js', async (_request, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'no-cache')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await providerScript('captcha-api')),
  );
  app.get('/captcha/widget.js', async (_request, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'no-cache')
      .send(await providerScript('captcha-widget')),
  );
  app.get('/captcha/widget.css', async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=300').send(CAPTCHA_CSS),
  );

  app.get<{ Querystring: { parent?: string } }>('/captcha/widget', async (request, reply) => {
    const parent = request.query.parent ?? '';
    const allowed = isAllowedAppOrigin(parent);
    reply
      .header('content-security-policy', widgetCsp(allowed ? parent : FRAME_ANCESTORS))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');
    if (!allowed)
      return reply.code(400).send(page({ title: 'Security check', css: '/captcha/widget.css', body: '<p>Not available here.</p>' }));
    const body = `<div class="widget">
<div class="left"><button type="button" id="captcha-box" role="checkbox" aria-checked="false" aria-labelledby="captcha-label" aria-describedby="captcha-status" disabled></button>
<div><span class="label" id="captcha-label">I'm not a robot</span><span class="status" id="captcha-status" aria-live="polite"></span></div></div>
<div class="brand" aria-hidden="true"><strong>Menuboard</strong>Check</div>
</div>`;
    return page({ title: 'Security check', css: '/captcha/widget.css', body, script: '/captcha/widget.js' });
  });

  const issue = (via: CaptchaPayload['via']) => async (request: FastifyRequest, reply: FastifyReply) => {
    const site = (request.body as { site?: unknown } | null)?.site;
    if (typeof site !== 'string' || !isAllowedAppOrigin(site)) return sendError(reply, 400, 'site: unknown site');
    const payload: CaptchaPayload = { n: newNonce(), exp: clock.now().getTime() + CAPTCHA_TOKEN_MS, site, via };
    return { token: signToken(await captchaSecret(app), payload) };
  };
  const limit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  app.post(
    '/captcha/solve',
    { config: limit, schema: { body: { type: 'object', properties: { site: { type: 'string', maxLength: 200 } } } } },
    issue('checkbox'),
  );
  app.post(
    '/captcha/execute',
    { config: limit, schema: { body: { type: 'object', properties: { site: { type: 'string', maxLength: 200 } } } } },
    issue('invisible'),
  );
}
