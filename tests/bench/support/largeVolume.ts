// A volume of 100,000 files for the listing benchmarks, written straight into PostgreSQL as registrations
// would have left it: the file rows, and a row for every folder their paths imply with its count of active
// files below. The root holds
// 100 folders (d00 to d99, each with 7 subfolders); the folder listed, d42/target, holds 1,000 entries:
// 950 files and 50 subfolders of one file each. One file in ten of the bulk is deleted.
import type pg from 'pg'

export const VOLUME_FILES = 100_000
export const TOP_FOLDERS = 100
/** The 1,000-entry folder, relative to the volume's root. */
export const LISTED_DIR = 'd42/target'
export const LISTED_FILES = 950
export const LISTED_SUBDIRS = 50

// A fake but well-formed SHA-256 per file: 64 hex digits.
const HASH = `md5(i::text) || md5(i::text)`

export async function seedLargeVolume(client: pg.Client, orgId: number, volumeId: number): Promise<void> {
  const bulk = VOLUME_FILES - LISTED_FILES - LISTED_SUBDIRS
  await client.query(
    `INSERT INTO media (org_id, volume_id, media_path, dir_path, name, file_hash, file_size, is_deleted)
     SELECT $1, $2, p.dir || 'f' || i || '.jpg', p.dir, 'f' || i || '.jpg', ${HASH}, i, i % 10 = 0
       FROM generate_series(1, $3::int) i,
            LATERAL (SELECT '/media/d' || lpad((i % $4)::text, 2, '0') || '/s' || (i % 7) || '/' AS dir) p`,
    [orgId, volumeId, bulk, TOP_FOLDERS],
  )
  const listed = `/media/${LISTED_DIR}/`
  await client.query(
    `INSERT INTO media (org_id, volume_id, media_path, dir_path, name, file_hash, file_size)
     SELECT $1::bigint, $2::bigint, $3 || 'file' || i || '.mov', $3, 'file' || i || '.mov', ${HASH}, i
       FROM generate_series(1, $4::int) i
     UNION ALL
     SELECT $1::bigint, $2::bigint, $3 || 'sub' || i || '/clip.mov', $3 || 'sub' || i || '/', 'clip.mov', ${HASH}, i
       FROM generate_series(1, $5::int) i`,
    [orgId, volumeId, listed, LISTED_FILES, LISTED_SUBDIRS],
  )
  await recordDirectories(client, orgId, volumeId)
  await client.query('ANALYZE media; ANALYZE media_dir')
}

/**
 * A directory row for every folder on the path of a file of the volume, with the counts of its active and
 * deleted files below, as registration keeps them.
 */
async function recordDirectories(client: pg.Client, orgId: number, volumeId: number): Promise<void> {
  await client.query(
    `WITH file_dir AS (
       SELECT m.is_deleted, a.dir_path, a.parent_path, a.dir_name
         FROM media m,
              LATERAL (SELECT string_to_array(btrim(substr(m.dir_path, 8), '/'), '/') AS segments) s,
              LATERAL generate_series(1, cardinality(s.segments)) i,
              LATERAL (SELECT '/media/' || array_to_string(s.segments[1:i], '/') || '/' AS dir_path,
                              '/media/' || array_to_string(s.segments[1:i - 1], '/')
                                || CASE WHEN i > 1 THEN '/' ELSE '' END AS parent_path,
                              s.segments[i] AS dir_name) a
        WHERE m.volume_id = $2
     )
     INSERT INTO media_dir (org_id, volume_id, dir_path, parent_path, dir_name, file_count, deleted_count)
     SELECT $1::bigint, $2::bigint, min(dir_path), min(parent_path), min(dir_name),
            count(*) FILTER (WHERE NOT is_deleted), count(*) FILTER (WHERE is_deleted)
       FROM file_dir GROUP BY lower(dir_path)`,
    [orgId, volumeId],
  )
}
