// Server configuration (README "Configuration"): environment variables are checked once at start,
// and a bad value stops the server with a message naming the variable and what it expects.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/env.ts';

const ROOT = '/srv/menuboard';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({}, ROOT);
    expect(config).toMatchObject({
      port: 3000,
      providersPort: 3001,
      host: '127.0.0.1',
      dataDir: '/srv/menuboard/.data/pglite',
      databaseUrl: null,
      partnersDir: '/srv/menuboard/partners',
      defaultPartner: 'skyline',
      providersOrigin: 'http://localhost:3001',
      logLevel: 'info',
      trustProxy: false,
      hstsMaxAgeSeconds: 31_536_000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        PROVIDERS_PORT: '9090',
        HOST: '0.0.0.0',
        DATA_DIR: 'memory://',
        DATABASE_URL: 'postgres://u:p@db:5432/mb',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        LOG_LEVEL: 'warn',
        HSTS_MAX_AGE: '0',
      },
      ROOT,
    );
    expect(config).toMatchObject({
      port: 8080,
      providersPort: 9090,
      host: '0.0.0.0',
      dataDir: 'memory://',
      databaseUrl: 'postgres://u:p@db:5432/mb',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'warn',
      hstsMaxAgeSeconds: 0,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a port number/],
    [{ PORT: '70000' }, /PORT must be a port number/],
    [{ PROVIDERS_PORT: '-1' }, /PROVIDERS_PORT must be a port number/],
    [{ HOST: 'my host' }, /HOST must be an interface address or host name/],
    [{ DATA_DIR: 'postgres://u@db/mb' }, /DATA_DIR must be a folder .* DATABASE_URL/],
    [{ DATABASE_URL: 'mysql://db/mb' }, /DATABASE_URL must start with postgres:\/\//],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY must list proxy addresses/],
    [{ HSTS_MAX_AGE: 'forever' }, /HSTS_MAX_AGE must be a whole number of seconds from 0 to 63072000/],
    [{ HSTS_MAX_AGE: '-1' }, /HSTS_MAX_AGE must be a whole number of seconds/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env, ROOT)).toThrow(ConfigError);
    expect(() => loadConfig(env, ROOT)).toThrow(message);
  });
});
