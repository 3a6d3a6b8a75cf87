// Share links: a member's link to one file or one folder of a container they hold, for people outside the
// organization. Only the SHA-256 of the link's token is kept (the token is answered once); the passphrase is
// kept as a salted scrypt hash. A link is used under its creator's rights, checked at every use, so removing
// the member, disabling the container or its volume, or deleting the target stops it at once; revoked_at
// records a revocation. share_link_download says which files a link session was given, so a file counts
// against the download limit once per visit however many times its URL is asked for again (ranged or
// resumed downloads). The organization may turn links off or cap their lifetime. An audit event of a link
// records the visitor's address.
export default `
ALTER TABLE org
  ADD COLUMN share_links_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN max_link_days integer NOT NULL DEFAULT 30;

CREATE TABLE share_link (
  share_link_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  user_id bigint REFERENCES app_user (user_id) ON DELETE SET NULL,
  media_grant_id bigint NOT NULL REFERENCES media_grant (media_grant_id) ON DELETE CASCADE,
  -- Exactly one target: a file, or a folder as a full path ending in '/' ('/media/a/b/').
  media_id bigint REFERENCES media (media_id) ON DELETE CASCADE,
  folder_path text,
  token_hash bytea NOT NULL UNIQUE,
  label text NOT NULL,
  expires_at timestamptz NOT NULL,
  passphrase_hash text,
  download_limit integer,
  download_count integer NOT NULL DEFAULT 0,
  view_only boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz,
  revoked_at timestamptz,
  CHECK ((media_id IS NULL) <> (folder_path IS NULL))
);
CREATE INDEX share_link_org_idx ON share_link (org_id, share_link_id DESC);
CREATE INDEX share_link_user_idx ON share_link (org_id, user_id, share_link_id DESC);

CREATE TABLE share_link_download (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  share_link_id bigint NOT NULL REFERENCES share_link (share_link_id) ON DELETE CASCADE,
  visit_id text NOT NULL,
  media_id bigint NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (share_link_id, visit_id, media_id)
);

ALTER TABLE audit_event ADD COLUMN visitor_address text;
`
