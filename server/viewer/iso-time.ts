/**
 * A timestamptz column as ISO 8601 in UTC. PGlite hands timestamps over as Date, a PostgreSQL
 * driver may hand over text; the API answers the same string either way.
 */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
