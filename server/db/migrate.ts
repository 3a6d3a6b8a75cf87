// Forward-only migrations, applied at start. All pending migrations run in one transaction that first takes
// a transaction-level advisory lock, so servers starting together on one PostgreSQL queue up behind each
// other: the first applies, the rest find nothing left to do. PostgreSQL's DDL is transactional, so a failed
// migration leaves the schema as it was.
import type { Database } from './database.ts'
import { migrations, type Migration } from './migrations/index.ts'

// Any fixed 64-bit number; it only has to differ from other advisory locks the product takes.
const MIGRATION_LOCK_ID = 7_351_402_917

export interface MigrationResult {
  applied: string[]
}

/** Applies the pending ones of the given migrations (all of them by default; tests stop part way). */
export async function migrate(
  db: Database,
  list: readonly Migration[] = migrations,
): Promise<MigrationResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
      migration_id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set(
      (await tx.query<{ migration_id: string }>('SELECT migration_id FROM schema_migration')).map(
        (row) => row.migration_id,
      ),
    )
    const applied: string[] = []
    for (const migration of list) {
      if (done.has(migration.id)) continue
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO schema_migration (migration_id) VALUES ($1)', [migration.id])
      applied.push(migration.id)
    }
    return { applied }
  })
}
