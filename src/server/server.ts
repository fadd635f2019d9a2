// Starts Menuboard: checks the environment, opens and migrates the database (seeding it on first
// run) while it builds the app, listens, and prints each demo partner's URL.
import { logDestination, loggerOptions } from './logging.ts';
import { buildApp } from './app.ts';
import { buildProvidersApp } from './providers/app.ts';
import { ConfigError, loadConfig } from './env.ts';
import { dbWhenReady, openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seedIfEmpty } from './seed/index.ts';
import { seedMissingCmsGroups } from './seed/cms.ts';
import { PartnerRegistry, listPartnerIds } from './partners/registry.ts';
import { formatProblem } from '#shared/validation.ts';

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
  const ready = (async () => {
    // A lost connection is logged in our words (the driver's can name the host and user); the pool reconnects.
    const opened = await openDb(config, (message) => console.warn(message));
    const applied = await migrate(opened);
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

  const problems = PartnerRegistry.check(config.partnersDir);
  for (const p of problems) console.error(formatProblem(p));

  const stream = logDestination();
  const app = await buildApp({ config, db, logger: { ...loggerOptions(config.logLevel), stream } });
  // The second origin (card frame, captcha, survey, sso) listens on its own port.
  const providers = await buildProvidersApp({ config, db, logger: { ...loggerOptions(config.logLevel), stream } });
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
