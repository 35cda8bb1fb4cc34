/**
 * CLICKHOUSE_URL read apart from the client, so the configuration checks it without loading
 * @clickhouse/client (loaded only when the variable is set).
 */
/** Where the analytics events go when CLICKHOUSE_URL is set: the server's address, who, and the database. */
export interface ClickHouseTarget {
  /** http(s)://host:port, without credentials or path. */
  origin: string;
  username: string;
  password: string;
  database: string;
}

/** The database used when CLICKHOUSE_URL names none; created at start when missing. */
export const DEFAULT_CLICKHOUSE_DATABASE = 'kino';

/** What config.ts accepts: http(s)://[user:password@]host:port[/database]. */
export const CLICKHOUSE_URL_PATTERN = /^https?:\/\/([^:@/\s]+(:[^@/\s]*)?@)?[^:@/\s]+:\d{1,5}(\/[A-Za-z_][A-Za-z0-9_]{0,63})?\/?$/;

export function clickHouseTarget(url: string): ClickHouseTarget {
  const parsed = new URL(url);
  const database = parsed.pathname.replace(/^\/|\/$/g, '');
  return {
    origin: `${parsed.protocol}//${parsed.host}`,
    username: decodeURIComponent(parsed.username) || 'default',
    password: decodeURIComponent(parsed.password),
    database: database || DEFAULT_CLICKHOUSE_DATABASE,
  };
}
