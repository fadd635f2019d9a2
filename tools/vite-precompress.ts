// Vite plugin: after a client build, writes `<file>.br` and `<file>.gz` next to every text asset
// over 1 KiB, so the server sends stored bytes (@fastify/static `preCompressed`) instead of
// compressing the same file on every request (delivery).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|woff)$/;
const MIN_BYTES = 1024;

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))));
  return nested.flat();
}

export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  for (const file of await files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const source = await readFile(file);
    // Built once, served many times: the slowest, smallest settings are worth it here.
    const [br, gzipped] = await Promise.all([
      brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
      gz(source, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    written++;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist/client';
  return {
    name: 'menuboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Only hashed assets: index.html is read by the server and served with the bootstrap inlined.
      await precompressDir(join(outDir, 'assets'));
    },
  };
}
