// The providers' browser scripts are TypeScript in client/*.ts that share rules with the app
// (#shared/cards.ts). The server build (tools/build-server.mjs) bundles them into
// dist/server/providers/client/*.js, which the compiled server reads; from the sources they are
// bundled once per process with esbuild (installed with tsx, the loader the sources run under).
// Either way each is served from memory.
import { readFile } from 'node:fs/promises';
import { serverFile } from '../files.ts';

const cache = new Map<string, Promise<string>>();

export const PROVIDER_SCRIPTS = ['card-frame', 'captcha-api', 'captcha-widget', 'sso'] as const;
export type ProviderScript = (typeof PROVIDER_SCRIPTS)[number];

/** esbuild's options for a provider script: the server build uses them too, so both give the same bytes. */
export const PROVIDER_SCRIPT_BUILD = {
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'silent',
} as const;

async function bundled(name: ProviderScript): Promise<string> {
  const prebuilt = serverFile(`providers/client/${name}.js`);
  const fromBuild = await readFile(prebuilt, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (fromBuild !== null) return fromBuild;
  // Only the sources get here (no .js beside the .ts), so the compiled server never loads esbuild.
  const { build } = await import('esbuild');
  const result = await build({ ...PROVIDER_SCRIPT_BUILD, entryPoints: [serverFile(`providers/client/${name}.ts`).pathname], write: false });
  return result.outputFiles[0]!.text;
}

export function providerScript(name: ProviderScript): Promise<string> {
  let script = cache.get(name);
  if (!script) {
    script = bundled(name);
    script.catch(() => cache.delete(name));
    cache.set(name, script);
  }
  return script;
}
