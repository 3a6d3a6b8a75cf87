// Devices, mounts and apps (specification 001): apps that devices register through (the secret key kept
// only as a hash), a device's switches, token (hashed), heartbeat and refusals, each volume's key
// (sealed under the server key), and the admin events that name a device (volume keys handed out).
export default `
CREATE TABLE app (
  app_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  app_name text NOT NULL,
  is_disabled boolean NOT NULL DEFAULT false,
  -- SHA-256 of the secret key; NULL until New Key.
  secret_hash bytea,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_name_key ON app (org_id, lower(app_name));

ALTER TABLE device ADD COLUMN app_id bigint REFERENCES app (app_id) ON DELETE SET NULL;
ALTER TABLE device ADD COLUMN is_upload_disabled boolean NOT NULL DEFAULT false;
ALTER TABLE device ADD COLUMN is_download_disabled boolean NOT NULL DEFAULT false;
ALTER TABLE device ADD COLUMN upload_priority integer NOT NULL DEFAULT 500
  CHECK (upload_priority BETWEEN 0 AND 1000);
ALTER TABLE device ADD COLUMN is_avid_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE device ADD COLUMN last_seen timestamptz;
ALTER TABLE device ADD COLUMN last_version text;
ALTER TABLE device ADD COLUMN last_refused_at timestamptz;
-- SHA-256 of the device's token; a re-registration replaces it.
ALTER TABLE device ADD COLUMN token_hash bytea;
CREATE UNIQUE INDEX device_token_key ON device (token_hash);
-- One device per name and user: registering again under the same name is the same device, so a disabled
-- one stays disabled.
CREATE UNIQUE INDEX device_user_name_key ON device (org_id, user_id, lower(device_name));
CREATE INDEX device_app_idx ON device (org_id, app_id);

-- The Avid integration is a feature of the larger plans (402 on the others).
ALTER TABLE plan ADD COLUMN allows_avid boolean NOT NULL DEFAULT false;
UPDATE plan SET allows_avid = (plan_id LIKE 'business%' OR plan_id LIKE 'enterprise%');

-- Each volume's 256-bit key, sealed (AES-256-GCM) under the server key; made on first use.
ALTER TABLE volume ADD COLUMN sealed_key bytea;

ALTER TABLE admin_event ADD COLUMN device_id bigint REFERENCES device (device_id) ON DELETE SET NULL;
CREATE INDEX admin_event_device_idx ON admin_event (org_id, device_id, admin_event_id DESC);

-- The devices that hold a file are found by content; a device's holdings are counted per device.
CREATE INDEX device_object_device_idx ON device_object (device_id);
`
