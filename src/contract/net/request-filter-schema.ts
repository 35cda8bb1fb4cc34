/**
 * Validation of request filters (request-filter-rules.ts) where they come in: the page global,
 * the host SDK's frame address and its setRequestFilters command. Each filter is checked on its
 * own: an invalid one is left out with a message naming it and why, the others still apply, and
 * playback never fails over a filter. zod's mini build, in the chunks that apply filters only.
 */
import * as z from 'zod/mini';
import type { MediaRequestKind, RequestFilterRule } from './request-filter-rules.ts';

/**
 * request-filter-rules.ts MEDIA_REQUEST_KINDS, spelled out: importing the list would make the
 * apply function a chunk of its own beside the engines' (its test checks they agree).
 */
export const FILTERABLE_KINDS = ['playlist', 'init', 'segment'] as const satisfies readonly MediaRequestKind[];

/** More would be a host's mistake (one per request kind and CDN is plenty). */
export const MAX_REQUEST_FILTERS = 20;
const MAX_ENTRIES = 20;
const MAX_TEXT = 2048;

const isHttpPrefix = (text: string) => /^https?:\/\/[^/?#]+\//i.test(text);
/** An absolute http(s) prefix with at least the origin's slash, or a path; never javascript: or data:. */
const prefix = z.string().check(
  z.maxLength(MAX_TEXT),
  z.refine((text) => isHttpPrefix(text) || (text.startsWith('/') && !text.startsWith('//')), {
    message: "must be an http(s) address ending its host with '/' or a path starting with '/'",
  }),
);
const match = z.optional(z.strictObject({
  kinds: z.optional(z.array(z.enum(FILTERABLE_KINDS)).check(z.maxLength(FILTERABLE_KINDS.length))),
  urlPrefix: z.optional(prefix),
}));
const value = z.string().check(z.maxLength(MAX_TEXT), z.refine((text) => !/[\r\n\0]/.test(text), { message: 'no line breaks' }));
const entryCount = (what: string) =>
  z.refine<Record<string, string>>((record) => Object.keys(record).length > 0 && Object.keys(record).length <= MAX_ENTRIES, { message: `1 to ${MAX_ENTRIES} ${what}` });
const params = z.record(z.string(), value).check(
  entryCount('parameters'),
  z.refine((record) => Object.keys(record).every((name) => name.length > 0 && name.length <= 100), { message: 'parameter names of 1 to 100 characters' }),
);
/** RFC 9110 field names; Range is the engine's own (byte ranges), never a filter's. */
const headers = z.record(z.string(), value).check(
  entryCount('headers'),
  z.refine((record) => Object.keys(record).every((name) => /^[!#$%&'*+.^`|~\w-]{1,100}$/.test(name)), { message: 'not a header name' }),
  z.refine((record) => !Object.keys(record).some((name) => name.toLowerCase() === 'range'), { message: 'Range is set by the player' }),
);

export const requestFilterSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('query'), match, params }),
  z.strictObject({ type: z.literal('headers'), match, headers }),
  z.strictObject({ type: z.literal('prefix'), match, from: prefix, to: prefix }),
]);

export interface RequestFilterReading {
  /** The valid filters, in the order given. */
  filters: RequestFilterRule[];
  /** One message per filter left out, e.g. 'requestFilters[1] (query): params: 1 to 20 parameters'. */
  errors: string[];
}

const NONE: RequestFilterReading = { filters: [], errors: [] };
const readings = new WeakMap<object, RequestFilterReading>();
/** The frame address's filters, JSON text: read once, as an array is. */
let lastText: { text: string; reading: RequestFilterReading } | undefined;

/**
 * The valid filters of `value` (an array of filters, or its JSON text as the frame address
 * carries it; undefined or null for none) and why each other one was left out. The same value
 * is read once (every engine asks for it).
 */
export function readRequestFilters(value: unknown): RequestFilterReading {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'string') {
    if (lastText?.text !== value) lastText = { text: value, reading: readJson(value) };
    return lastText.reading;
  }
  if (!Array.isArray(value)) return { filters: [], errors: ['requestFilters must be an array of filters; none applied'] };
  const known = readings.get(value);
  if (known) return known;
  const reading: RequestFilterReading = { filters: [], errors: [] };
  value.forEach((item: unknown, index) => {
    const type = typeof item === 'object' && item !== null && 'type' in item ? String(item.type) : '?';
    if (index >= MAX_REQUEST_FILTERS) {
      reading.errors.push(`requestFilters[${index}] (${type}): at most ${MAX_REQUEST_FILTERS} filters`);
      return;
    }
    const parsed = requestFilterSchema.safeParse(item);
    if (parsed.success) reading.filters.push(parsed.data);
    else reading.errors.push(`requestFilters[${index}] (${type}): ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'type'}: ${issue.message}`).join('; ')}`);
  });
  readings.set(value, reading);
  return reading;
}

function readJson(text: string): RequestFilterReading {
  try {
    return readRequestFilters(JSON.parse(text) as unknown);
  } catch {
    return { filters: [], errors: ['requestFilters is not JSON; none applied'] };
  }
}
