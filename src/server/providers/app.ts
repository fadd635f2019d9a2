// The second origin (config.providersPort, default app port + 1): stand-ins for the external
// providers the spec loads from other hosts — the secure card-entry frame, the captcha, the
// survey form and the sso partner's sign-in. A separate Fastify app so it really is another
// origin (cookies, storage and postMessage are isolated from the app), sharing the database so
// its keys and secrets are the ones the main server verifies with.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../db/index.ts';
import type { ServerConfig } from '../env.ts';
import { PartnerRegistry } from '../partners/registry.ts';
import { countersFor, rateLimitStore } from '../limits.ts';
import cardFrame from './card-frame.ts';
import captcha from './captcha.ts';
import sso from './sso.ts';
import survey from './survey.ts';
import review from './review.ts';
import errors from '../plugins/errors.ts';
import requestLog from '../plugins/request-log.ts';
import { escapeHtml } from '#shared/html.ts';
import { page } from './html.ts';

export interface ProvidersOptions {
  config: ServerConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The app's registry, so the partner files are read and checked once (one made here if not given). */
  partners?: PartnerRegistry;
}

export async function buildProvidersApp({ config, db, logger = false, partners }: ProvidersOptions): Promise<FastifyInstance> {
  // The same proxies as the app trusts (TRUST_PROXY), no others: trusting every hop let any client
  // pick a fresh X-Forwarded-For address and walk around the per-address limits.
  const app = Fastify({ logger, trustProxy: config.trustProxy, logController: new LogController({ disableRequestLogging: true }) });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('limits', countersFor(app));
  app.decorate(
    'partners',
    partners ??
      new PartnerRegistry({ partnersDir: config.partnersDir, defaultPartner: config.defaultPartner, log: (m) => app.log.error(m) }),
  );
  // HTML forms post urlencoded; no extra plugin needed for that.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // A page without its own policy (the index, error pages) may not run inline code or be framed;
    // the card frame, captcha widget and survey set theirs, framable by the partner origin only.
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
    }
  });
  // The same request log (bounded) and failure mapping as the app: 400 naming the field, 503 while
  // the database is away.
  await app.register(requestLog);
  await app.register(errors);
  await app.register(rateLimit, { global: false, store: rateLimitStore(app.limits), skipOnError: true });
  await app.register(cardFrame);
  await app.register(captcha);
  await app.register(sso);
  await app.register(survey);
  await app.register(review);

  app.get('/', async (_request, reply) => {
    const body = `<main><div class="card"><h2>Menuboard providers</h2><p class="sub">${escapeHtml('The second origin: secure card entry (/card-frame), captcha (/captcha/api.js), survey, review form (/review) and single sign-on (/sso/authorize).')}</p></div></main>`;
    return reply.type('text/html; charset=utf-8').send(page({ title: 'Providers', css: '/sso/sso.css', body }));
  });
  return app;
}
