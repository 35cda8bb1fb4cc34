import fc from 'fast-check';

/** The JSON Schema 2020-12 subset z.toJSONSchema writes for request inputs. */
export type JsonSchema = Record<string, unknown>;

/**
 * Where a value travels: `text` is a path or query value (every value is a string on the wire,
 * so "a number where text belongs" cannot be sent); `json` is a JSON body.
 */
export type Wire = 'text' | 'json';

/** Reads `#/components/schemas/X` references of the document. */
export type Resolve = (schema: JsonSchema) => JsonSchema;

const INT32_MAX = 2_147_483_647;
/** Strings without a bound still stay short enough to read in a failure report. */
const DEFAULT_MAX_LENGTH = 40;

/**
 * Text a client may send in any string the API takes: the document says (info.description) that
 * control characters and text PostgreSQL cannot store are refused everywhere. Basic-plane
 * characters only: zod counts a string's length in UTF-16 units, JSON Schema in code points.
 */
const textUnit = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }).map((code) => String.fromCharCode(code)) },
);

/** No control character and no lone surrogate half: text any string of the API takes. */
function sendable(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}

function types(schema: JsonSchema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  if (typeof type === 'string') return [type];
  if (schema.properties) return ['object'];
  return [];
}

/** Values the schema accepts. */
export function validValue(input: JsonSchema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as JsonSchema[]).map((each) => validValue(each, resolve, depth + 1)));
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => validValue({ ...schema, type }, resolve, depth + 1)));
  switch (kinds[0]) {
    case 'string': return validString(schema);
    case 'integer': return fc.integer({ min: bound(schema, 'minimum', -INT32_MAX), max: bound(schema, 'maximum', INT32_MAX) });
    case 'number': return validNumber(schema);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const items = schema.items ? validValue(schema.items as JsonSchema, resolve, depth + 1) : fc.string();
      const minLength = (schema.minItems as number | undefined) ?? 0;
      return fc.array(items, { minLength, maxLength: Math.min((schema.maxItems as number | undefined) ?? 5, minLength + 5) });
    }
    case 'object': return validObject(schema, resolve, depth);
    default: return fc.string({ unit: textUnit, maxLength: 10 });
  }
}

function bound(schema: JsonSchema, key: 'minimum' | 'maximum', fallback: number): number {
  const value = schema[key];
  if (typeof value !== 'number') return fallback;
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const min = exclusiveMin ?? bound(schema, 'minimum', -1e9);
  const max = bound(schema, 'maximum', 1e9);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: exclusiveMin !== undefined })
    .map((value) => (Object.is(value, -0) ? 0 : value));
}

function lengthFits(schema: JsonSchema, text: string): boolean {
  const length = [...text].length;
  return length >= ((schema.minLength as number | undefined) ?? 0) && length <= ((schema.maxLength as number | undefined) ?? Infinity);
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? Math.max(minLength, DEFAULT_MAX_LENGTH);
  if (schema.format === 'email') {
    // The document's pattern (zod's) is narrower than RFC 5322's addresses.
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
    return fc.emailAddress().filter((text) => lengthFits(schema, text) && (!pattern || pattern.test(text)));
  }
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  if (typeof schema.pattern === 'string') {
    // One character class repeated: its characters at the lengths allowed (filtering
    // stringMatching's short strings by a minimum length could wait for ever).
    const repeated = /^\^(\[[^\]]+\])[+*]\$$/.exec(schema.pattern);
    if (repeated) {
      const unit = fc.stringMatching(new RegExp(`^${repeated[1]!}$`, 'u'));
      return fc.string({ unit, minLength: Math.max(minLength, 1), maxLength: Math.min(maxLength, Math.max(minLength, 1) + 60) });
    }
    const pattern = new RegExp(schema.pattern, 'u');
    return fc.stringMatching(pattern, { size: 'medium' }).filter((text) => lengthFits(schema, text) && sendable(text));
  }
  return fc.string({ unit: textUnit, minLength, maxLength: Math.min(maxLength, minLength + 60) });
}

function validObject(schema: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validValue(property, resolve, depth + 1)]));
  return fc.record(model, { requiredKeys: required.filter((name) => name in properties) });
}

/**
 * Values near the schema that break it in one way (too long, out of range, a wrong type, a
 * missing field, an unknown one…). Some candidates still fit: the caller keeps those that its
 * validator refuses.
 */
export function invalidValue(input: JsonSchema, resolve: Resolve, wire: Wire, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  const candidates: Array<fc.Arbitrary<unknown>> = [];
  const kinds = types(schema);
  if (wire === 'json') candidates.push(fc.constantFrom<unknown>(12345, 'text', true, null, [], {}));
  else candidates.push(fc.constantFrom('', 'abc', '-1', '1.5', '9'.repeat(12), 'true'));
  if (Array.isArray(schema.enum) || 'const' in schema) candidates.push(fc.string({ unit: textUnit, minLength: 1, maxLength: 12 }));
  if (Array.isArray(schema.anyOf)) {
    candidates.push(...(schema.anyOf as JsonSchema[]).map((each) => invalidValue(each, resolve, wire, depth + 1)));
  }
  if (kinds.includes('string')) candidates.push(...invalidStrings(schema));
  if (kinds.includes('integer') || kinds.includes('number')) candidates.push(...invalidNumbers(schema, kinds.includes('integer')));
  if (kinds.includes('array') && depth < 3) candidates.push(...invalidArrays(schema, resolve, wire, depth));
  if (kinds.includes('object') && depth < 3) candidates.push(...invalidObjects(schema, resolve, wire, depth));
  return fc.oneof(...candidates);
}

function invalidStrings(schema: JsonSchema): Array<fc.Arbitrary<unknown>> {
  const found: Array<fc.Arbitrary<unknown>> = [];
  if (typeof schema.maxLength === 'number') {
    const max = schema.maxLength;
    found.push(fc.integer({ min: max + 1, max: max + 20 }).map((length) => 'a'.repeat(length)));
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    found.push(fc.string({ unit: textUnit, maxLength: schema.minLength - 1 }));
  }
  if (typeof schema.pattern === 'string' || schema.format === 'email') {
    found.push(fc.string({ unit: textUnit, minLength: 1, maxLength: 30 }));
  }
  return found;
}

function invalidNumbers(schema: JsonSchema, integer: boolean): Array<fc.Arbitrary<unknown>> {
  const found: Array<fc.Arbitrary<unknown>> = [];
  if (typeof schema.minimum === 'number') {
    const min = schema.minimum;
    found.push(fc.integer({ min: 1, max: 1000 }).map((below) => min - below), fc.constant(min - 1));
  }
  if (typeof schema.exclusiveMinimum === 'number') found.push(fc.constant(schema.exclusiveMinimum));
  if (typeof schema.maximum === 'number') {
    const max = schema.maximum;
    found.push(fc.integer({ min: 1, max: 1000 }).map((above) => max + above), fc.constant(max + 1));
  }
  if (integer) found.push(fc.constantFrom(1.5, -0.25, 1e21));
  return found;
}

function invalidArrays(schema: JsonSchema, resolve: Resolve, wire: Wire, depth: number): Array<fc.Arbitrary<unknown>> {
  const found: Array<fc.Arbitrary<unknown>> = [];
  const items = schema.items as JsonSchema | undefined;
  if (typeof schema.maxItems === 'number' && items) {
    const max = schema.maxItems;
    found.push(fc.array(validValue(items, resolve, depth + 1), { minLength: max + 1, maxLength: max + 3 }));
  }
  if (items) found.push(fc.tuple(invalidValue(items, resolve, wire, depth + 1)).map(([item]) => [item]));
  return found;
}

function invalidObjects(schema: JsonSchema, resolve: Resolve, wire: Wire, depth: number): Array<fc.Arbitrary<unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = ((schema.required ?? []) as string[]).filter((name) => name in properties);
  const whole = validObject(schema, resolve, depth);
  const found: Array<fc.Arbitrary<unknown>> = [];
  if (required.length > 0) {
    found.push(fc.tuple(whole, fc.constantFrom(...required)).map(([value, name]) => {
      const { [name]: _dropped, ...rest } = value;
      return rest;
    }));
  }
  if (schema.additionalProperties === false) {
    found.push(whole.map((value) => ({ ...value, unexpectedField: 1 })));
  }
  const names = Object.keys(properties);
  if (names.length > 0) {
    found.push(fc.constantFrom(...names).chain((name) =>
      fc.tuple(whole, invalidValue(properties[name]!, resolve, wire, depth + 1)).map(([value, wrong]) => ({ ...value, [name]: wrong }))));
  }
  return found;
}
