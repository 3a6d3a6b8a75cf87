// How long the daily usage job takes over a large volume (issue 12: under 60 s for 1,000,000 files on
// PostgreSQL): meterUsage for one day, which writes every volume's sizes and counts and its bytes per store,
// beside a bare `SELECT count(*), sum(file_size)` of the same version rows. The volume holds 1,000,000
// version rows (700,000 files, 300,000 of them with an older version; one file in ten deleted; a quarter
// of the content in a network store), written straight into PostgreSQL with generate_series. Runs on
// PostgreSQL only, in the database tests/bench/globalSetup.ts makes; without PostgreSQL it says so.
import { bench, describe, inject } from 'vitest'
import { openDatabase } from '../../server/db/index.ts'
import { meterUsage } from '../../server/services/usage.ts'

const FILES = 700_000
const OLDER_VERSIONS = 300_000
const VERSIONS = FILES + OLDER_VERSIONS
const TARGET_MS = 60_000
const DAY = '2026-11-01'

const databaseUrl = inject('benchDatabaseUrl')
if (!databaseUrl) {
  console.log('usage bench: PostgreSQL is absent (no TEST_DATABASE_URL, none at 127.0.0.1:5432); skipped.')
}

const timings: { meter: number[]; select: number[] } = { meter: [], select: [] }

async function setUp(url: string) {
  const db = await openDatabase({ databaseUrl: url, dataDir: '' })
  const [org] = await db.query<{ org_id: number }>(
    `INSERT INTO org (org_name) VALUES ('Usage bench ' || gen_random_uuid()) RETURNING org_id`,
  )
  const orgId = org?.org_id as number
  const [volume] = await db.query<{ volume_id: number }>(
    `INSERT INTO volume (org_id, volume_name) VALUES ($1, 'Large') RETURNING volume_id`,
    [orgId],
  )
  const volumeId = volume?.volume_id as number
  await db.query(
    `INSERT INTO media (org_id, volume_id, media_path, dir_path, name, file_hash, file_size, is_deleted)
     SELECT $1, $2, '/media/d' || (i % 100) || '/f' || i || '.mov', '/media/d' || (i % 100) || '/',
            'f' || i || '.mov', md5(i::text) || md5(i::text), 1000 + i, i % 10 = 0
       FROM generate_series(1, $3::int) i`,
    [orgId, volumeId, FILES],
  )
  // The current versions (a deleted file's current version is marked deleted), then older ones.
  await db.query(
    `INSERT INTO media_version (org_id, media_id, file_hash, file_size, create_time, is_deleted, is_proven)
     SELECT org_id, media_id, file_hash, file_size, timestamptz '2026-10-20T00:00:00Z', is_deleted, true
       FROM media WHERE volume_id = $1`,
    [volumeId],
  )
  await db.query(
    `INSERT INTO media_version (org_id, media_id, file_hash, file_size, create_time, is_proven)
     SELECT org_id, media_id, md5(media_id::text || 'old') || md5(media_id::text), file_size / 2,
            timestamptz '2026-10-10T00:00:00Z', true
       FROM media WHERE volume_id = $1 ORDER BY media_id LIMIT $2`,
    [volumeId, OLDER_VERSIONS],
  )
  await db.query(
    `INSERT INTO stored_object (org_id, file_hash, file_size, store_id, is_confirmed)
     SELECT DISTINCT ON (file_hash) org_id, file_hash, file_size,
            CASE WHEN media_id % 4 = 0 THEN 1 ELSE 0 END, true
       FROM media_version WHERE org_id = $1
     ON CONFLICT DO NOTHING`,
    [orgId],
  )
  await db.exec('ANALYZE media; ANALYZE media_version; ANALYZE stored_object')
  const [check] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM media_version v JOIN media m ON m.media_id = v.media_id WHERE m.volume_id = $1',
    [volumeId],
  )
  if (check?.n !== VERSIONS) throw new Error(`seeding went wrong: ${check?.n} versions`)
  return { db, orgId, volumeId }
}

type Run = Awaited<ReturnType<typeof setUp>>

async function finish(run: Run) {
  const median = (samples: number[]) =>
    [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN
  const meter = median(timings.meter)
  const select = median(timings.select)
  const [row] = await run.db.query<Record<string, number>>(
    'SELECT live_count, total_count, live_bytes, total_bytes FROM volume_usage WHERE volume_id = $1 AND usage_date = $2',
    [run.volumeId, DAY],
  )
  console.log(
    [
      '',
      `Usage metering of a volume of ${VERSIONS.toLocaleString('en')} version rows (${FILES.toLocaleString('en')} files)`,
      `meterUsage (one day, every volume) ${(meter / 1000).toFixed(2).padStart(8)} s median of ${timings.meter.length}`,
      `bare SELECT count(*), sum(file_size) ${(select / 1000).toFixed(2).padStart(7)} s median of ${timings.select.length}`,
      `meter / SELECT: ${(meter / select).toFixed(1)}x; target under ${TARGET_MS / 1000} s: ${meter < TARGET_MS ? 'met' : 'MISSED'}`,
      `row: ${JSON.stringify(row)}`,
      '',
    ].join('\n'),
  )
  await run.db.close()
  if (!(meter < TARGET_MS)) throw new Error(`usage metering took ${meter} ms, over ${TARGET_MS} ms`)
  if (row?.total_count !== VERSIONS || row.live_count !== FILES - FILES / 10) {
    throw new Error(`metering counted wrong: ${JSON.stringify(row)}`)
  }
}

// Top-level setup: benchmark files run no beforeAll/afterAll hooks.
const run = databaseUrl ? await setUp(databaseUrl) : (undefined as unknown as Run)

describe.runIf(databaseUrl)('usage metering of a 1,000,000-version volume', () => {
  bench(
    'bare SELECT count(*), sum(file_size) of the same rows',
    async () => {
      const started = performance.now()
      await run.db.query(
        `SELECT count(*), sum(v.file_size) FROM media_version v JOIN media m ON m.media_id = v.media_id
          WHERE m.volume_id = $1`,
        [run.volumeId],
      )
      timings.select.push(performance.now() - started)
    },
    {
      time: 0,
      iterations: 3,
      warmupIterations: 1,
      throws: true,
      setup: (_task, mode) => {
        if (mode === 'run') timings.select = []
      },
    },
  )

  bench(
    'meterUsage for one day',
    async () => {
      const started = performance.now()
      await meterUsage(run.db, DAY)
      timings.meter.push(performance.now() - started)
    },
    {
      time: 0,
      iterations: 3,
      warmupIterations: 0,
      throws: true,
      setup: (_task, mode) => {
        if (mode === 'run') timings.meter = []
      },
      // The last task's measured run ends the benchmark: print the figures and close the database.
      teardown: async (_task, mode) => {
        if (mode === 'run') await finish(run)
      },
    },
  )
})
