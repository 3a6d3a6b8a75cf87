// Network stores (specification 001 sections 2, 3 and 7): an organization's own S3-compatible buckets,
// tried in priority order (1 first) for new uploads before the service's own store (store 0). The secret
// access key is sealed (AES-256-GCM) under the server key; the rest of the row is the bucket's address and
// the store's health as the server last saw it.
export default `
CREATE TABLE s3_bucket (
  s3_bucket_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  s3_bucket text NOT NULL,
  s3_bucket_region text NOT NULL,
  s3_host text NOT NULL,
  s3_bucket_prefix text NOT NULL DEFAULT '',
  aws_access_key_id text NOT NULL,
  sealed_secret bytea NOT NULL,
  max_size bigint NOT NULL DEFAULT 4398046511104 CHECK (max_size > 0),
  priority integer NOT NULL CHECK (priority > 0),
  is_disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Health: the last probe (a write, read and delete under the prefix) and what the server saw since.
  last_probe_at timestamptz,
  last_probe_ok boolean,
  last_error text,
  error_count bigint NOT NULL DEFAULT 0,
  request_count bigint NOT NULL DEFAULT 0,
  bytes_placed bigint NOT NULL DEFAULT 0,
  -- Checked at commit, so a reorder may swap priorities within one transaction.
  CONSTRAINT s3_bucket_priority_key UNIQUE (org_id, priority) DEFERRABLE INITIALLY DEFERRED
);
`
