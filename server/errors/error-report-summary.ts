import type { Envelope } from './sentry-envelope.ts';

/** What the tunnel keeps of an envelope: enough to find a report and tell what it was. */
export interface ErrorReportSummary {
  eventId: string | undefined;
  itemTypes: string[];
  /** The event's tags (project, error_id, error_code, …); empty for an envelope without an event. */
  tags: Record<string, string>;
  /** "Type: message" of the event's first exception, or its message. */
  title: string | undefined;
  level: string | undefined;
  sizeBytes: number;
}

const TITLE_CHARS = 500;
const TAG_CHARS = 200;
const MAX_TAGS = 50;

/**
 * Reads the event item (an error report) when there is one; other items (replay segments,
 * sessions, transactions) are counted by type only.
 */
export function summarizeEnvelope(envelope: Envelope, sizeBytes: number): ErrorReportSummary {
  const eventItem = envelope.items.find((item) => item.header.type === 'event');
  const event = eventItem ? parseObject(eventItem.payload.toString('utf8')) : undefined;
  const headerEventId = typeof envelope.header.event_id === 'string' ? envelope.header.event_id : undefined;
  return {
    eventId: storable(headerEventId ?? (typeof event?.event_id === 'string' ? event.event_id : undefined), 64),
    itemTypes: envelope.items.map((item) => storable(item.header.type, 64) ?? ''),
    tags: event ? tagsOf(event.tags) : {},
    title: event ? storable(titleOf(event), TITLE_CHARS) : undefined,
    level: event && typeof event.level === 'string' ? storable(event.level, 32) : undefined,
    sizeBytes,
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Sentry sends tags as an object; older SDKs as [key, value] pairs. */
function tagsOf(raw: unknown): Record<string, string> {
  const entries: [unknown, unknown][] = Array.isArray(raw) ? raw.filter(Array.isArray).map((pair) => [pair[0], pair[1]]) : raw && typeof raw === 'object' ? Object.entries(raw) : [];
  const tags: Record<string, string> = {};
  for (const [key, value] of entries.slice(0, MAX_TAGS)) {
    const name = typeof key === 'string' ? storable(key, TAG_CHARS) : undefined;
    if (name && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) tags[name] = storable(String(value), TAG_CHARS) ?? '';
  }
  return tags;
}

function titleOf(event: Record<string, unknown>): string | undefined {
  const exception = event.exception as { values?: { type?: unknown; value?: unknown }[] } | undefined;
  const first = exception?.values?.[0];
  if (first) return [first.type, first.value].filter((part) => typeof part === 'string').join(': ');
  return typeof event.message === 'string' ? event.message : undefined;
}

/**
 * PostgreSQL's text and jsonb refuse NUL and lone UTF-16 surrogates, which JSON lets through:
 * they are dropped or replaced here rather than failing the insert. Long text is cut.
 */
export function storable(text: string | undefined, maxChars: number): string | undefined {
  if (text === undefined) return undefined;
  // Cut first: a cut through a surrogate pair leaves a lone half, which toWellFormed replaces.
  return (text.slice(0, maxChars) as string & { toWellFormed(): string }).toWellFormed().replaceAll('\u0000', '');
}
