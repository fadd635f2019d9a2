// Starts Menuboard: checks the environment, opens and migrates the database (seeding it on first
// run) while it builds the app, listens, and prints each demo partner's URL.
//
// Only what opens the database is imported up front: the embedded database's worker thread takes
// longer to start than anything else, so it starts first, and the app's modules (Fastify, Ajv, the
// routes, the rendering client; half a second to load) load while it does. The build splits the
// later imports into chunks of their own (tools/build-server.ts), so they are not loaded before this.
import { ConfigError, loadConfig } from './env.ts';
import { dbWhenReady, openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // The database opens, migrates and seeds (PGlite in its worker thread, or PostgreSQL over the
  // network) while this thread checks the partner files and builds the routes; nothing listens
  // until it is ready.
  const registry = import('./partners/registry.ts');
  const seeding = Promise.all([import('./seed/index.ts'), import('./seed/cms.ts')]);
  seeding.catch(() => {});
  const ready = (async () => {
    // A lost connection is logged in our words (the driver's can name the host and user); the pool reconnects.
    const opened = await openDb(config, (message) => console.warn(message));
    const applied = await migrate(opened);
    const [{ seedIfEmpty }, { seedMissingCmsGroups }] = await seeding;
    const { listPartnerIds } = await registry;
    if (applied.length) console.log(`database: applied ${applied.join(', ')}`);
    const seeded = await seedIfEmpty(opened, config.partnersDir);
    if (seeded) console.log('database: seeded demo data');
    else {
      const filled = await seedMissingCmsGroups(opened, config.partnersDir, listPartnerIds(config.partnersDir));
      if (filled.length) console.log(`database: seeded new CMS content ${filled.join(', ')}`);
    }
    return opened;
  })();
  // Awaited below; until then a failure must not count as unhandled.
  ready.catch(() => {});
  const db = dbWhenReady(config.databaseUrl ? 'postgres' : 'pglite', ready);

  const [{ logDestination, loggerOptions }, { buildApp }, { buildProvidersApp }, { PartnerRegistry, listPartnerIds }] = await Promise.all([
    import('./logging.ts'),
    import('./app.ts'),
    import('./providers/app.ts'),
    registry,
  ]);
  // Read and checked once for both apps; what is wrong in the files now is printed here, later
  // problems go to the app's log.
  const partners = new PartnerRegistry({
    partnersDir: config.partnersDir,
    defaultPartner: config.defaultPartner,
    log: (message) => console.error(message),
  });

  const stream = logDestination();
  const app = await buildApp({ config, db, partners, logger: { ...loggerOptions(config.logLevel), stream } });
  // The second origin (card frame, captcha, survey, sso) listens on its own port.
  const providers = await buildProvidersApp({ config, db, partners, logger: { ...loggerOptions(config.logLevel), stream } });
  // Once only: a test runner may send SIGTERM and then SIGINT, and a second close would wait on a
  // database that the first one is closing.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await providers.close();
      await db.close();
      process.exit(0);
    })());
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());

  await ready;
  await app.listen({ port: config.port, host: config.host });
  await providers.listen({ port: config.providersPort, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const providersAddress = providers.server.address();
  const providersPort = typeof providersAddress === 'object' && providersAddress ? providersAddress.port : config.providersPort;
  console.log(`\nMenuboard is running (${db.kind === 'pglite' ? `embedded PGlite at ${config.dataDir}` : 'PostgreSQL'}):`);
  for (const id of listPartnerIds(config.partnersDir)) {
    const marker = id === config.defaultPartner ? '  (also http://localhost:' + port + '/)' : '';
    console.log(`  ${id.padEnd(10)} http://${id}.localhost:${port}/${marker}`);
  }
  console.log(
    `  providers  http://localhost:${providersPort}/  (card frame, captcha, survey, sso; browser origin ${config.providersOrigin})`,
  );
  console.log(`  outbox     ${config.outboxDir}  (emails, e.g. password reset links)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
