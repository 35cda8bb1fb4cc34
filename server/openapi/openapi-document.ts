import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { apiErrorSchema } from '../../src/contract/schemas/schema.ts';
import { ADMIN_COOKIE } from '../analytics/admin-auth.ts';
import { AUTH_TOKEN_COOKIE } from '../auth/auth-cookies.ts';
import { BILLING_SIGNATURE_HEADER } from '../auth/billing-signature.ts';
import { commonResponses, error, mergeResponse } from './common-responses.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schemas.ts';
import { documentedRoutes, type RegisteredRoute } from './registered-routes.ts';
import './route-docs.ts';

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };
type Response = Parameters<typeof mergeResponse>[1];
type Components = Record<string, JsonSchema>;
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

const DESCRIPTION = [
  'The catalogue, manifests, demo ads and media the player reads; the widget; accounts (/authenticator); analytics and error reports.',
  'Every error answer has the ApiError shape; a 400 names each wrong field with its path.',
  'Text values (path, query, header and body strings) must not hold control characters or text PostgreSQL cannot store: such a value is refused with 400.',
  'An optional JSON body may be left out or sent as null: both stand for its defaults.',
  'A path of this document called with a method it does not list answers 405 with an Allow header naming the methods it has (HEAD with GET), in the ApiError shape.',
].join(' ');

/**
 * The OpenAPI 3.1 description of the server, written from the routes as registered: each
 * one's zod schemas (params, query, body, answers) become JSON Schema through z.toJSONSchema,
 * so the document cannot drift from what the server checks; what the server around the routes
 * answers is added to each (common-responses.ts).
 */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Components = {};
  schemas.ApiError = jsonSchemaOf(apiErrorSchema, 'output', schemas, 'ApiError');
  for (const route of documentedRoutes(routes)) {
    const { path, pathParameters } = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, pathParameters, schemas);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kino server', version, description: DESCRIPTION },
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from /authenticator/authentication (or, on /admin routes, ADMIN_TOKEN).' },
        accessTokenCookie: { type: 'apiKey', in: 'cookie', name: AUTH_TOKEN_COOKIE, description: 'The access token cookie set at login; calls that change something also send X-XSRF-TOKEN.' },
        adminCookie: { type: 'apiKey', in: 'cookie', name: ADMIN_COOKIE, description: 'The session of the /admin login form.' },
        billingSignature: { type: 'apiKey', in: 'header', name: BILLING_SIGNATURE_HEADER, description: 'HMAC of the body with BILLING_WEBHOOK_SECRET.' },
      },
    },
  };
}

/** Fastify's /contents/:id and /media/* as OpenAPI's /contents/{id} and /media/{path}. */
function openApiPath(url: string): { path: string; pathParameters: string[] } {
  const pathParameters: string[] = [];
  const path = url
    .replace(/:([A-Za-z_][\w]*)/g, (_match, name: string) => {
      pathParameters.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      pathParameters.push('path');
      return '{path}';
    });
  return { path, pathParameters };
}

function operationOf(route: RegisteredRoute, pathParameters: readonly string[], schemas: Components): Operation {
  const schema = route.schema ?? {};
  const operationId = `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next?: string) => (next ?? '').toUpperCase())}`;
  const staticFiles = route.url.endsWith('*') && !schema.summary;
  const operation: Operation = {
    operationId,
    tags: schema.tags ?? [tagOf(route.url)],
    ...(schema.summary ? { summary: schema.summary } : staticFiles ? { summary: 'A file of the build or of the demo media (byte ranges, ETag)' } : {}),
    ...(schema.description ? { description: schema.description } : {}),
    parameters: [...pathParametersOf(schema.params, pathParameters, schemas, operationId), ...queryParametersOf(schema.querystring, schemas, operationId)],
    responses: responsesOf(route, pathParameters.length > 0, staticFiles, schemas, operationId),
  };
  const body = requestBodyOf(schema, schemas, operationId);
  if (body) operation.requestBody = body;
  if (schema.security) operation.security = schema.security;
  if (schema.admin) operation['x-admin'] = true;
  if (schema.refusesWellFormed) {
    operation['x-refuses-well-formed'] = schema.refusesWellFormed;
    const badInput = operation.responses['400'] as Response;
    operation.responses['400'] = { ...badInput, description: `${badInput.description}; or ${schema.refusesWellFormed}` };
  }
  return operation;
}

function tagOf(url: string): string {
  if (url.startsWith('/authenticator')) return 'accounts';
  if (url.startsWith('/admin')) return 'admin';
  if (url.startsWith('/catalog-api/media')) return 'media';
  if (/^\/catalog-api\/(ad-list\.json|vast\.xml|ads\/)/.test(url)) return 'ads';
  if (/^\/catalog-api\/(admin|caches|debug)(\/|$)/.test(url)) return 'admin';
  if (url.startsWith('/catalog-api')) return 'catalogue';
  if (url === '/collect') return 'analytics';
  if (url === '/error-tunnel') return 'errors';
  if (/^\/(healthz|readyz)$/.test(url)) return 'health';
  if (/^\/(openapi\.json|docs)/.test(url)) return 'documentation';
  return 'widget';
}

function pathParametersOf(params: unknown, names: readonly string[], schemas: Components, context: string): JsonSchema[] {
  const properties = objectProperties(params, schemas, context);
  return names.map((name) => ({ name, in: 'path', required: true, schema: properties.schemas[name] ?? { type: 'string' } }));
}

function queryParametersOf(query: unknown, schemas: Components, context: string): JsonSchema[] {
  const properties = objectProperties(query, schemas, context);
  return Object.entries(properties.schemas).map(([name, schema]) => ({
    name,
    in: 'query',
    required: properties.required.includes(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

function objectProperties(schema: unknown, schemas: Components, context: string): { schemas: Record<string, JsonSchema>; required: string[] } {
  if (!(schema instanceof z.ZodType)) return { schemas: {}, required: [] };
  const json = jsonSchemaOf(schema, 'input', schemas, context);
  return { schemas: (json.properties ?? {}) as Record<string, JsonSchema>, required: (json.required ?? []) as string[] };
}

function requestBodyOf(schema: NonNullable<RegisteredRoute['schema']>, schemas: Components, context: string): JsonSchema | undefined {
  const types = schema.consumes ?? ['application/json'];
  if (schema.rawBody) return { required: true, description: schema.rawBody, content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', minLength: 1 } }])) };
  if (!(schema.body instanceof z.ZodType)) return undefined;
  const json = jsonSchemaOf(schema.body, 'input', schemas, `${context}Body`);
  const required = !schema.body.safeParse(undefined).success;
  // Fastify hands an absent body and a JSON null over alike: an optional body may be either.
  const accepted = required ? json : { anyOf: [json, { type: 'null' }] };
  return { required, content: Object.fromEntries(types.map((type) => [type, { schema: type === 'application/json' ? accepted : json }])) };
}

function responsesOf(route: RegisteredRoute, hasPathParameters: boolean, staticFiles: boolean, schemas: Components, context: string): Record<string, Response> {
  const schema = route.schema ?? {};
  const responses: Record<string, Response> = {};
  const add = (status: number | string, response: Response) => {
    responses[String(status)] = mergeResponse(responses[String(status)], response);
  };
  for (const [status, value] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    if (!(value instanceof z.ZodType)) continue;
    add(status, { description: STATUS_CODES[Number(status)] ?? status, content: { 'application/json': { schema: jsonSchemaOf(value, 'output', schemas, `${context}${status}`) } } });
  }
  if (schema.produces) {
    const { status = 200, type, description } = schema.produces;
    add(status, { description, ...(type ? { content: { [type]: {} } } : {}), ...(status === 303 ? { headers: LOCATION } : {}) });
  }
  if (staticFiles) {
    add(200, { description: 'The file', content: { '*/*': {} } });
    add(206, { description: 'The byte range asked for', content: { '*/*': {} } });
    add(416, error(416, 'A byte range outside the file'));
    add(404, error(404, 'No such file'));
    add(403, error(403, 'A path the file server will not read (outside its folder, or a hidden file)'));
  }
  if (Object.keys(responses).length === 0) add(200, { description: 'OK' });
  for (const [status, page] of Object.entries(schema.pages ?? {})) add(status, { description: page.description, content: { [page.type]: {} } });
  for (const status of schema.errors ?? []) add(status, error(status));
  for (const [status, response] of Object.entries(commonResponses(route, hasPathParameters))) add(status, response);
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

const LOCATION = { Location: { required: true, description: 'Where to go', schema: { type: 'string' } } };
