import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { invalidValue, validValue, type JsonSchema, type Resolve, type Wire } from './schema-arbitraries.ts';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
export interface MediaType {
  schema?: JsonSchema;
}
export interface Response {
  description: string;
  headers?: Record<string, { required?: boolean; schema?: JsonSchema }>;
  content?: Record<string, MediaType>;
}
export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
  security?: Array<Record<string, string[]>>;
  'x-admin'?: boolean;
  'x-refuses-well-formed'?: string;
}

/** One call, as the generator writes it: typed values, serialised only when sent. */
export interface Call {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: { type: string; value: unknown };
  accept?: string;
}

/** Decides whether a typed value fits a schema (ajv over the document's components). */
export type Fits = (schema: JsonSchema, value: unknown) => boolean;

const ACCEPTS = [undefined, '*/*', 'application/json', 'text/html'] as const;
/** How many candidates are tried to see whether a part can be made invalid at all. */
const PROBE_SAMPLES = 60;

/** Arbitrary calls whose every part fits the operation's schemas. */
export function validCalls(operation: Operation, resolve: Resolve): fc.Arbitrary<Call> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const path = fc.record(Object.fromEntries(pathParameters.map((parameter) => [parameter.name, pathValue(parameter, resolve)])));
  const query = fc.record(
    Object.fromEntries(queryParameters.map((parameter) => [parameter.name, validValue(parameter.schema, resolve)])),
    { requiredKeys: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  );
  const body = validBody(operation, resolve);
  return fc.record({ path, query, body, accept: fc.constantFrom(...ACCEPTS) }).map(({ body: chosen, ...rest }) => ({
    ...rest,
    ...(chosen ? { body: chosen } : {}),
  }));
}

/** Path values are never empty: an empty segment is another address, not a bad value. */
function pathValue(parameter: Parameter, resolve: Resolve): fc.Arbitrary<unknown> {
  return validValue(parameter.schema, resolve).filter((value) => String(value) !== '');
}

function validBody(operation: Operation, resolve: Resolve): fc.Arbitrary<Call['body'] | undefined> {
  const requestBody = operation.requestBody;
  if (!requestBody) return fc.constant(undefined);
  const bodies = Object.entries(requestBody.content).map(([type, media]) =>
    validValue(media.schema ?? { type: 'string' }, resolve).map((value) => ({ type, value })));
  const some = fc.oneof(...bodies);
  return requestBody.required ? some : fc.option(some, { nil: undefined });
}

/**
 * Arbitrary calls with exactly one part that does not fit: one path or query value, a missing
 * required value, or the body. `fits` filters out candidates that happen to fit after all.
 */
export function invalidCalls(operation: Operation, resolve: Resolve, fits: Fits): fc.Arbitrary<Call> | undefined {
  const parameters = operation.parameters ?? [];
  const breakers: Array<fc.Arbitrary<(call: Call) => Call>> = [];
  for (const parameter of parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    if (parameter.in === 'query' && parameter.required) {
      breakers.push(fc.constant((call: Call) => ({ ...call, query: without(call.query, parameter.name) })));
    }
    const wrong = mustFail(invalidValue(parameter.schema, resolve, 'text'), (value) => fits(parameter.schema, asRead(parameter.schema, value, resolve)), parameter.in === 'path');
    if (!wrong) continue;
    breakers.push(wrong.map((value) => (call: Call) => ({ ...call, [parameter.in]: { ...call[parameter.in as 'path' | 'query'], [parameter.name]: value } })));
  }
  const requestBody = operation.requestBody;
  if (requestBody) {
    for (const [type, media] of Object.entries(requestBody.content)) {
      if (!media.schema || type !== 'application/json') continue;
      const schema = media.schema;
      const wrong = mustFail(invalidValue(schema, resolve, 'json' satisfies Wire), (value) => fits(schema, value), false);
      if (wrong) breakers.push(wrong.map((value) => (call: Call) => ({ ...call, body: { type, value } })));
    }
    if (requestBody.required) breakers.push(fc.constant((call: Call) => without(call, 'body') as Call));
  }
  if (breakers.length === 0) return undefined;
  return fc.tuple(validCalls(operation, resolve), fc.oneof(...breakers)).map(([call, breakIt]) => breakIt(call));
}

/** The candidates the schema refuses, or undefined when none of a sample is refused. */
function mustFail(candidates: fc.Arbitrary<unknown>, fitsValue: (value: unknown) => boolean, inPath: boolean): fc.Arbitrary<unknown> | undefined {
  const refused = (value: unknown) => !fitsValue(value) && !(inPath && String(value) === '');
  const probe = fc.sample(candidates, { numRuns: PROBE_SAMPLES, seed: 7 });
  if (!probe.some(refused)) return undefined;
  return candidates.filter(refused);
}

/**
 * A path or query value as OpenAPI reads it from the text sent: a number where the schema takes
 * one and the text is one (an id is an integer, sent as its digits), a boolean likewise, each
 * item of a repeated value, else the text.
 */
function asRead(input: JsonSchema, value: unknown, resolve: Resolve): unknown {
  const schema = resolve(input);
  if (Array.isArray(value)) return value.map((item) => asRead((schema.items ?? {}) as JsonSchema, item, resolve));
  const text = String(value);
  const kinds = acceptedTypes(schema, resolve);
  if ((kinds.has('integer') || kinds.has('number')) && /^-?\d+(\.\d+)?(e\d+)?$/.test(text)) return Number(text);
  if (kinds.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (kinds.has('array')) return [asRead((schema.items ?? {}) as JsonSchema, value, resolve)];
  return text;
}

function acceptedTypes(schema: JsonSchema, resolve: Resolve): Set<string> {
  const found = new Set<string>([schema.type ?? []].flat() as string[]);
  for (const each of (schema.anyOf ?? []) as JsonSchema[]) for (const type of acceptedTypes(resolve(each), resolve)) found.add(type);
  return found;
}

function without<T extends object>(value: T, key: string): T {
  const { [key as keyof T]: _dropped, ...rest } = value;
  return rest as T;
}

/** The call as fastify's inject takes it, and a line that names it in a failure report. */
export function injectOptions(method: string, template: string, call: Call, headers: Record<string, string>): InjectOptions {
  const url = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = String(call.path[name] ?? '');
    // The static files' {path} spans segments; any other value is one segment.
    return template.endsWith(`{${name}}`) && name === 'path' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query)) {
    for (const each of [value].flat()) search.append(name, each === null ? '' : String(each));
  }
  const query = search.toString();
  const options: InjectOptions = { method: method.toUpperCase() as InjectOptions['method'], url: query ? `${url}?${query}` : url, headers: { ...headers } };
  if (call.accept) options.headers!.accept = call.accept;
  if (call.body) {
    options.headers!['content-type'] = call.body.type;
    options.payload = serialise(call.body.type, call.body.value);
  }
  return options;
}

function serialise(type: string, value: unknown): string {
  if (type === 'application/x-www-form-urlencoded' && value && typeof value === 'object') {
    return new URLSearchParams(Object.entries(value).map(([key, each]) => [key, String(each)])).toString();
  }
  if (typeof value === 'string' && type !== 'application/json') return value;
  return JSON.stringify(value);
}
