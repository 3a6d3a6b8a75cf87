// A device reports what it holds per mount, so holdings are kept per mount: a report of one mount can then
// never clear what the device holds through another, and a removed mount takes its holdings with it. No
// device could be registered before the release that adds this, so there are no holdings to carry over.
export default `
DELETE FROM device_object;
ALTER TABLE device_object ADD COLUMN media_grant_id bigint NOT NULL;
ALTER TABLE device_object DROP CONSTRAINT device_object_pkey;
ALTER TABLE device_object ADD PRIMARY KEY (device_id, media_grant_id, file_hash);
ALTER TABLE device_object ADD CONSTRAINT device_object_mount_fkey FOREIGN KEY (device_id, media_grant_id)
  REFERENCES device_media_grant (device_id, media_grant_id) ON DELETE CASCADE;
`
