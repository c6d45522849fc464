import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './vite.precompress.js';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

// Routes are split with React.lazy in web/App.tsx, so the schedule's calendar and
// @internationalized/date stay out of the home page's initial JavaScript.
export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  preview: {
    port: 4174,
  },
});
