#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the client with vite, the server
// with tools/build-server.ts), then runs the compiled server, `node dist/server/server.js` (API +
// built app on one port, embedded PGlite unless DATABASE_URL is set), with no TypeScript loader.
// `--dev` skips both builds and runs the TypeScript sources through tsx without NODE_ENV=production.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildClientWhenStale, buildServerWhenStale } from './build-when-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const dev = process.argv.includes('--dev');

const env = { ...process.env };
let args;
if (dev) args = ['--import', 'tsx', join(root, 'src/server/server.ts')];
else {
  buildClientWhenStale();
  args = [buildServerWhenStale()];
  env.NODE_ENV ??= 'production';
}
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
