// The builds `npm start` and the browser tests' server (tools/e2e-server.mjs) run first when their
// output is missing or older than its sources: the client (vite) and the server (tools/build-server.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

/** Runs `args` with this Node when `output` is missing or older than any of `inputs`; exits on failure. */
function buildWhenStale(label, output, inputs, args) {
  const sources = Math.max(...inputs.map((p) => newest(join(root, p))));
  if (existsSync(output) && statSync(output).mtimeMs >= sources) return;
  console.log(`Building the ${label}...`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildClientWhenStale() {
  buildWhenStale(
    'client (vite build)',
    join(root, 'dist/client/index.html'),
    ['src/client', 'src/shared', 'registry', 'index.html', 'editor.html', 'vite.config.ts'],
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  );
}

/** dist/server/server.js, the compiled server; returns its path. */
export function buildServerWhenStale() {
  const bundle = join(root, 'dist/server/server.js');
  buildWhenStale(
    'server (tools/build-server.ts)',
    bundle,
    ['src/server', 'src/shared', 'schemas', 'tools/build-server.ts', 'package-lock.json'],
    ['--import', 'tsx', join(root, 'tools/build-server.ts')],
  );
  return bundle;
}
