// The app as production runs it, for the bench sections in this folder: the built client and the
// compiled server (each built first when missing or older than its sources), the server process on a free port,
// with a fresh embedded database (or DATABASE_URL) in a throw-away folder, logs to a file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((latest, name) => (name === 'node_modules' ? latest : Math.max(latest, newest(join(path, name)))), 0);
}

/** dist/client, built when missing or older than the client's sources. */
export function builtClient(): string {
  const index = join(root, 'dist/client/index.html');
  const sources = Math.max(...['src/client', 'src/shared', 'registry', 'index.html', 'vite.config.ts'].map((p) => newest(join(root, p))));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    console.log('  building the client (vite build)...');
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  return join(root, 'dist/client');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** GET with a Host header (partner hosts are not in this machine's resolver): status, headers, body. */
export function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface RunningServer {
  base: string;
  port: number;
  child: ChildProcess;
  /** When the process was spawned and when it first answered (performance.now()). */
  spawnedAt: number;
  answeredAt: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** The command that runs the server: the compiled bundle (`npm start`'s) unless told otherwise. */
  command?: string[];
  env?: Record<string, string>;
  clientDir?: string;
  /** How long to wait for the first answer (120 s; a first start on a fresh database seeds it first). */
  timeoutMs?: number;
}

/** dist/server/server.js (what `npm start` runs), built when missing or older than the server's sources. */
export function builtServer(): string {
  const bundle = join(root, 'dist/server/server.js');
  const sources = Math.max(
    ...['src/server', 'src/shared', 'schemas', 'tools/build-server.ts', 'package-lock.json'].map((p) => newest(join(root, p))),
  );
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
    console.log('  building the server (tools/build-server.ts)...');
    const built = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tools/build-server.ts')], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the server build failed');
  }
  return bundle;
}

/** The compiled server as `npm start` runs it (built first when stale): no TypeScript loader. */
export function serverCommand(): string[] {
  return [builtServer()];
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const scratch = mkdtempSync(join(tmpdir(), 'menuboard-bench-server-'));
  const [port, providersPort] = [await freePort(), await freePort()];
  const log = openSync(join(scratch, 'server.log'), 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, options.command ?? serverCommand(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      PROVIDERS_PORT: String(providersPort),
      DATA_DIR: join(scratch, 'db'),
      OUTBOX_DIR: join(scratch, 'outbox'),
      // CLIENT_DIR names another build (as for the browser tests); else dist/client, built when stale.
      CLIENT_DIR: options.clientDir ?? (process.env.CLIENT_DIR?.trim() || builtClient()),
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    closeSync(log);
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const timeoutMs = options.timeoutMs ?? 120_000;
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
      const answered = await get(`${base}/api/CSRF`, { host: 'skyline.localhost' }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (answered) break;
      if (Date.now() > until) throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, port, child, spawnedAt, answeredAt: performance.now(), stop };
}
