// A new, empty PostgreSQL database beside the one `adminUrl` names (its role may create databases),
// for the server tests and the bench, which each want a database of their own and drop it after.
import { randomBytes } from 'node:crypto';

/** `template`: a database to copy (`create database ... template`), which no session may be in. */
export async function throwawayPostgres(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
      break;
    } catch (error) {
      // 55006: another session is in the template for a moment (a second copy starting beside this one).
      if (!template || (error as { code?: string }).code !== '55006' || attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The app and its pool are closed before this runs, so only background workers can still be in the
  // database. A plain drop waits out autovacuum by itself, whereas `with (force)` tries to signal it
  // and fails for a role that is not a superuser. A drop that races a closing connection is retried.
  const drop = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  };
  return { url: url.toString(), drop };
}
