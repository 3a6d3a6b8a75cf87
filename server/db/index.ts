// Picks the database by configuration: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
import path from 'node:path'
import type { Database } from './database.ts'
import { migrate } from './migrate.ts'

export type { Database, Queryable } from './database.ts'

/** The embedded database's folder inside DATA_DIR. */
export const PGLITE_DIR = 'pgdata'

export interface DatabaseOptions {
  databaseUrl: string | undefined
  dataDir: string
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await (await import('./postgres.ts')).openPostgres(options.databaseUrl)
    : await (await import('./pglite.ts')).openPGlite(path.join(options.dataDir, PGLITE_DIR))
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
