/**
 * What every database of the server offers, whichever back end opened it (database.ts): the
 * drivers implement it and the repositories use it, neither importing the other.
 */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2, …) and returns its rows. */
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Idempotent. */
  close(): Promise<void>;
}
