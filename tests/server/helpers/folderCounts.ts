// The check that folder counts are right: each directory row's kept count of active files (file_count), or
// of deleted files (deleted_count), beside the count of those file rows below it, for the server tests of
// counts and the migrations that backfill them.
import type { Queryable } from '../../../server/db/index.ts'

/** Which count: of active files (file_count) or of deleted ones (deleted_count). */
export type Counted = 'active' | 'deleted'

export interface FolderCount {
  dir_path: string
  kept: number
  counted: number
}

/** Every directory of the volume with its kept count and the files of that kind counted below it, by path. */
export function folderCounts(
  db: Queryable,
  volumeId: number,
  of: Counted = 'active',
): Promise<FolderCount[]> {
  const [column, filter] =
    of === 'active' ? ['file_count', 'NOT m.is_deleted'] : ['deleted_count', 'm.is_deleted']
  return db.query<FolderCount>(
    `SELECT d.dir_path, d.${column}::int AS kept,
            (SELECT count(*)::int FROM media m
              WHERE m.volume_id = d.volume_id AND ${filter}
                AND starts_with(lower(m.dir_path), lower(d.dir_path))) AS counted
       FROM media_dir d
      WHERE d.volume_id = $1
      ORDER BY lower(d.dir_path)`,
    [volumeId],
  )
}

/** The directories whose kept counts (both, unless told) differ from the file rows below them. */
export async function countMismatches(
  db: Queryable,
  volumeId: number,
  kinds: readonly Counted[] = ['active', 'deleted'],
): Promise<Array<FolderCount & { of: Counted }>> {
  const mismatches: Array<FolderCount & { of: Counted }> = []
  for (const of of kinds) {
    for (const folder of await folderCounts(db, volumeId, of))
      if (folder.kept !== folder.counted) mismatches.push({ ...folder, of })
  }
  return mismatches
}
