// Usage measured day by day (issue 12), written by the daily metering job (server/services/usage.ts) as
// upserts, so a day can be metered again and gives the same rows.
//
// volume_usage: one row per (volume, UTC day).
// - live_bytes, live_count: the files that are not deleted, each counted once by its current version (the
//   newest version created before the end of the day).
// - total_bytes, total_count: every version the volume keeps, deleted files and older versions included,
//   each version row counted with its own size (two versions with the same content count twice).
// - computed_at: when the row was last written (the screen's "as of").
//
// volume_store_usage: one row per (volume, store, UTC day). store_id is the store that holds each
// version's content (stored_object.store_id: 0 is the service's own store, others are the organization's
// network stores). byte_days is what the volume's versions occupy in that store for that day: their bytes
// as of the end of the day, times one day. Summed over the stores of a day it equals total_bytes; summed
// over days it is the usage a bill is made of.
export default `
CREATE TABLE volume_usage (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_id bigint NOT NULL REFERENCES volume (volume_id) ON DELETE CASCADE,
  usage_date date NOT NULL,
  live_bytes bigint NOT NULL,
  total_bytes bigint NOT NULL,
  live_count bigint NOT NULL,
  total_count bigint NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (volume_id, usage_date)
);
CREATE INDEX volume_usage_org_idx ON volume_usage (org_id, usage_date);

CREATE TABLE volume_store_usage (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  volume_id bigint NOT NULL REFERENCES volume (volume_id) ON DELETE CASCADE,
  store_id bigint NOT NULL,
  usage_date date NOT NULL,
  byte_days bigint NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (volume_id, store_id, usage_date)
);
`
