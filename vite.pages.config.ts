import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The server-rendered pages' scripts and styles, one front end per mode: the server writes each
 * page's HTML and links the built entry it finds in the build's manifest.
 * - 'demo-page': the demo host page (/demo) and its account panel, src/demo-page → dist/demo-page,
 *   served at /demo-page/assets/;
 * - 'analytics-dashboard': the operator's dashboard (/admin/analytics), src/analytics-dashboard →
 *   dist/analytics-dashboard, served at /admin/assets/.
 * Hashed names, cached for good; no inline script, so each page's CSP is script-src 'self'.
 */
const PAGE_BUILDS = {
  'demo-page': { base: '/demo-page/' },
  'analytics-dashboard': { base: '/admin/' },
} as const;

type PageBuild = keyof typeof PAGE_BUILDS;

export default defineConfig(({ mode }) => {
  if (!(mode in PAGE_BUILDS)) throw new Error(`vite.pages.config.ts: mode must be one of ${Object.keys(PAGE_BUILDS).join(', ')}`);
  const page = mode as PageBuild;
  return {
    root: `${root}src/${page}`,
    base: PAGE_BUILDS[page].base,
    publicDir: false,
    plugins: [precompress()],
    build: {
      outDir: `${root}dist/${page}`,
      assetsDir: 'assets',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      // The server reads .vite/manifest.json for the entry's hashed script and styles.
      manifest: true,
      // The polyfill would be an inline script, which the pages' CSP refuses.
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { main: `${root}src/${page}/main.ts` } },
    },
  };
});
