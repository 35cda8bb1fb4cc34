import { z } from 'zod';
import { categoryNodeSchema, menuItemSchema } from '../../src/contract/schemas/browse-schema.ts';

export type JsonSchema = Record<string, unknown>;

/**
 * How a schema is described when z.toJSONSchema cannot see it: a path or query value read as
 * text and turned into a bounded number is documented as that number (its text side is only
 * "digits"), so the document states the range the server accepts.
 */
const documentedShapes = new WeakMap<z.ZodType, JsonSchema>();

export function documentAs<T extends z.ZodType>(schema: T, shape: JsonSchema): T {
  documentedShapes.set(schema, shape);
  return schema;
}

/** Recursive schemas become named components (their own $defs would not resolve inside the document). */
const named = z.registry<{ id: string }>();
named.add(categoryNodeSchema, { id: 'CategoryNode' });
named.add(menuItemSchema, { id: 'MenuItem' });

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * JSON Schema 2020-12 (what OpenAPI 3.1 uses) for one zod schema; a transform's output side
 * cannot be described, so inputs are. Definitions it needs ($defs: a recursive schema) are moved
 * into `components`, and its references point there.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>, context: string): JsonSchema {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', metadata: named, override: describeAsDocumented }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return json;
  const names = new Map<string, string>();
  for (const [key, definition] of Object.entries($defs)) names.set(key, componentName(key, definition, components, context));
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) return [key, `${COMPONENT_PREFIX}${names.get(inner.slice('#/$defs/'.length))}`];
      return [key, rewrite(inner)];
    }));
  };
  for (const [key, definition] of Object.entries($defs)) components[names.get(key)!] = rewrite(definition) as JsonSchema;
  return rewrite(json) as JsonSchema;
}

/** The definition's own name when it has one, else one from where it is used; never two shapes under one name. */
function componentName(key: string, definition: JsonSchema, components: Record<string, JsonSchema>, context: string): string {
  const base = key.startsWith('__schema') ? `${context}${key.slice('__schema'.length)}` : key;
  for (let suffix = 1; ; suffix += 1) {
    const name = suffix === 1 ? base : `${base}${suffix}`;
    const existing = components[name];
    if (!existing || JSON.stringify(existing) === JSON.stringify(definition)) return name;
  }
}

function describeAsDocumented(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const shape = documentedShapes.get(ctx.zodSchema as z.ZodType);
  if (shape) {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, structuredClone(shape));
    return;
  }
  mergeCheckedSide(ctx.zodSchema as z.ZodType, ctx.jsonSchema);
  keepPipeMetadata(ctx.zodSchema as z.ZodType, ctx.jsonSchema);
}

/**
 * A transform's or refinement's `.meta()` (its description, the pattern that states the
 * refinement) is dropped when its input side is described: put it back.
 */
function keepPipeMetadata(schema: z.ZodType, json: JsonSchema): void {
  if (schema._zod.def.type !== 'pipe') return;
  const metadata = z.globalRegistry.get(schema);
  if (!metadata) return;
  for (const [key, value] of Object.entries(metadata)) if (key !== 'id' && !(key in json)) json[key] = value;
}

/**
 * A text piped into a stricter text (`text(254).pipe(z.email())`) is documented with both
 * sides' constraints: the input side alone would say any text of up to 254 characters.
 */
function mergeCheckedSide(schema: z.ZodType, json: JsonSchema): void {
  const def = schema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
  if (def.type !== 'pipe' || !def.out || def.out._zod.def.type !== 'string' || json.type !== 'string') return;
  const { $schema: _dialect, ...checked } = z.toJSONSchema(def.out, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  for (const [key, value] of Object.entries(checked)) {
    if (key === 'maxLength' && typeof json.maxLength === 'number') json.maxLength = Math.min(json.maxLength, value as number);
    else if (key === 'minLength' && typeof json.minLength === 'number') json.minLength = Math.max(json.minLength, value as number);
    else if (!(key in json)) json[key] = value;
  }
}
