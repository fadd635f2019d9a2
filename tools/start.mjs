#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the client with vite, the server
// with tools/build-server.ts), then runs the compiled server, `node dist/server/server.js` (API +
// built app on one port, embedded PGlite unless DATABASE_URL is set), with no TypeScript loader.
// `--dev` skips both builds and runs the TypeScript sources through tsx without NODE_ENV=production.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dev = process.argv.includes('--dev');

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

/** Runs `args` with this Node when `output` is missing or older than any of `inputs`. */
function buildWhenStale(label, output, inputs, args) {
  const sources = Math.max(...inputs.map((p) => newest(join(root, p))));
  if (existsSync(output) && statSync(output).mtimeMs >= sources) return;
  console.log(`Building the ${label}...`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!dev) {
  buildWhenStale(
    'client (vite build)',
    join(root, 'dist/client/index.html'),
    ['src/client', 'src/shared', 'registry', 'index.html', 'editor.html', 'vite.config.ts'],
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  );
  buildWhenStale(
    'server (tools/build-server.ts)',
    join(root, 'dist/server/server.js'),
    ['src/server', 'src/shared', 'schemas', 'package-lock.json'],
    ['--import', 'tsx', join(root, 'tools/build-server.ts')],
  );
}

const env = { ...process.env };
if (!dev) env.NODE_ENV ??= 'production';
const args = dev ? ['--import', 'tsx', join(root, 'src/server/server.ts')] : [join(root, 'dist/server/server.js')];
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
