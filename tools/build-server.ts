// `npm run build` (after the client) and `npm start` when stale: the server as plain JavaScript in
// dist/server/, so production runs `node dist/server/server.js` with no TypeScript loader.
//
// - dist/server/server.js: src/server/server.ts and everything of ours it imports (src/server,
//   src/shared) in one ES module; every package stays an import from node_modules (native sharp,
//   PGlite's WebAssembly and data files, pg, pino and the rest load as they do from the sources);
// - beside it, in src/server's layout, the files the server reads at run time (src/server/files.ts):
//   every file of src/server that is not TypeScript or a README (the SQL migrations, the worker
//   scripts) and the providers' browser scripts, bundled as src/server/providers/bundle.ts would.
// Why one bundle and what stays outside: docs/decisions/2026-11-28-compiled-server.md.
import { build, type Plugin } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PROVIDER_SCRIPT_BUILD, PROVIDER_SCRIPTS } from '../src/server/providers/bundle.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const src = join(root, 'src/server');
const out = join(root, 'dist/server');

/** Bare imports (packages, node: builtins) stay imports; relative and #subpath imports are ours and bundled. */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true }));
  },
};

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesOf(full) : [full];
  });
}

export async function buildServer(): Promise<void> {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(src, 'server.ts')],
    // server.js and, beside it (so import.meta.url names the same folder: src/server/files.ts), the
    // chunks its dynamic imports load: the app's packages are imported only when server.ts asks.
    outdir: out,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesExternal],
    // A map file beside the bundle for reading stack traces (node --enable-source-maps); not loaded otherwise.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const ours = Object.keys(result.metafile.inputs);
  const stray = ours.filter((file) => !/^src\/(server|shared)\//.test(file) && !/^schemas\//.test(file));
  if (stray.length) throw new Error(`the server bundle took in files outside src/server and src/shared: ${stray.join(', ')}`);

  for (const file of filesOf(src)) {
    if (/\.(ts|tsx)$/.test(file) || file.endsWith('README.md')) continue;
    const target = join(out, relative(src, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  await Promise.all(
    PROVIDER_SCRIPTS.map((name) =>
      build({
        ...PROVIDER_SCRIPT_BUILD,
        entryPoints: [join(src, `providers/client/${name}.ts`)],
        outfile: join(out, `providers/client/${name}.js`),
      }),
    ),
  );
  console.log(`dist/server: ${ours.length} modules in server.js, built in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) await buildServer();
