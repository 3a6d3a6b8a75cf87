// Each directory keeps the count of active files anywhere below it, so a listing reads its subdirectories'
// counts from their rows instead of grouping every file of the subtree (the root of a volume would group
// them all). Registration, delete and undelete change the counts of a file's directories in the same
// transaction as the file. Each directory also keeps a version of its listing, raised by every change of
// what its listing holds, against which servers check the listings they keep. Here: the columns; a row for
// every directory that the paths of existing files imply but that was never recorded (files written before
// directories were, or by other writers); the counts, from the file rows. The byte-order subtree index
// served only the grouping, and goes.
export default `
ALTER TABLE media_dir ADD COLUMN file_count bigint NOT NULL DEFAULT 0;
ALTER TABLE media_dir ADD COLUMN listing_version bigint NOT NULL DEFAULT 0;

-- Every directory on the path of every file, once per file: '/media/a/b/f' is under '/media/a/' and
-- '/media/a/b/'. The files directly under '/media/' are under no directory row (the root has none).
CREATE TEMPORARY TABLE file_dir ON COMMIT DROP AS
SELECT m.org_id, m.volume_id, m.is_deleted,
       '/media/' || array_to_string(s.segments[1:i], '/') || '/' AS dir_path,
       '/media/' || array_to_string(s.segments[1:i - 1], '/') || CASE WHEN i > 1 THEN '/' ELSE '' END AS parent_path,
       s.segments[i] AS dir_name
  FROM media m,
       LATERAL (SELECT string_to_array(btrim(substr(m.dir_path, 8), '/'), '/') AS segments) s,
       LATERAL generate_series(1, cardinality(s.segments)) i
 WHERE starts_with(m.dir_path, '/media/');

-- A directory recorded already keeps its row and spelling; of the spellings files use for one that is
-- not, the first in byte order is taken (paths are compared without case, so they are one directory).
INSERT INTO media_dir (org_id, volume_id, dir_path, parent_path, dir_name)
SELECT DISTINCT ON (volume_id, lower(dir_path)) org_id, volume_id, dir_path, parent_path, dir_name
  FROM file_dir
 ORDER BY volume_id, lower(dir_path), dir_path COLLATE "C"
    ON CONFLICT (volume_id, lower(dir_path)) DO NOTHING;

UPDATE media_dir d
   SET file_count = c.file_count
  FROM (SELECT volume_id, lower(dir_path) AS dir_key, count(*) AS file_count
          FROM file_dir WHERE NOT is_deleted
         GROUP BY volume_id, lower(dir_path)) c
 WHERE d.volume_id = c.volume_id AND lower(d.dir_path) = c.dir_key;

DROP INDEX media_dir_tree_idx;
`
