// Devices whose user is no longer a member of their organization (removed or gone before removal revoked
// devices, server/services/devices.ts revokeDevicesOf): revoked now as a removal does, so that adding the
// person again brings none of them back. Each is recorded on the admin trail, made by no one (the upgrade).
export default `
WITH revoked AS (
  UPDATE device d SET token_hash = NULL, is_disabled = true
   WHERE NOT EXISTS (SELECT 1 FROM org_user m WHERE m.org_id = d.org_id AND m.user_id = d.user_id)
     AND (d.token_hash IS NOT NULL OR NOT d.is_disabled
          OR EXISTS (SELECT 1 FROM device_media_grant g WHERE g.device_id = d.device_id AND NOT g.is_disabled))
  RETURNING d.device_id, d.org_id, d.user_id, d.device_name
), mounts AS (
  UPDATE device_media_grant g SET is_disabled = true
    FROM revoked r
   WHERE g.device_id = r.device_id AND NOT g.is_disabled
  RETURNING g.device_id
)
INSERT INTO admin_event (org_id, action, user_id, device_id, subject_user_id, summary)
SELECT r.org_id, 'device_revoke', NULL, r.device_id, r.user_id,
       'Device ' || r.device_name || ' revoked on upgrade: ' || COALESCE(u.email, 'its user') ||
       ' is no longer a member; its token no longer works, the device and ' ||
       (SELECT count(*) FROM mounts WHERE mounts.device_id = r.device_id) || ' mount(s) disabled'
  FROM revoked r
  LEFT JOIN app_user u ON u.user_id = r.user_id
 ORDER BY r.device_id;
`
