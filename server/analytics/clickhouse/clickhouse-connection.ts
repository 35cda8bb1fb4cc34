import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import type { ClickHouseTarget } from './clickhouse-url.ts';

/** A statement that takes longer than this fails, so a hung ClickHouse answers the collector in time. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The official client over HTTP. Statements name the database themselves (`kino.analytics_events`):
 * the client's `database` setting would make every request fail before CREATE DATABASE ran.
 * Older servers (Debian's 18.16) know no query parameters ({name:Type}, 19.x+): values are
 * written into the statement by quote()/the numbers' own text, never taken from the request raw.
 * The client's defaults otherwise work on 18.16: it sends no setting 18.16 lacks unless asked
 * (no compression is asked for, so no enable_http_compression).
 */
export function openClickHouseClient(target: ClickHouseTarget): ClickHouseClient {
  return createClient({
    url: target.origin,
    username: target.username,
    password: target.password,
    request_timeout: REQUEST_TIMEOUT_MS,
    compression: { request: false, response: false },
    application: 'kino-analytics',
    // The client logs every failed request as an error itself; the server logs what it makes of it.
    log: { level: ClickHouseLogLevel.OFF },
  });
}

/** A string as a ClickHouse literal: backslash and quote escaped (the event schema already refuses NUL). */
export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A list of strings as the inside of IN (…). */
export function quoteList(texts: Iterable<string>): string {
  return [...texts].map(quote).join(', ');
}

/** A whole number written into a statement; anything else is a bug, refused before it is sent. */
export function wholeNumber(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number: ${value}`);
  return String(value);
}
