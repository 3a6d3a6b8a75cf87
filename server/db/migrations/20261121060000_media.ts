// Files and their content. media is one path of a volume (its current version inlined for listing);
// media_version keeps every version; media_dir records directories (so empty folders exist and listings
// need not scan files); stored_object says which content an organization has in which store, confirmed
// only once its bytes were checked; audit_event records downloads; device_object says which devices
// hold which content. Paths are unique without regard to case, as the console compares them.
export default `
CREATE TABLE stored_object (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  file_hash text NOT NULL,
  file_size bigint NOT NULL,
  -- The store: 0 is the product's default store (local or the configured S3).
  store_id bigint NOT NULL DEFAULT 0,
  -- NULL for a single-part object; the part size of a multipart one.
  part_size bigint,
  upload_id text,
  is_confirmed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  PRIMARY KEY (org_id, file_hash)
);

CREATE TABLE media (
  media_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_id bigint NOT NULL REFERENCES volume (volume_id) ON DELETE CASCADE,
  -- '/media/a/b/file.mov'; dir_path '/media/a/b/'; name 'file.mov'.
  media_path text NOT NULL,
  dir_path text NOT NULL,
  name text NOT NULL,
  media_version_id bigint,
  file_hash text NOT NULL,
  file_size bigint NOT NULL,
  ctime timestamptz,
  mtime timestamptz,
  is_deleted boolean NOT NULL DEFAULT false,
  last_updated timestamptz NOT NULL DEFAULT now(),
  last_update_user_id bigint REFERENCES app_user (user_id) ON DELETE SET NULL,
  last_update_device_id bigint REFERENCES device (device_id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX media_path_key ON media (volume_id, lower(media_path));
CREATE INDEX media_dir_idx ON media (volume_id, lower(dir_path), lower(name));
CREATE INDEX media_hash_idx ON media (org_id, file_hash);

CREATE TABLE media_version (
  media_version_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  media_id bigint NOT NULL REFERENCES media (media_id) ON DELETE CASCADE,
  file_hash text NOT NULL,
  file_size bigint NOT NULL,
  ctime timestamptz,
  mtime timestamptz,
  create_time timestamptz NOT NULL DEFAULT now(),
  is_deleted boolean NOT NULL DEFAULT false,
  user_id bigint REFERENCES app_user (user_id) ON DELETE SET NULL,
  device_id bigint REFERENCES device (device_id) ON DELETE SET NULL
);
CREATE INDEX media_version_media_idx ON media_version (media_id, create_time DESC);

CREATE TABLE media_dir (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_id bigint NOT NULL REFERENCES volume (volume_id) ON DELETE CASCADE,
  -- '/media/a/b/' under parent '/media/a/', named 'b'.
  dir_path text NOT NULL,
  parent_path text NOT NULL,
  dir_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX media_dir_key ON media_dir (volume_id, lower(dir_path));
CREATE INDEX media_dir_parent_idx ON media_dir (volume_id, lower(parent_path), lower(dir_name));

CREATE TABLE audit_event (
  audit_event_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_id bigint NOT NULL REFERENCES volume (volume_id) ON DELETE CASCADE,
  media_id bigint REFERENCES media (media_id) ON DELETE SET NULL,
  media_path text NOT NULL,
  user_id bigint REFERENCES app_user (user_id) ON DELETE SET NULL,
  device_id bigint REFERENCES device (device_id) ON DELETE SET NULL,
  -- NULL: a web download.
  dest_path text,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_event_media_idx ON audit_event (org_id, media_id, create_time DESC);
CREATE INDEX audit_event_volume_idx ON audit_event (org_id, volume_id, create_time DESC);

CREATE TABLE device_object (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  device_id bigint NOT NULL REFERENCES device (device_id) ON DELETE CASCADE,
  file_hash text NOT NULL,
  last_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, file_hash)
);
CREATE INDEX device_object_hash_idx ON device_object (org_id, file_hash);

-- Secrets the server makes for itself on first start (the local store's URL signing key), shared by
-- every process that uses this database.
CREATE TABLE server_secret (
  name text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`
