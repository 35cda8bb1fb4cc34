import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { apiErrorSchema } from '../../src/api/schema.ts';
import { ADMIN_COOKIE } from '../analytics/admin-auth.ts';
import { AUTH_TOKEN_COOKIE } from '../auth/auth-cookies.ts';
import { BILLING_SIGNATURE_HEADER } from '../auth/billing-signature.ts';
import { documentedRoutes, type RegisteredRoute } from './registered-routes.ts';
import './route-docs.ts';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown> & { responses: Record<string, unknown> };
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/**
 * The OpenAPI 3.1 description of the server, written from the routes as registered: each
 * one's zod schemas (params, query, body, answers) become JSON Schema through z.toJSONSchema,
 * so the document cannot drift from what the server checks.
 */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of documentedRoutes(routes)) {
    const { path, pathParameters } = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, pathParameters);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kino server',
      version,
      description: 'The catalogue, manifests, demo ads and media the player reads; the widget; accounts (/authenticator); analytics and error reports. Every error answer has the ApiError shape; a 400 names each wrong field with its path.',
    },
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorSchema, 'output') },
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

function operationOf(route: RegisteredRoute, pathParameters: readonly string[]): Operation {
  const schema = route.schema ?? {};
  const hasInput = schema.params !== undefined || schema.querystring !== undefined || schema.body !== undefined;
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next?: string) => (next ?? '').toUpperCase())}`,
    tags: schema.tags ?? [tagOf(route.url)],
    ...(schema.summary ? { summary: schema.summary } : {}),
    ...(schema.description ? { description: schema.description } : {}),
    parameters: [...pathParametersOf(schema.params, pathParameters), ...queryParametersOf(schema.querystring)],
    responses: { ...successResponses(schema), ...errorResponses(schema.errors ?? [], hasInput) },
  };
  const body = requestBodyOf(schema);
  if (body) operation.requestBody = body;
  if (schema.security) operation.security = schema.security;
  if (schema.admin) operation['x-admin'] = true;
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

function pathParametersOf(params: unknown, names: readonly string[]): JsonSchema[] {
  const properties = objectProperties(params);
  return names.map((name) => ({ name, in: 'path', required: true, schema: properties.schemas[name] ?? { type: 'string' } }));
}

function queryParametersOf(query: unknown): JsonSchema[] {
  const properties = objectProperties(query);
  return Object.entries(properties.schemas).map(([name, schema]) => ({
    name,
    in: 'query',
    required: properties.required.includes(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

function objectProperties(schema: unknown): { schemas: Record<string, JsonSchema>; required: string[] } {
  if (!(schema instanceof z.ZodType)) return { schemas: {}, required: [] };
  const json = jsonSchemaOf(schema, 'input');
  return { schemas: (json.properties ?? {}) as Record<string, JsonSchema>, required: (json.required ?? []) as string[] };
}

function requestBodyOf(schema: NonNullable<RegisteredRoute['schema']>): JsonSchema | undefined {
  const types = schema.consumes ?? ['application/json'];
  if (schema.rawBody) return { required: true, description: schema.rawBody, content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])) };
  if (!(schema.body instanceof z.ZodType)) return undefined;
  const json = jsonSchemaOf(schema.body, 'input');
  return { required: !schema.body.safeParse(undefined).success, content: Object.fromEntries(types.map((type) => [type, { schema: json }])) };
}

function successResponses(schema: NonNullable<RegisteredRoute['schema']>): Record<string, unknown> {
  const declared = Object.entries((schema.response ?? {}) as Record<string, unknown>);
  const responses: Record<string, unknown> = {};
  for (const [status, value] of declared) {
    if (!(value instanceof z.ZodType)) continue;
    responses[status] = { description: STATUS_CODES[Number(status)] ?? status, content: { 'application/json': { schema: jsonSchemaOf(value, 'output') } } };
  }
  if (schema.produces) {
    responses[String(schema.produces.status ?? 200)] = { description: schema.produces.description, content: { [schema.produces.type]: {} } };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK' };
  return responses;
}

function errorResponses(statuses: readonly number[], hasInput: boolean): Record<string, unknown> {
  const all = new Set([...(hasInput ? [400] : []), ...statuses, 500]);
  return Object.fromEntries([...all].sort().map((status) => [
    String(status),
    { description: STATUS_CODES[status] ?? 'Error', content: { 'application/json': { schema: ERROR_REF } } },
  ]));
}

/** JSON Schema 2020-12 (what OpenAPI 3.1 uses); a transform's output side cannot be described, so inputs are. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}
