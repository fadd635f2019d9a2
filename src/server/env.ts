// Server configuration from environment variables, checked once at start with a clear message.
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory (embedded default); `memory://` keeps it in memory. */
  dataDir: string;
  /** PostgreSQL connection string; when set the embedded database is not used. */
  databaseUrl: string | null;
  partnersDir: string;
  defaultPartner: string;
  /** Built client (vite build output). */
  clientDir: string;
  production: boolean;
  /** Port of the second origin that serves the external providers (card frame, captcha, survey, sso). */
  providersPort: number;
  /** Public base URL of the providers origin as the browser sees it. */
  providersOrigin: string;
  /** Where outgoing email is written (local outbox). */
  outboxDir: string;
  logLevel: string;
  /**
   * Which hops may name the client in X-Forwarded-For (Fastify's trustProxy): false (the default,
   * the header is ignored) or a list of proxy addresses/CIDRs. Trusting every hop would let any
   * client pick a fresh address, walking around the per-address rate limits.
   */
  trustProxy: false | string[];
  /** PostgreSQL: give up opening a connection after this many milliseconds (then 503). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: cancel a statement after this many milliseconds (statement_timeout). */
  dbStatementTimeoutMs: number;
  /** Impression counters older than this many days are deleted by the cleanup job. */
  impressionRetentionDays: number;
  /** Strict-Transport-Security max-age sent on HTTPS requests; 0 sends none. */
  hstsMaxAgeSeconds: number;
  /** The media library's limits (docs/configuration.md). */
  media: MediaLimits;
}

export interface MediaLimits {
  /** Largest file an editor may upload, in bytes. */
  maxUploadBytes: number;
  /** Pictures with more pixels than this are refused before decoding (decompression bombs). */
  maxPixels: number;
  /** Bytes (originals and variants) one partner's library may hold. */
  quotaBytes: number;
  /** Uploads one editor may make per hour (every instance counts alike). */
  uploadsPerHour: number;
}

export class ConfigError extends Error {}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const port = intVar(env, 'PORT', 3000);
  const providersPort = intVar(env, 'PROVIDERS_PORT', port === 0 ? 0 : port + 1);
  const host = env.HOST?.trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.:_-]+$/.test(host) || host.length > 253) {
    throw new ConfigError(`HOST must be an interface address or host name (e.g. 127.0.0.1, 0.0.0.0, ::), got "${host}"`);
  }
  const dataDir = env.DATA_DIR?.trim() || resolve(root, '.data/pglite');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(dataDir) && !dataDir.startsWith('memory://')) {
    throw new ConfigError(
      `DATA_DIR must be a folder for the embedded database or memory://, got "${dataDir}" (a PostgreSQL URL goes in DATABASE_URL)`,
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${databaseUrl}"`);
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const dbConnectTimeoutMs = boundedInt(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 600_000, 'milliseconds');
  const dbStatementTimeoutMs = boundedInt(env, 'DB_STATEMENT_TIMEOUT_MS', 15_000, 100, 3_600_000, 'milliseconds');
  const impressionRetentionDays = boundedInt(env, 'IMPRESSION_RETENTION_DAYS', 90, 1, 3650, 'days');
  const hstsMaxAgeSeconds = boundedInt(env, 'HSTS_MAX_AGE', 31_536_000, 0, 63_072_000, 'seconds');
  const media: MediaLimits = {
    maxUploadBytes: boundedInt(env, 'MEDIA_MAX_UPLOAD_MB', 10, 1, 100, 'megabytes') * 1024 * 1024,
    maxPixels: boundedInt(env, 'MEDIA_MAX_MEGAPIXELS', 50, 1, 250, 'megapixels') * 1_000_000,
    quotaBytes: boundedInt(env, 'MEDIA_QUOTA_MB', 500, 1, 1_000_000, 'megabytes') * 1024 * 1024,
    uploadsPerHour: boundedInt(env, 'MEDIA_UPLOADS_PER_HOUR', 120, 1, 100_000, 'uploads'),
  };
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    partnersDir: resolve(root, env.PARTNERS_DIR?.trim() || 'partners'),
    defaultPartner: env.DEFAULT_PARTNER?.trim() || 'skyline',
    clientDir: resolve(root, env.CLIENT_DIR?.trim() || 'dist/client'),
    production: env.NODE_ENV === 'production',
    providersPort,
    providersOrigin: env.PROVIDERS_ORIGIN?.trim() || `http://localhost:${providersPort}`,
    outboxDir: resolve(root, env.OUTBOX_DIR?.trim() || '.outbox'),
    logLevel,
    trustProxy,
    dbConnectTimeoutMs,
    dbStatementTimeoutMs,
    impressionRetentionDays,
    hstsMaxAgeSeconds,
    media,
  };
}

function boundedInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, unit: string): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number of ${unit} from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function parseTrustProxy(raw: string | undefined): false | string[] {
  const list = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length === 0) return false;
  const bad = list.find((part) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part));
  if (bad !== undefined) {
    throw new ConfigError(`TRUST_PROXY must list proxy addresses or CIDRs separated by commas (e.g. 127.0.0.1,10.0.0.0/8), got "${bad}"`);
  }
  return list;
}
