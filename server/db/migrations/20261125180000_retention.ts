// Retention (issue 12): when a file was deleted, by the server's clock (a client's mtime never counts), and
// the record of every purge. Files deleted before this release take their last change as their deletion.
export default `
ALTER TABLE media ADD COLUMN deleted_at timestamptz;
UPDATE media SET deleted_at = last_updated WHERE is_deleted;
CREATE INDEX media_deleted_at_idx ON media (volume_id, deleted_at) WHERE is_deleted;

-- Whether any version of the organization still refers to a content (before its object is removed).
CREATE INDEX media_version_hash_idx ON media_version (org_id, file_hash);

CREATE TABLE purge_event (
  purge_event_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_id bigint NOT NULL REFERENCES volume (volume_id) ON DELETE CASCADE,
  -- The file and version purged (their rows are gone).
  media_id bigint NOT NULL,
  media_version_id bigint NOT NULL,
  media_path text NOT NULL,
  file_hash text NOT NULL,
  file_size bigint NOT NULL,
  -- deleted: the file was deleted dead_expire_days before; replaced: the version was replaced
  -- live_expire_days before.
  reason text NOT NULL CHECK (reason IN ('deleted', 'replaced')),
  -- When the file was deleted or the version replaced, and the day whose run purged it.
  event_time timestamptz NOT NULL,
  purge_day date NOT NULL,
  purged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purge_event_volume_idx ON purge_event (org_id, volume_id, purge_event_id DESC);
`
