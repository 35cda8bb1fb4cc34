import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from './helpers.ts';

// The document is written from the routes as registered: every route must be in it, with its
// inputs, answers and error shape, and it must be well-formed OpenAPI 3.1.
interface Operation {
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Array<Record<string, string[]>>;
  'x-admin'?: boolean;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await startTestApp();
  document = JSON.parse((await t.app.inject('/openapi.json')).body) as Document;
});
afterAll(() => t.close());

/** Method and full path of each route in printRoutes' tree (a radix tree: a child's label continues its parent's path). */
function printedRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = `${stack.at(-1) ?? ''}${match[2]!}`;
    stack.push(url);
    for (const method of match[3]!.split(', ')) routes.push({ method, url });
  }
  return routes;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
const fastifyPath = (path: string) => path.replace(/\{path\}$/, '*').replace(/\{(\w+)\}/g, ':$1');

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 with paths, and every operation has responses', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      for (const [method, operation] of Object.entries(operations)) {
        expect(['get', 'put', 'post', 'patch', 'delete', 'head', 'options'], `${method} ${path}`).toContain(method);
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        const inPath = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
        expect(inPath.sort(), `${method} ${path}: path parameters`).toEqual(templated.sort());
      }
    }
  });

  it('passes an OpenAPI 3.1 validator, every $ref resolving inside the document', async () => {
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    const recursive = document.paths['/catalog-api/menu']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(JSON.stringify(recursive)).toContain('#/components/schemas/MenuItem');
    expect(document.components.schemas.CategoryNode).toBeDefined();
  });

  it('holds every route the server registered, and nothing else', () => {
    // HEAD twins of GET routes and the CORS preflight catch-all (OPTIONS *) are left out.
    const routes = printedRoutes(t.app).filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(30);
    // The router prints the static files' wildcard routes without their prefix; they are checked below.
    for (const route of routes.filter((each) => !each.url.endsWith('*'))) {
      expect(document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: fastifyPath(path) }), `${method} ${path} is a route`).toBe(true);
      }
    }
    expect(document.paths['/catalog-api/media/{path}']?.get).toBeDefined();
    expect(document.paths['/assets/{path}']?.get).toBeDefined();
  });

  it('describes inputs, answers and the error shape from the zod schemas', async () => {
    const content = document.paths['/catalog-api/contents/{id}']!.get!;
    // The range the server takes: 0 and ids past PostgreSQL's integer are refused.
    expect(content.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }]);
    expect((await t.app.inject('/catalog-api/contents/0')).statusCode).toBe(400);
    expect((await t.app.inject('/catalog-api/contents/2147483648')).statusCode).toBe(400);
    expect(content.responses['200']!.content!['application/json']!.schema).toMatchObject({ type: 'object' });
    expect(content.responses['400']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['statusCode', 'error', 'message'] });
    const episodes = document.paths['/catalog-api/episodes']!.get!;
    expect(episodes.parameters).toContainEqual(expect.objectContaining({ name: 'content-id', in: 'query', required: true }));
    const collect = document.paths['/collect']!.post!;
    expect(Object.keys(collect.requestBody!.content)).toEqual(['application/json', 'text/plain']);
  });

  it('names the security of the account routes and marks the operator\'s', () => {
    expect(Object.keys(document.components.securitySchemes)).toEqual(expect.arrayContaining(['bearerAuth', 'accessTokenCookie']));
    expect(document.paths['/authenticator/user/details']!.get!.security).toEqual([{ bearerAuth: [] }, { accessTokenCookie: [] }]);
    expect(document.paths['/authenticator/administration/users']!.post!['x-admin']).toBe(true);
    expect(document.paths['/admin/error-reports']!.get!['x-admin']).toBe(true);
    expect(document.paths['/authenticator/authentication']!.post!.security).toBeUndefined();
  });
});

describe('GET /docs', () => {
  it('is a page that runs only our own scripts', async () => {
    const page = await t.app.inject('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(https?:|\*|'unsafe-inline'|'unsafe-eval')/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script>/);
    for (const script of scripts) {
      expect(script.startsWith('/docs/assets/'), script).toBe(true);
      const asset = await t.app.inject(script);
      expect(asset.statusCode, script).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    }
  });
});
