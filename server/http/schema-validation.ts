import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { HttpError } from './http-error.ts';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from './storable-text.ts';

/** Enough to fix a form; a fuzzer's hundred problems are summed up. */
const MAX_REPORTED_ISSUES = 10;

/** How an error message names the part of the request that was wrong. */
const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/**
 * Lets a route's handler see what its zod schemas produce (numbers parsed, defaults filled)
 * instead of Fastify's raw strings: `app.withTypeProvider<ZodTypeProvider>()`.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/**
 * Every route declares its params, query and body as zod schemas in `schema` (the same
 * objects the OpenAPI document is written from); Fastify runs them before the handler, after
 * the onRequest hooks. A failure is a 400 in the usual error shape whose message names each
 * wrong field with its path: "invalid query: content-id: must be a positive integer; …".
 * Before the schema, any string in the part that PostgreSQL could not store is refused the same
 * way, so no route's query can fail on it with a 500 and no route has to remember it.
 */
export function installSchemaValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidator);
  // Response schemas document the answers; what is sent is the handler's value as JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

const zodValidator: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PART_NAMES[httpPart ?? ''] ?? String(httpPart);
  return (data: unknown) => {
    // Fastify hands a missing body over as null; an absent query or path is an empty object.
    const unstorable = unstorableTextPath(data);
    if (unstorable) return { error: new HttpError(400, `invalid ${part}: ${unstorable.map(String).join('.') || '(whole)'}: ${UNSTORABLE_TEXT_MESSAGE}`) };
    const parsed = schema.safeParse(data ?? (httpPart === 'body' ? undefined : {}));
    if (parsed.success) return { value: parsed.data };
    return { error: new HttpError(400, `invalid ${part}: ${describeIssues(parsed.error.issues)}`) };
  };
};

/** "email: Invalid email address; password: Too small: …", at most MAX_REPORTED_ISSUES of them. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const described = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => {
    const path = issue.path.map(String).join('.') || `(${issue.code === 'unrecognized_keys' ? 'fields' : 'whole'})`;
    return `${path}: ${issue.message}`;
  });
  if (issues.length > MAX_REPORTED_ISSUES) described.push(`and ${issues.length - MAX_REPORTED_ISSUES} more`);
  return described.join('; ');
}
