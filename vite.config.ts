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
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
