// Builds the Fastify app (no port): tests use app.inject(), server.ts listens.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Db } from './db/index.ts';
import type { ServerConfig } from './env.ts';
import { PartnerRegistry } from './partners/registry.ts';
import { getOrCreateSecret } from './secrets.ts';
import csrf from './plugins/csrf.ts';
import auth from './plugins/auth.ts';
import gates from './plugins/gates.ts';
import errors from './plugins/errors.ts';
import requestLog from './plugins/request-log.ts';
import securityHeaders from './plugins/security-headers.ts';
import rateLimit from '@fastify/rate-limit';
import { rateLimitedBody } from './auth/replies.ts';
import type { PartnerBundle } from '#shared/partner.ts';
import { registerRoutes } from './routes/index.ts';
import { COMPRESS_THRESHOLD } from './encoded-body.ts';
import { countersFor, rateLimitStore } from './limits.ts';
import { projectFile } from './files.ts';
import { lazySerializers } from './lazy-serializers.ts';
import { lazyValidators } from './lazy-validators.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    partners: PartnerRegistry;
    config: ServerConfig;
    /** Compiles the response serializers no route has needed yet (they compile on first use); returns how many. */
    compileResponseSerializers(): number;
    /** Compiles every request validator not compiled yet (they compile on first use); returns how many. */
    compileRequestValidators(): number;
    /** The request parts some route declares a schema for ('body', 'querystring', 'params', ...). */
    requestPartsValidated(): ReadonlySet<string>;
  }
  interface FastifyRequest {
    partner: PartnerBundle;
  }
}

const schemasDir = projectFile('schemas/').pathname;

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? schemaFiles(full) : full.endsWith('.schema.json') ? [full] : [];
  });
}

export interface BuildOptions {
  config: ServerConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The partners' configuration, read once for this app and the providers' (one made here if not given). */
  partners?: PartnerRegistry;
}

export async function buildApp({ config, db, logger = false, partners: given }: BuildOptions): Promise<FastifyInstance> {
  const serializers = lazySerializers();
  const validators = lazyValidators();
  const app = Fastify({
    logger,
    schemaController: { compilersFactory: { buildSerializer: serializers.buildSerializer, buildValidator: validators.buildValidator } },
    // One line per request (onResponse below) instead of Fastify's two: at LOG_LEVEL=info the
    // request log is the largest cost of a cached answer (bench "as production runs").
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    ajv: { customOptions: { allowUnionTypes: true, strict: false } },
  });
  for (const file of schemaFiles(schemasDir)) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string };
    app.addSchema({ ...schema, $id: schema.$id ?? relative(schemasDir, file) });
  }
  const log = (message: string) => app.log.error(message);
  const partners = given ?? new PartnerRegistry({ partnersDir: config.partnersDir, defaultPartner: config.defaultPartner, log });
  given?.reportTo(log);
  app.decorate('db', db);
  app.decorate('partners', partners);
  app.decorate('config', config);
  app.decorate('compileResponseSerializers', () => serializers.compileAll());
  app.decorate('compileRequestValidators', () => validators.compileAll());
  app.decorate('requestPartsValidated', () => validators.parts());
  app.decorate('limits', countersFor(app));
  app.decorateRequest('partner', null as unknown as PartnerBundle);
  // Hooks every request runs are callback-style (not async): an async hook costs a promise and a
  // microtask turn per request, a measurable share of a cached answer (bench "as production runs").
  app.addHook('onRequest', (request, _reply, done) => {
    request.partner = partners.forHost(request.headers.host);
    done();
  });

  // One line per request, within a budget; refused requests counted, not logged one by one.
  await app.register(requestLog);
  await app.register(errors);
  // No client of this server sends compressed request bodies, so no route inflates one: the
  // plugin's request decompression would add a hook to every request and let a small body expand
  // in memory. (Set before the plugin registers: its onRoute hook reads it.)
  app.addHook('onRoute', (route) => {
    route.decompress = false;
  });
  // brotli or gzip for answers over 1 KiB (pages, API JSON); hashed assets are sent precompressed
  // by the static route and pass through untouched (they carry their Content-Encoding already).
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  await app.register(securityHeaders, { providersOrigin: config.providersOrigin, hstsMaxAgeSeconds: config.hstsMaxAgeSeconds });
  await app.register(cookie);
  const csrfSecret = await getOrCreateSecret(db, 'csrf');
  await app.register(csrf, { secret: csrfSecret });
  await app.register(auth);
  // Partner settings as route options (requireGate, requireFlag, fieldGate), checked against src/shared/api-gates.ts.
  await app.register(gates);
  // Registered once; each route sets its own limit in `config.rateLimit`.
  // Kept in app.limits (shared through PostgreSQL with DATABASE_URL). A failing counter lets the
  // request through: the database it counts in is the one the request needs anyway.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => rateLimitedBody(),
    store: rateLimitStore(app.limits),
    skipOnError: true,
  });
  await registerRoutes(app);
  return app;
}
