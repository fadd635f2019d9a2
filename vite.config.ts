import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/vite-precompress.ts';
import { shakeReactRouter } from './tools/vite-react-router-shake.ts';

/** Set while the second build (the page editor) runs. */
const EDITOR_BUILD = 'MENUBOARD_EDITOR_BUILD';
const isEditorBuild = () => process.env[EDITOR_BUILD] === '1';
/** Set while the third build (the member pages' server render, src/client/server-render.tsx) runs. */
const SSR_BUILD = 'MENUBOARD_SSR_BUILD';
const isSsrBuild = () => process.env[SSR_BUILD] === '1';
/** Where the server-render module goes, inside the client's folder (the server finds it beside index.html; only assets/ is served). */
export const SSR_DIR = 'ssr';

/**
 * The page editor (/editor, issue 15) is built by a second, separate build into the same folder,
 * right after the member app's. One build with two entries would share chunks between them, and a
 * module both use (the generated validators) would then be shipped whole to the member pages; two
 * builds leave the member bundles exactly as they are without the editor.
 */
function editorBuild(): Plugin {
  let outDir = 'dist/client';
  let mode = 'production';
  let logLevel: 'info' | 'warn' | 'error' | 'silent' = 'info';
  return {
    name: 'menuboard-editor-build',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      mode = config.mode;
      logLevel = config.logLevel ?? 'info';
    },
    async closeBundle() {
      if (isEditorBuild() || isSsrBuild()) return;
      const configFile = fileURLToPath(import.meta.url);
      // MENUBOARD_SKIP_EDITOR=1: the member app alone (`npm run bench` compares the two).
      if (process.env.MENUBOARD_SKIP_EDITOR !== '1') {
        process.env[EDITOR_BUILD] = '1';
        try {
          await build({ configFile, mode, logLevel, build: { outDir, emptyOutDir: false } });
        } finally {
          delete process.env[EDITOR_BUILD];
        }
      }
      // After the member app's build, from the same sources and CSS modules (the same class names);
      // one after the other, since each build reads its kind from the environment.
      process.env[SSR_BUILD] = '1';
      try {
        await build({ configFile, mode, logLevel, build: { outDir: `${outDir}/${SSR_DIR}`, emptyOutDir: true } });
      } finally {
        delete process.env[SSR_BUILD];
      }
    },
  };
}

// The client is built once and served for every partner: partner config, theme and CMS
// content arrive at run time (inlined into index.html by the server), never at build time.
export default defineConfig(({ command }) =>
  isSsrBuild()
    ? ssrConfig()
    : {
        plugins: [react(), shakeReactRouter(), precompress(), editorBuild()],
        root: '.',
        resolve: {
          // react-router's package exports only its development build to bundlers (dev warnings on);
          // production builds take the production one, the same API without the warning code.
          alias:
            command === 'build'
              ? [
                  {
                    find: /^react-router$/,
                    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
                  },
                ]
              : [],
        },
        build: {
          outDir: 'dist/client',
          // No source maps in the output: the server must not publish the original sources.
          sourcemap: false,
          target: 'es2022',
          // Every browser the es2022 target covers but Safari before 17 supports <link rel=modulepreload>;
          // there a lazy chunk's dependencies load after it instead of alongside, so the polyfill that would
          // fetch them early is not worth its bytes on every first route.
          modulePreload: { polyfill: false },
          // The member app's chunks: terser (two compress passes) writes about 4% fewer gzip bytes than
          // esbuild, which still minifies the editor, whose build stays quick.
          ...(isEditorBuild()
            ? {}
            : { minify: 'terser' as const, terserOptions: { module: true, ecma: 2020 as const, compress: { passes: 2 } } }),
          // The first-route budget is gzip KiB, measured by `npm run bench` (DESIGN §9), not Rollup's
          // minified-size warning; route-only blocks are split out with `load` (registry/define-block.ts).
          chunkSizeWarningLimit: isEditorBuild() ? 1500 : 640,
          // The member app's: which CSS and code each block's chunk needs, for the pages the server
          // renders (src/server/routes/web.ts). Inside outDir but outside assets/, so never served.
          manifest: !isEditorBuild(),
          rollupOptions: {
            input: fileURLToPath(new URL(isEditorBuild() ? './editor.html' : './index.html', import.meta.url)),
          },
        },
        server: {
          proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
        },
      },
);

/**
 * The server-render module: one ES module (render.js) for Node; packages stay imports from
 * node_modules (one React for the server), CSS is not emitted (the client's build has it) but its
 * modules' class names are computed exactly as there.
 */
function ssrConfig(): UserConfig {
  return {
    plugins: [react()],
    root: '.',
    build: {
      ssr: true,
      sourcemap: false,
      target: 'node20',
      minify: false,
      rollupOptions: { input: { render: fileURLToPath(new URL('./src/client/server-render.tsx', import.meta.url)) } },
    },
  };
}
