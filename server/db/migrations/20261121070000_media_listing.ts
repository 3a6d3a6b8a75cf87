// A directory's subtree as one B-tree range: byte order (COLLATE "C") keeps every path under '/media/a/'
// between '/media/a/' and '/media/a0', whatever the database's collation, so the listing counts the files
// below each subdirectory without scanning the rest of the volume.
export default `
CREATE INDEX media_dir_tree_idx ON media (volume_id, (lower(dir_path) COLLATE "C"));
`
