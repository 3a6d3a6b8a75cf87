// The check that folder counts are right: each directory row's kept count of active files beside the count
// of the file rows below it, for the server tests of counts and the migration that backfills them.
import type { Queryable } from '../../../server/db/index.ts'

export interface FolderCount {
  dir_path: string
  kept: number
  counted: number
}

/** Every directory of the volume with its kept count and the active files counted below it, by path. */
export function folderCounts(db: Queryable, volumeId: number): Promise<FolderCount[]> {
  return db.query<FolderCount>(
    `SELECT d.dir_path, d.file_count::int AS kept,
            (SELECT count(*)::int FROM media m
              WHERE m.volume_id = d.volume_id AND NOT m.is_deleted
                AND starts_with(lower(m.dir_path), lower(d.dir_path))) AS counted
       FROM media_dir d
      WHERE d.volume_id = $1
      ORDER BY lower(d.dir_path)`,
    [volumeId],
  )
}

/** The directories whose kept count differs from the file rows below them. */
export async function countMismatches(db: Queryable, volumeId: number): Promise<FolderCount[]> {
  return (await folderCounts(db, volumeId)).filter((folder) => folder.kept !== folder.counted)
}
