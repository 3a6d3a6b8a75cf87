// A hash names content only for those who can already reach it (docs/architecture.md, "Who may name
// content by its hash"). content_sender records who proved they hold content's bytes by sending them (a
// person, through the web or one of their devices); media_version.is_proven says whether a version's
// content was reachable by the one who registered it, or arrived since through the version's container: only
// a proven version is downloadable. Versions made before this rule are taken as proven (their content was
// registered under the old rule and cannot be judged now); new ones start unproven. content_upload holds each
// person's own multipart upload of content, so no one completes (and so proves) an upload someone else sent;
// stored_object no longer keeps one shared upload (an upload in progress when this runs is planned again: its
// parts are sent again).
export default `
ALTER TABLE media_version ADD COLUMN is_proven boolean NOT NULL DEFAULT true;
ALTER TABLE media_version ALTER COLUMN is_proven SET DEFAULT false;

CREATE TABLE content_sender (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  file_hash text NOT NULL,
  user_id bigint NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, file_hash, user_id)
);

ALTER TABLE stored_object DROP COLUMN upload_id, DROP COLUMN part_size;

CREATE TABLE content_upload (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  file_hash text NOT NULL,
  user_id bigint NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
  store_id bigint NOT NULL DEFAULT 0,
  upload_id text NOT NULL,
  file_size bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, file_hash, user_id)
);
`
