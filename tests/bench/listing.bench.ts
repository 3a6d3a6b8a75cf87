// How fast one directory of a large volume lists: the server's GET .../dir over real HTTP, read anew as after
// a change of the folder (not the listing the server keeps until then), against a plain SELECT of the same
// rows straight from PostgreSQL. The volume (support/largeVolume.ts) holds 100,000 files;
// the directory listed holds 1,000 entries (950 files and 50 subdirectories, each with its count of files).
// Runs on PostgreSQL only, in the database tests/bench/globalSetup.ts makes; without PostgreSQL it says so.
import pg from 'pg'
import { bench, describe, inject } from 'vitest'
import type { DirListResponse } from '../../server/contract/media.ts'
import { grantedOrg } from '../server/helpers/media.ts'
import { startMailbox } from '../server/helpers/mailbox.ts'
import { startServer } from '../server/helpers/server.ts'
import { freshDatabase } from '../server/helpers/databases.ts'
import type { Suite } from '../server/helpers/suite.ts'
import {
  LISTED_DIR,
  LISTED_FILES as TARGET_FILES,
  LISTED_SUBDIRS as TARGET_DIRS,
  VOLUME_FILES as FILES,
  seedLargeVolume,
} from './support/largeVolume.ts'

const LISTED_PATH = `/media/${LISTED_DIR}/`

const databaseUrl = inject('benchDatabaseUrl')
if (!databaseUrl) {
  console.log('listing bench: PostgreSQL is absent (no TEST_DATABASE_URL, none at 127.0.0.1:5432); skipped.')
}

const timings: { server: number[]; select: number[] } = { server: [], select: [] }

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return { median: at(0.5), p95: at(0.95), n: sorted.length }
}

async function setUp(url: string) {
  const suite = {} as Suite
  suite.mailbox = await startMailbox()
  // The database globalSetup made (and drops); its own drop here only removes the data directory.
  const scratch = await freshDatabase('pglite')
  suite.server = await startServer('postgres', {
    database: { ...scratch, databaseUrl: url },
    env: { SMTP_URL: suite.mailbox.url, LOG_LEVEL: 'warn' },
  })
  suite.url = suite.server.url
  const org = await grantedOrg(suite, 'Bench')
  const client = new pg.Client({ connectionString: suite.server.database.databaseUrl })
  await client.connect()
  await seedLargeVolume(client, org.orgId, org.volumeId)
  const listUrl = `${suite.url}${org.base}/dir?prefix_path=${encodeURIComponent(LISTED_DIR)}&session_key=${org.key}`
  const check = (await (await fetch(listUrl)).json()) as DirListResponse
  // Per volume: the load benchmark seeds a volume of its own in the same database.
  const count = (
    await client.query<{ n: number }>('SELECT count(*)::int AS n FROM media WHERE volume_id = $1', [
      org.volumeId,
    ])
  ).rows[0]?.n
  if (check.media_list.length !== TARGET_FILES || check.dir_list.length !== TARGET_DIRS || count !== FILES) {
    throw new Error(
      `seeding went wrong: ${check.media_list.length} files, ${check.dir_list.length} dirs, ${count} rows`,
    )
  }
  return { suite, org, client, listUrl }
}

type Run = Awaited<ReturnType<typeof setUp>>

async function finish(run: Run) {
  const server = stats(timings.server)
  const select = stats(timings.select)
  const row = (label: string, s: ReturnType<typeof stats>) =>
    `${label.padEnd(22)} ${s.median.toFixed(2).padStart(9)} ms ${s.p95.toFixed(2).padStart(9)} ms ${String(s.n).padStart(7)}`
  console.log(
    [
      '',
      `Listing /${LISTED_DIR} (${TARGET_FILES} files + ${TARGET_DIRS} dirs) of a ${FILES.toLocaleString('en')}-file volume`,
      `${''.padEnd(22)} ${'median'.padStart(12)} ${'p95'.padStart(12)} ${'samples'.padStart(7)}`,
      row('server GET .../dir', server),
      row('plain SELECT', select),
      `server / SELECT (median): ${(server.median / select.median).toFixed(1)}x`,
      '',
    ].join('\n'),
  )
  await run.client.end()
  await run.suite.server.close()
  await run.suite.mailbox.close()
  await run.suite.server.database.drop()
}

// Top-level setup: benchmark files run no beforeAll/afterAll hooks.
const run = databaseUrl ? await setUp(databaseUrl) : (undefined as unknown as Run)

describe.runIf(databaseUrl)('listing one 1,000-entry directory of a 100,000-file volume', () => {
  bench(
    'server GET .../dir over HTTP',
    async () => {
      // Raised as any change of the folder raises it: the server reads and serializes the listing anew
      // instead of answering the one it keeps, which is what this compares with the plain SELECT.
      await run.client.query(
        'UPDATE media_dir SET listing_version = listing_version + 1 WHERE volume_id = $1 AND dir_path = $2',
        [run.org.volumeId, LISTED_PATH],
      )
      const started = performance.now()
      const response = await fetch(run.listUrl)
      await response.json()
      timings.server.push(performance.now() - started)
    },
    {
      time: 3000,
      warmupIterations: 5,
      throws: true,
      // Only measured iterations count, not the warm-up.
      setup: (_task, mode) => {
        if (mode === 'run') timings.server = []
      },
    },
  )

  bench(
    'plain SELECT of the same rows',
    async () => {
      const started = performance.now()
      await run.client.query(
        `SELECT media_id, media_path, file_size, file_hash, ctime, mtime, is_deleted, media_version_id,
                last_updated, last_update_user_id, last_update_device_id
           FROM media WHERE volume_id = $1 AND lower(dir_path) = $2 ORDER BY lower(name)`,
        [run.org.volumeId, LISTED_PATH],
      )
      await run.client.query(
        `SELECT dir_name, file_count FROM media_dir WHERE volume_id = $1 AND lower(parent_path) = $2 ORDER BY lower(dir_name)`,
        [run.org.volumeId, LISTED_PATH],
      )
      timings.select.push(performance.now() - started)
    },
    {
      time: 3000,
      warmupIterations: 5,
      throws: true,
      setup: (_task, mode) => {
        if (mode === 'run') timings.select = []
      },
      // The last task's measured run ends the benchmark: print the figures and drop what was made.
      teardown: async (_task, mode) => {
        if (mode === 'run') await finish(run)
      },
    },
  )
})
