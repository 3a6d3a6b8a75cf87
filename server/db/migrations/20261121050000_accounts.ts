// Users, organizations and memberships, sessions and login codes, payment methods, volumes, containers
// (grants) and devices. Every tenant-owned table carries org_id, so the schema can be distributed by
// tenant. Names are unique case-insensitively, as people read them.
export default `
CREATE TABLE app_user (
  user_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  user_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email));
CREATE UNIQUE INDEX app_user_user_name_key ON app_user (lower(user_name));

CREATE TABLE org (
  org_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_name text NOT NULL,
  domain_prefix text,
  plan_id text REFERENCES plan (plan_id),
  payment_customer_ref text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX org_name_key ON org (lower(org_name));
CREATE UNIQUE INDEX org_domain_prefix_key ON org (domain_prefix);

CREATE TABLE org_user (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
  is_admin boolean NOT NULL DEFAULT false,
  cap_add_device boolean NOT NULL DEFAULT false,
  cap_web_download boolean NOT NULL DEFAULT false,
  cap_web_upload boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, user_id)
);
CREATE INDEX org_user_user_idx ON org_user (user_id);

CREATE TABLE user_session (
  session_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
  key_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX user_session_user_idx ON user_session (user_id);

CREATE TABLE login_code (
  login_code_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  failed_tries integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX login_code_user_idx ON login_code (user_id, created_at DESC);

-- Attempts counted for rate limits; kept in the database because API processes hold no state.
CREATE TABLE rate_event (
  bucket text NOT NULL,
  subject text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_event_idx ON rate_event (bucket, subject, created_at);

CREATE TABLE payment_method (
  payment_method_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  provider_ref text NOT NULL,
  card_brand text NOT NULL,
  card_last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_method_org_idx ON payment_method (org_id);
CREATE UNIQUE INDEX payment_method_one_default ON payment_method (org_id) WHERE is_default AND NOT is_deleted;

CREATE TABLE volume (
  volume_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_name text NOT NULL,
  is_disabled boolean NOT NULL DEFAULT false,
  is_user_volume boolean NOT NULL DEFAULT false,
  min_expire_size bigint NOT NULL DEFAULT 0,
  live_expire_days integer NOT NULL DEFAULT 0,
  dead_expire_days integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX volume_name_key ON volume (org_id, lower(volume_name));

CREATE TABLE media_grant (
  media_grant_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_id bigint NOT NULL REFERENCES volume (volume_id) ON DELETE CASCADE,
  grant_name text NOT NULL,
  prefix_path text NOT NULL,
  is_disabled boolean NOT NULL DEFAULT false,
  last_seen timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX media_grant_name_key ON media_grant (org_id, lower(grant_name));
CREATE UNIQUE INDEX media_grant_prefix_key ON media_grant (volume_id, prefix_path);

CREATE TABLE media_grant_user (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  media_grant_id bigint NOT NULL REFERENCES media_grant (media_grant_id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
  PRIMARY KEY (media_grant_id, user_id)
);
CREATE INDEX media_grant_user_user_idx ON media_grant_user (org_id, user_id);

CREATE TABLE device (
  device_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  user_id bigint REFERENCES app_user (user_id) ON DELETE SET NULL,
  device_name text NOT NULL,
  is_disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_org_idx ON device (org_id);

-- Volumes per organization, by plan (402 past it). NULL: no limit.
ALTER TABLE plan ADD COLUMN max_volume_count integer;
UPDATE plan SET max_volume_count = CASE plan_id
  WHEN 'starter_month' THEN 2
  WHEN 'pro_month' THEN 5
  WHEN 'business_month' THEN 20
  ELSE NULL END;
`
