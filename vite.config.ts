import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './vite.precompress.js';
import { ISLANDS } from './contracts/site/pages.js';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/** The server renderer (`vite build --ssr`): beside the client build, never served (service/app.ts). */
const ssrOutDir = fileURLToPath(new URL('./dist/server', import.meta.url));

// Each page is a lazy chunk (web/routes.tsx, from the page manifest), so the schedule's calendar
// and @internationalized/date stay out of the home page's initial JavaScript.
// `npm run build` runs both builds: the browser's (dist/, with the manifest the server reads to
// name a page's CSS and chunks) and then the server renderer's (dist/server/entry-server.js).
export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [react()] : [react(), precompress(outDir)],
  build: isSsrBuild
    ? {
        outDir: ssrOutDir,
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: { input: fileURLToPath(new URL('./web/entry-server.tsx', import.meta.url)) },
      }
    : {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        manifest: true,
        // Two ways into the app: index.html hydrates the whole app; islands.tsx hydrates only the
        // islands of a page rendered as islands (service/site/page-template.ts picks per page).
        rollupOptions: {
          input: {
            index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
            islands: fileURLToPath(new URL('./web/islands.tsx', import.meta.url)),
            // Each island of the page manifest an entry, its export kept under its name: the server
            // names its chunk and imports to the page (service/site/page-template.ts), the browser loads them.
            ...Object.fromEntries(
              Object.entries(ISLANDS).map(([name, src]) => [
                name,
                fileURLToPath(new URL(`./web/${src}`, import.meta.url)),
              ]),
            ),
          },
          preserveEntrySignatures: 'exports-only',
          // React in a chunk of its own: named for what it is, and kept by browsers across deploys
          // that change only the app.
          output: {
            codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
          },
        },
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
}));
