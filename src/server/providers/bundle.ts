// The providers' browser scripts are TypeScript next to this file (client/*.ts) that share rules
// with the app (#shared/cards.ts). They are bundled once per process with esbuild (installed with
// tsx, a runtime dependency) and served from memory.
import { build } from 'esbuild';

const clientDir = new URL('./client/', import.meta.url).pathname;
const cache = new Map<string, Promise<string>>();

export type ProviderScript = 'card-frame' | 'captcha-api' | 'captcha-widget' | 'sso';

export function providerScript(name: ProviderScript): Promise<string> {
  let script = cache.get(name);
  if (!script) {
    script = build({
      entryPoints: [`${clientDir}${name}.ts`],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]!.text);
    script.catch(() => cache.delete(name));
    cache.set(name, script);
  }
  return script;
}
