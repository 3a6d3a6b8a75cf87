// Released custom-domain prefixes: when an organization changes or clears its prefix, the old one keeps
// redirecting to it and no other organization may take it until held_until (DOMAIN_PREFIX_HOLD_DAYS). A
// prefix is held by at most one organization; a row past held_until blocks nothing and is removed lazily.
export default `
CREATE TABLE domain_prefix_hold (
  prefix text PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  released_at timestamptz NOT NULL DEFAULT now(),
  held_until timestamptz NOT NULL
);
CREATE INDEX domain_prefix_hold_org_idx ON domain_prefix_hold (org_id);
`
