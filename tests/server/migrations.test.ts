import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openDatabase } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrate.ts'
import { migrations } from '../../server/db/migrations/index.ts'
import { openPGlite } from '../../server/db/pglite.ts'
import { openPostgres } from '../../server/db/postgres.ts'
import { countMismatches, folderCounts } from './helpers/folderCounts.ts'
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

/** The database as openDatabase opens it, but with no migration applied. */
function openUnmigrated(database: FreshDatabase): Promise<Database> {
  return database.databaseUrl
    ? openPostgres(database.databaseUrl)
    : openPGlite(path.join(database.dataDir, 'pgdata'))
}

const COUNTS_MIGRATION = '20261123200000_media_dir_counts'
const REVOKE_MIGRATION = '20261126100000_revoke_former_members_devices'
const DELETED_COUNTS_MIGRATION = '20261125120000_media_dir_deleted_counts'

/** Files as registrations and devices left them, written straight into the table: [volume, path, deleted]. */
async function insertFiles(
  db: Database,
  orgId: number | undefined,
  files: ReadonlyArray<[number | undefined, string, boolean]>,
): Promise<void> {
  for (const [volumeId, mediaPath, isDeleted] of files) {
    const cut = mediaPath.lastIndexOf('/') + 1
    await db.query(
      `INSERT INTO media (org_id, volume_id, media_path, dir_path, name, file_hash, file_size, is_deleted)
       VALUES ($1, $2, $3, $4, $5, $6, 1, $7)`,
      [orgId, volumeId, mediaPath, mediaPath.slice(0, cut), mediaPath.slice(cut), 'a'.repeat(64), isDeleted],
    )
  }
}

/** A database migrated up to (not including) the named migration, and an organization with two volumes. */
async function migratedUpTo(database: FreshDatabase, migrationId: string) {
  const db = await openUnmigrated(database)
  const before = migrations.findIndex((migration) => migration.id === migrationId)
  expect(before).toBeGreaterThan(0)
  await migrate(db, migrations.slice(0, before))
  const [org] = await db.query<{ org_id: number }>(
    `INSERT INTO org (org_name) VALUES ('Backfill') RETURNING org_id`,
  )
  const volumes = await db.query<{ volume_id: number }>(
    `INSERT INTO volume (org_id, volume_name) VALUES ($1, 'One'), ($1, 'Two') RETURNING volume_id`,
    [org?.org_id],
  )
  const [one, two] = volumes.map((volume) => volume.volume_id)
  return { db, orgId: org?.org_id, one, two, through: migrations.slice(0, before + 1) }
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

  it('records the folders that existing files imply, and counts their active files from the file rows', async () => {
    const database = await fresh(kind)
    const { db, orgId, one, two, through } = await migratedUpTo(database, COUNTS_MIGRATION)
    try {
      // Files as registrations and devices left them: folders in two spellings, deleted files, a file at
      // the root, and a second volume with a folder of the same name.
      await insertFiles(db, orgId, [
        [one, '/media/Trip/Day1/a.mov', false],
        [one, '/media/trip/day1/b.mov', false],
        [one, '/media/Trip/Day1/Raw/c.mov', true],
        [one, '/media/Trip/notes.txt', false],
        [one, '/media/top.jpg', false],
        [one, '/media/x_y/deep/f1', false],
        [one, '/media/Other/gone.mov', true],
        [two, '/media/Trip/z.mov', false],
      ])
      // Folders recorded before: one that files use, in its own spelling, and an empty one.
      await db.query(
        `INSERT INTO media_dir (org_id, volume_id, dir_path, parent_path, dir_name)
         VALUES ($1, $2, '/media/TRIP/', '/media/', 'TRIP'), ($1, $2, '/media/Empty/', '/media/', 'Empty')`,
        [orgId, one],
      )

      expect(await migrate(db, through)).toEqual({ applied: [COUNTS_MIGRATION] })

      const counted = (folders: Awaited<ReturnType<typeof folderCounts>>) =>
        folders.map((folder) => [folder.dir_path, folder.kept])
      expect(counted(await folderCounts(db, one as number))).toEqual([
        ['/media/Empty/', 0],
        ['/media/Other/', 0],
        ['/media/TRIP/', 3],
        ['/media/Trip/Day1/', 2],
        ['/media/Trip/Day1/Raw/', 0],
        ['/media/x_y/', 1],
        ['/media/x_y/deep/', 1],
      ])
      expect(counted(await folderCounts(db, two as number))).toEqual([['/media/Trip/', 1]])
      expect(await countMismatches(db, one as number, ['active'])).toEqual([])
      expect(await countMismatches(db, two as number, ['active'])).toEqual([])
      // A folder recorded by the migration is one the listing of its parent finds, with its name.
      const children = await db.query<{ dir_name: string }>(
        `SELECT dir_name FROM media_dir WHERE volume_id = $1 AND lower(parent_path) = '/media/trip/'`,
        [one],
      )
      expect(children).toEqual([{ dir_name: 'Day1' }])
    } finally {
      await db.close()
    }
  })

  it('counts the deleted files below each folder from the file rows, so an emptied folder is told from an empty one', async () => {
    const database = await fresh(kind)
    // Files from before folders were counted, and a folder made empty; the counts migration records them.
    const { db, orgId, one, two } = await migratedUpTo(database, COUNTS_MIGRATION)
    try {
      await insertFiles(db, orgId, [
        [one, '/media/Trip/Day1/a.mov', false],
        [one, '/media/trip/DAY1/gone1.mov', true],
        [one, '/media/Trip/Day1/Raw/gone2.mov', true],
        [one, '/media/Trip/notes.txt', true],
        [one, '/media/gone-top.jpg', true],
        [one, '/media/Other/gone3.mov', true],
        [two, '/media/Trip/z.mov', true],
      ])
      await db.query(
        `INSERT INTO media_dir (org_id, volume_id, dir_path, parent_path, dir_name)
         VALUES ($1, $2, '/media/Empty/', '/media/', 'Empty')`,
        [orgId, one],
      )
      const at = migrations.findIndex((migration) => migration.id === DELETED_COUNTS_MIGRATION)
      expect(at).toBeGreaterThan(0)
      await migrate(db, migrations.slice(0, at))
      expect(await migrate(db, migrations.slice(0, at + 1))).toEqual({ applied: [DELETED_COUNTS_MIGRATION] })

      const counted = (folders: Awaited<ReturnType<typeof folderCounts>>) =>
        folders.map((folder) => [folder.dir_path, folder.kept])
      expect(counted(await folderCounts(db, one as number, 'deleted'))).toEqual([
        ['/media/Empty/', 0],
        ['/media/Other/', 1],
        ['/media/Trip/', 3],
        ['/media/Trip/Day1/', 2],
        ['/media/Trip/Day1/Raw/', 1],
      ])
      expect(counted(await folderCounts(db, two as number, 'deleted'))).toEqual([['/media/Trip/', 1]])
      expect(await countMismatches(db, one as number)).toEqual([])
      expect(await countMismatches(db, two as number)).toEqual([])
      // As a listing reads them: a folder of only deleted files, one never given a file, and one with both.
      expect(
        await db.query(
          `SELECT dir_name, file_count, deleted_count FROM media_dir
            WHERE volume_id = $1 AND parent_path = '/media/' ORDER BY lower(dir_name)`,
          [one],
        ),
      ).toEqual([
        { dir_name: 'Empty', file_count: 0, deleted_count: 0 },
        { dir_name: 'Other', file_count: 0, deleted_count: 1 },
        { dir_name: 'Trip', file_count: 1, deleted_count: 3 },
      ])
    } finally {
      await db.close()
    }
  })
})

describe.each(databaseKinds)('the revocation of former members’ devices on %s', (kind) => {
  it('revokes the devices whose user is no longer a member, and leaves the members’ alone', async () => {
    const database = await fresh(kind)
    const { db, orgId, one, through } = await migratedUpTo(database, REVOKE_MIGRATION)
    try {
      const users = await db.query<{ user_id: number }>(
        `INSERT INTO app_user (email) VALUES ('member@example.com'), ('former@example.com') RETURNING user_id`,
      )
      const [member, former] = users.map((user) => user.user_id)
      await db.query('INSERT INTO org_user (org_id, user_id, cap_add_device) VALUES ($1, $2, true)', [
        orgId,
        member,
      ])
      const [grant] = await db.query<{ media_grant_id: number }>(
        `INSERT INTO media_grant (org_id, volume_id, grant_name, prefix_path) VALUES ($1, $2, 'One', '/')
         RETURNING media_grant_id`,
        [orgId, one],
      )
      // A member's device, a removed member's device (its token still set, as removal left it), and a
      // device whose user account is gone.
      const devices: Array<[string, number | null]> = [
        ['Kept', member ?? null],
        ['Former', former ?? null],
        ['Orphan', null],
      ]
      for (const [index, [name, userId]] of devices.entries()) {
        const [device] = await db.query<{ device_id: number }>(
          `INSERT INTO device (org_id, user_id, device_name, token_hash) VALUES ($1, $2, $3, $4)
           RETURNING device_id`,
          [orgId, userId, name, Buffer.alloc(32, index + 1)],
        )
        await db.query(
          'INSERT INTO device_media_grant (org_id, device_id, media_grant_id) VALUES ($1, $2, $3)',
          [orgId, device?.device_id, grant?.media_grant_id],
        )
      }

      expect(await migrate(db, through)).toEqual({ applied: [REVOKE_MIGRATION] })

      expect(
        await db.query(
          `SELECT d.device_name, d.token_hash IS NOT NULL AS has_token, d.is_disabled,
                  bool_and(g.is_disabled) AS mounts_disabled
             FROM device d JOIN device_media_grant g ON g.device_id = d.device_id
            GROUP BY d.device_id ORDER BY d.device_id`,
        ),
      ).toEqual([
        { device_name: 'Kept', has_token: true, is_disabled: false, mounts_disabled: false },
        { device_name: 'Former', has_token: false, is_disabled: true, mounts_disabled: true },
        { device_name: 'Orphan', has_token: false, is_disabled: true, mounts_disabled: true },
      ])
      // Each revocation is on the admin trail, made by no one (the upgrade), about the device and its user.
      const events = await db.query<{
        user_id: number | null
        subject_user_id: number | null
        summary: string
      }>(
        `SELECT user_id, subject_user_id, summary FROM admin_event
          WHERE org_id = $1 AND action = 'device_revoke' ORDER BY device_id`,
        [orgId],
      )
      expect(events.map((event) => [event.user_id, event.subject_user_id])).toEqual([
        [null, former],
        [null, null],
      ])
      expect(events[0]?.summary).toContain('Former')
      expect(events[1]?.summary).toContain('Orphan')
    } finally {
      await db.close()
    }
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
