// The volume audit filters by user (001 section 3, a page at a time): its pages are keyed by event id, so
// the index that serves them is the volume's user's events by id. Paths are matched by substring (no btree
// helps) and date ranges use audit_event_volume_idx (by time).
export default `
CREATE INDEX audit_event_volume_user_idx ON audit_event (org_id, volume_id, user_id, audit_event_id DESC);
`
