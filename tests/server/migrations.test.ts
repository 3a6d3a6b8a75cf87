import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrate.ts'
import { migrations } from '../../server/db/migrations/index.ts'
import { databaseKinds, freshDatabase, type FreshDatabase } from './helpers/databases.ts'

const created: FreshDatabase[] = []
afterEach(async () => {
  await Promise.all(created.splice(0).map((database) => database.drop()))
})

async function fresh(kind: (typeof databaseKinds)[number]) {
  const database = await freshDatabase(kind)
  created.push(database)
  return database
}

describe.each(databaseKinds)('migrations on %s', (kind) => {
  it('apply once, and a restart finds nothing to do', async () => {
    const database = await fresh(kind)
    const first = await openDatabase(database)
    const applied = await first.query<{ migration_id: string }>(
      'SELECT migration_id FROM schema_migration ORDER BY migration_id',
    )
    expect(applied.map((row) => row.migration_id)).toEqual(migrations.map((m) => m.id))
    await first.close()

    const second = await openDatabase(database)
    expect(await migrate(second)).toEqual({ applied: [] })
    const plans = await second.query<{ count: number }>('SELECT count(*)::int AS count FROM plan')
    expect(plans[0]?.count).toBe(4)
    await second.close()
  })
})

// Registered only with PostgreSQL: PGlite serves one process, so there is nothing shared to race on.
if (databaseKinds.includes('postgres')) {
  describe('migrations on a shared PostgreSQL', () => {
    it('let several servers start together without colliding', async () => {
      const database = await fresh('postgres')
      const servers = await Promise.all(Array.from({ length: 4 }, () => openDatabase(database)))
      const [first] = servers
      try {
        if (!first) throw new Error('no server started')
        const rows = await first.query<{ migration_id: string }>('SELECT migration_id FROM schema_migration')
        expect(rows).toHaveLength(migrations.length)
        const plans = await first.query<{ count: number }>('SELECT count(*)::int AS count FROM plan')
        expect(plans[0]?.count).toBe(4)
      } finally {
        await Promise.all(servers.map((db) => db.close()))
      }
    })
  })
}
