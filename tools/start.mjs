#!/usr/bin/env node
// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server (API + built app on one port, embedded PGlite unless DATABASE_URL is set).
// `--dev` skips the build check and runs without NODE_ENV=production.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dev = process.argv.includes('--dev');

function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const s = statSync(full);
    latest = Math.max(latest, s.isDirectory() ? newest(full) : s.mtimeMs);
  }
  return latest;
}

const built = join(root, 'dist/client/index.html');
const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'registry')), statSync(join(root, 'index.html')).mtimeMs);
if (!dev && (!existsSync(built) || statSync(built).mtimeMs < sources)) {
  console.log('Building the client (vite build)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { ...process.env };
if (!dev) env.NODE_ENV ??= 'production';
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/server.ts')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
