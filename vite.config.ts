import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client is built once and served for every partner: partner config, theme and CMS
// content arrive at run time (inlined into index.html by the server), never at build time.
export default defineConfig({
  plugins: [react()],
  root: '.',
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    target: 'es2022',
    // The first-route budget is gzip KiB, measured by `npm run bench` (DESIGN §9), not Rollup's
    // minified-size warning; route-only blocks are split out with lazyComponent.
    chunkSizeWarningLimit: 640,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
