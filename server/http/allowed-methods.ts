import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { RegisteredRoute } from '../openapi/registered-routes.ts';
import { MAX_PARAM_LENGTH } from './listener-options.ts';

/** The methods a URL's path is served with, in the order HTTP lists them (for Allow). */
export type MethodsAt = (url: string) => string[];

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Which methods the server has at an address, from the routes as registered, so a known path
 * called with another method answers 405 with Allow (RFC 9110 §15.5.6) rather than 404. Left
 * out: the CORS preflight (OPTIONS at every address) and the site's catch-all GET, which serves
 * the not-found page of any other address and so names no resource. The router is built at the
 * first question, when every route is known.
 */
export function allowedMethods(routes: readonly RegisteredRoute[]): MethodsAt {
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | undefined;
  let methods: string[] = [];
  const build = () => {
    const built = FindMyWay({ maxParamLength: MAX_PARAM_LENGTH });
    const seen = new Set<string>();
    for (const route of routes) {
      if (route.method === 'OPTIONS' || route.url === '/*' || !METHOD_ORDER.includes(route.method)) continue;
      const key = `${route.method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      built.on(route.method as HTTPMethod, route.url, () => undefined);
    }
    methods = METHOD_ORDER.filter((method) => [...seen].some((key) => key.startsWith(`${method} `)));
    return built;
  };
  return (url) => {
    router ??= build();
    const path = url.split('?')[0] ?? '/';
    return methods.filter((method) => router!.find(method as HTTPMethod, path) !== null);
  };
}
