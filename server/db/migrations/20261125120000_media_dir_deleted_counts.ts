// Beside its count of active files, each directory keeps the count of deleted files anywhere below it, so
// that a listing tells a deleted folder (no active files, some deleted: file_count 0 as the specification
// has it) from a folder just made or still empty (no files at all), which must show as active. Every
// change of a file's state changes both counts along its path in the same transaction (touchDirChain). Here:
// the column, and its value for every recorded directory from the deleted file rows below it. Every
// directory that a file's path implies has a row already (20261123200000_media_dir_counts recorded those
// written before directories were, and registration records the rest); files directly under '/media/' are
// in no directory.
export default `
ALTER TABLE media_dir ADD COLUMN deleted_count bigint NOT NULL DEFAULT 0;

UPDATE media_dir d
   SET deleted_count = c.deleted_count
  FROM (SELECT m.volume_id, lower('/media/' || array_to_string(s.segments[1:i], '/') || '/') AS dir_key,
               count(*) AS deleted_count
          FROM media m,
               LATERAL (SELECT string_to_array(btrim(substr(m.dir_path, 8), '/'), '/') AS segments) s,
               LATERAL generate_series(1, cardinality(s.segments)) i
         WHERE m.is_deleted AND starts_with(m.dir_path, '/media/')
         GROUP BY 1, 2) c
 WHERE d.volume_id = c.volume_id AND lower(d.dir_path) = c.dir_key;
`
