// What the derivative job (services/derivatives.ts) made of an organization's content, once per hash:
// pending from the moment the content is confirmed until the job ran; ready when the two WebP thumbnails
// (small, large) are in the store that holds the content (store_id); none when there is nothing to show
// (not a picture or a clip, or content that could not be decoded: reason says why). What the decoder read
// (dimensions, duration, codecs, format) is kept for the file's detail. The thumbnails' bytes are counted
// here, apart from the organization's usage. The row goes with the stored_object row of its content.
export default `
CREATE TABLE media_derivative (
  org_id bigint NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  file_hash text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'none')),
  store_id bigint NOT NULL DEFAULT 0,
  small_bytes bigint,
  large_bytes bigint,
  width integer,
  height integer,
  duration_seconds double precision,
  video_codec text,
  audio_codec text,
  format text,
  reason text,
  attempts integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, file_hash)
);
CREATE INDEX media_derivative_pending_idx ON media_derivative (updated_at) WHERE state = 'pending';
`
