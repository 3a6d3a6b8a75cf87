// Content confirmed before derivatives existed has no media_derivative row, so it would show as a file name
// for good. Each such content gets a pending row dated at the epoch: the derivative queue's sweep of stale
// rows sends their jobs, a batch at a time whenever the queue runs dry (jobs/derivativeQueue.ts), so an
// upgraded server makes the thumbnails of everything already stored without holding up new uploads'.
export default `
INSERT INTO media_derivative (org_id, file_hash, store_id, updated_at)
SELECT s.org_id, s.file_hash, s.store_id, 'epoch'::timestamptz
  FROM stored_object s
 WHERE s.is_confirmed
   AND NOT EXISTS (SELECT 1 FROM media_derivative d WHERE d.org_id = s.org_id AND d.file_hash = s.file_hash);
`
