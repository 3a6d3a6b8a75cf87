// The one database interface the rest of the server sees. Two backends implement it: embedded PGlite
// (the default, under DATA_DIR) and PostgreSQL through `pg` (when DATABASE_URL is set). Both speak the same
// SQL, so migrations and repositories are written once.

export interface Queryable {
  /** One statement with $1-style parameters; answers the rows. */
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/** A connection pool's use at a moment (/metrics). */
export interface PoolUse {
  /** Connections open. */
  total: number
  /** Open connections no query holds. */
  idle: number
  /** Queries waiting for a connection. */
  waiting: number
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** The pool's use now; absent for PGlite, one connection in this process. */
  poolUse?(): PoolUse
  close(): Promise<void>
}

// PostgreSQL type ids whose text form both backends parse the same way. int8 (bigint) becomes a number:
// byte counts stay far below 2^53, and callers should not have to handle bigint and string both.
export const INT8_OID = 20
export const parseInt8 = (value: string): number => Number(value)
