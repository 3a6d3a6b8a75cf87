// Administration I (specification 001): plan limits of volume settings, the mounts of containers by
// devices (so that a mounted container cannot be deleted; the devices issue fills them), the admin change
// trail, and the indexes that page a volume's audit trail and find a user's holdings.
export default `
-- Retention by plan: a new volume starts with the defaults; no volume may go past the maximums. A NULL
-- maximum allows anything the rules allow (1-365 days). max_min_expire_size: files below a volume's
-- min_expire_size never expire, so a plan caps how much it may spare (10 GiB on the self-signup plans).
ALTER TABLE plan ADD COLUMN default_live_expire_days integer;
ALTER TABLE plan ADD COLUMN default_dead_expire_days integer;
ALTER TABLE plan ADD COLUMN max_live_expire_days integer;
ALTER TABLE plan ADD COLUMN max_dead_expire_days integer;
ALTER TABLE plan ADD COLUMN max_min_expire_size bigint;
UPDATE plan SET default_live_expire_days = retention_days,
                default_dead_expire_days = retention_days,
                max_live_expire_days = retention_days,
                max_dead_expire_days = retention_days,
                max_min_expire_size = CASE WHEN retention_days IS NULL THEN NULL ELSE 10737418240 END;

-- A container's prefix names a folder, and folders are found without regard to case: '/Team/' and
-- '/team/' are one folder, so one container per prefix and volume, whatever its case.
DROP INDEX media_grant_prefix_key;
CREATE UNIQUE INDEX media_grant_prefix_key ON media_grant (volume_id, lower(prefix_path));

-- Containers mounted by devices.
CREATE TABLE device_media_grant (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  device_id bigint NOT NULL REFERENCES device (device_id) ON DELETE CASCADE,
  media_grant_id bigint NOT NULL REFERENCES media_grant (media_grant_id) ON DELETE RESTRICT,
  is_disabled boolean NOT NULL DEFAULT false,
  last_seen timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, media_grant_id)
);
CREATE INDEX device_media_grant_grant_idx ON device_media_grant (org_id, media_grant_id);

-- Changes admins made, kept for admins to read.
CREATE TABLE admin_event (
  admin_event_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  action text NOT NULL,
  user_id bigint REFERENCES app_user (user_id) ON DELETE SET NULL,
  volume_id bigint REFERENCES volume (volume_id) ON DELETE SET NULL,
  media_grant_id bigint REFERENCES media_grant (media_grant_id) ON DELETE SET NULL,
  subject_user_id bigint REFERENCES app_user (user_id) ON DELETE SET NULL,
  summary text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_event_org_idx ON admin_event (org_id, admin_event_id DESC);
CREATE INDEX admin_event_volume_idx ON admin_event (org_id, volume_id, admin_event_id DESC);
CREATE INDEX admin_event_subject_idx ON admin_event (org_id, subject_user_id, admin_event_id DESC);

-- A volume's trail is paged newest first by id (ids grow with time).
CREATE INDEX audit_event_volume_page_idx ON audit_event (org_id, volume_id, audit_event_id DESC);
CREATE INDEX device_user_idx ON device (org_id, user_id);
`
