import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { Operation, Response } from './operation-requests.ts';
import type { JsonSchema } from './schema-arbitraries.ts';

const DOCUMENT_ID = 'https://kino.invalid/openapi.json';

/** Validates values against the document's schemas, its `#/components/…` references included. */
export class DocumentSchemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new WeakMap<JsonSchema, ValidateFunction>();
  private readonly components: Record<string, JsonSchema>;

  constructor(document: { components: { schemas: Record<string, JsonSchema> } }) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.components = document.components.schemas;
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  }

  /** A `$ref` to the document's components, read; anything else as it is. */
  readonly resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
    return this.resolve(this.components[ref.slice('#/components/schemas/'.length)] ?? {});
  };

  /** ajv's errors for the value, or undefined when it fits. */
  problems(schema: JsonSchema, value: unknown): string | undefined {
    let validate = this.compiled.get(schema);
    if (!validate) {
      const anchored = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as JsonSchema;
      validate = this.ajv.compile(anchored);
      this.compiled.set(schema, validate);
    }
    if (validate(value)) return undefined;
    return this.ajv.errorsText(validate.errors, { dataVar: 'body' });
  }

  readonly fits = (schema: JsonSchema, value: unknown): boolean => this.problems(schema, value) === undefined;
}

/** `text/html; charset=utf-8` → `text/html`. */
const mediaTypeOf = (header: unknown) => String(header ?? '').split(';')[0]!.trim().toLowerCase();

function typeMatches(documented: string, sent: string): boolean {
  if (documented === '*/*' || documented === sent) return true;
  return documented.endsWith('/*') && sent.startsWith(documented.slice(0, -1));
}

/**
 * What is wrong with an answer against the operation's description: an undocumented status, any
 * 5xx, another content type than documented for the status, a body outside the documented
 * schema, a documented header missing. Empty when it conforms.
 */
export function answerProblems(operation: Operation, response: LightMyRequestResponse, schemas: DocumentSchemas): string[] {
  const status = response.statusCode;
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}, a server error`);
  const documented: Response | undefined = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
  if (!documented) {
    problems.push(`answered ${status}, not documented (documented: ${Object.keys(operation.responses).join(', ')})`);
    return problems;
  }
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    if (header.required && response.headers[name.toLowerCase()] === undefined) problems.push(`${status} without its documented ${name} header`);
  }
  const content = documented.content ?? {};
  const sentType = mediaTypeOf(response.headers['content-type']);
  if (Object.keys(content).length === 0) {
    if (response.rawPayload.length > 0) problems.push(`${status} has a body (${sentType || 'no type'}), documented without content`);
    return problems;
  }
  const matched = Object.entries(content).find(([type]) => typeMatches(type, sentType));
  if (!matched) {
    problems.push(`${status} sent as ${sentType || 'no content type'}, documented as ${Object.keys(content).join(' or ')}`);
    return problems;
  }
  const [type, media] = matched;
  if (media.schema && /[/+]json$/.test(type)) {
    let body: unknown;
    try {
      body = JSON.parse(response.body) as unknown;
    } catch {
      problems.push(`${status} is not JSON: ${response.body.slice(0, 120)}`);
      return problems;
    }
    const wrong = schemas.problems(media.schema, body);
    if (wrong) problems.push(`${status} body does not fit its schema: ${wrong}`);
  }
  return problems;
}
