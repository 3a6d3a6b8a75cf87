// pg-boss (a PostgreSQL job queue) over the server's own database, PGlite or PostgreSQL: pg-boss takes any
// connection that answers executeSql(text, values). Its statements with parameters are single statements
// and go through query. Its scripts (schema creation, migration and maintenance: several statements in
// their own BEGIN and COMMIT, no parameters) cannot be prepared, so they run through exec, on one
// connection inside a transaction of ours: a script that fails midway is rolled back there, instead of
// leaving a pooled connection in an aborted transaction.
import PgBoss from 'pg-boss'
import type { Database, Queryable } from '../db/index.ts'

const isScript = (text: string) => /;\s*\S/.test(text.trim())

export function bossDb(db: Database | Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((values === undefined || values.length === 0) && isScript(text)) {
        if ('transaction' in db) await db.transaction((tx) => tx.exec(text))
        else await db.exec(text)
        return { rows: [] }
      }
      return { rows: await db.query(text, values ?? []) }
    },
  }
}

export { PgBoss }
