import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.ts';
import type { RegisteredRoute } from './registered-routes.ts';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';
const DOCS_ASSETS_PATH = `${DOCS_PATH}/assets/`;

const require = createRequire(import.meta.url);
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const PACKAGE_VERSION = (require('../../package.json') as { version: string }).version;

/** Served from our own origin (never a CDN), so the page's CSP can allow no other script. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: path.join(SWAGGER_UI_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'docs-page.js': { file: fileURLToPath(new URL('./assets/docs-page.js', import.meta.url)), type: 'text/javascript; charset=utf-8' },
};

/** Our scripts only; Swagger UI sets inline styles and shows data: images; it fetches the document from here. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Kino server API</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}swagger-ui.css">
<script src="${DOCS_ASSETS_PATH}swagger-ui-bundle.js" defer></script>
<script src="${DOCS_ASSETS_PATH}docs-page.js" defer></script>
</head>
<body><div id="docs"></div></body>
</html>
`;

const assetParamsSchema = z.strictObject({ name: z.string().max(64) });

/**
 * GET /openapi.json (the OpenAPI 3.1 document of every route, written once at the first call,
 * when all routes are known) and GET /docs, a page to browse it.
 */
export async function docsRoutes(app: FastifyInstance, routes: readonly RegisteredRoute[]): Promise<void> {
  const assets = new Map(await Promise.all(Object.entries(ASSETS).map(async ([name, asset]) =>
    [name, { body: await readFile(asset.file), type: asset.type }] as const)));
  let document: OpenApiDocument | undefined;

  app.get(OPENAPI_PATH, { schema: { summary: 'This document', produces: { type: 'application/json', description: 'OpenAPI 3.1' } } }, async (_request, reply) => {
    document ??= buildOpenApiDocument(routes, PACKAGE_VERSION);
    return reply.header('cache-control', 'no-cache').send(document);
  });

  app.get(DOCS_PATH, { schema: { summary: 'A page to browse the API', produces: { type: 'text/html', description: 'Swagger UI on /openapi.json' } } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', DOCS_CSP).send(DOCS_PAGE));

  app.get<{ Params: z.output<typeof assetParamsSchema> }>(
    `${DOCS_ASSETS_PATH}:name`,
    { schema: { summary: 'The scripts and styles of /docs', params: assetParamsSchema, errors: [404], produces: { type: 'text/javascript', description: 'A script or a style sheet' } } },
    async (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) throw new HttpError(404, `Nothing at GET ${DOCS_ASSETS_PATH}${request.params.name}`);
      return reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
    },
  );
}
