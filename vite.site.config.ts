import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = 'http://127.0.0.1:8080';

/**
 * The catalogue site's build: src/site/index.html is the app; the server (server/site/pages)
 * serves the result (dist/site) at / and its assets at /site-assets/, apart from the widget's
 * /assets/. Pages are their own chunks (React.lazy), loaded when opened.
 */
export default defineConfig({
  root: `${root}src/site`,
  base: '/',
  publicDir: false,
  plugins: [react(), precompress()],
  build: {
    outDir: `${root}dist/site`,
    assetsDir: 'site-assets',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The polyfill would be an inline script, which the site's CSP refuses; every browser we serve has modulepreload.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5174,
    proxy: Object.fromEntries(['/catalog-api', '/authenticator', '/embed', '/assets'].map((path) => [path, server])),
  },
});
