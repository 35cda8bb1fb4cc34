/**
 * `npm run dev`: the reference server on :8080 (API, media) and Vite's dev server on :5173 with
 * hot reload, serving /embed the way the server does (configuration in the root's data attributes)
 * and proxying /catalog-api to the server.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { loadServerConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { renderEmbedDocument } from '../server/widget/embed-document.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const config = loadServerConfig();

const embedRoute: Plugin = {
  name: 'kino-embed-route',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const url = request.url ?? '';
      if (url === '/embed' || url.startsWith('/embed?')) request.url = `/embed.html${url.slice('/embed'.length)}`;
      next();
    });
  },
  transformIndexHtml: (html) => renderEmbedDocument(html, config.widget),
};

const api = await startServer({ ...config, port: 8080 });
const vite = await createServer({ configFile: path.join(ROOT, 'vite.config.ts'), plugins: [embedRoute] });
await vite.listen(5173);
console.log(`dev player: http://127.0.0.1:5173/embed?movie_id=2   (API ${api.url})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([vite.close(), api.close()]).then(() => process.exit(0)));
}
