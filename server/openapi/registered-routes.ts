import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** As Fastify has it, prefix included: /catalog-api/contents/:id */
  url: string;
  schema: FastifySchema | undefined;
  /** Whether @fastify/rate-limit counts this route's calls (it answers 429 past the limit). */
  rateLimited: boolean;
}

/**
 * Every route registered after this call, in any plugin scope: the OpenAPI document is written
 * from this list, so a route cannot be added without appearing in it.
 */
export function recordRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (options) => {
    const rateLimited = Boolean((options.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    for (const method of [options.method].flat()) routes.push({ method, url: options.url, schema: options.schema, rateLimited });
  });
  return routes;
}

/** What the document describes: HEAD twins of GET routes and hidden routes left out. */
export function documentedRoutes(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
  return routes.filter((route) => !route.schema?.hide && !(route.method === 'HEAD' && gets.has(route.url)));
}
