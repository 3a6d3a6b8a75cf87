// Add Mount (specification 001, section 2): an admin mounts one of the organization's containers that the
// device does not mount yet.
import { useSuspenseQuery } from '@tanstack/react-query'
import { useChangeMount, type Device } from '../../../api/devices.ts'
import { mediaGrantQueries } from '../../../api/mediaGrants.ts'
import { messageFor } from '../../../lib/messages.ts'
import { PickGrantForm } from '../-grants/PickGrantForm.tsx'

export function AddMountForm({ orgId, device }: { orgId: number; device: Device }) {
  const { data: every } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const mounted = new Set(device.media_grant_list.map((mount) => mount.media_grant_id))
  return (
    <PickGrantForm
      choices={every.filter((grant) => !mounted.has(grant.media_grant_id))}
      noChoice="The device mounts every container of the organization."
      mutation={useChangeMount(orgId, device.device_id)}
      values={(grantId) => ({ grantId, action: 'add' as const })}
      failed={(failure) => messageFor('device_mount_add', failure)}
      submitLabel="Add Mount"
      label="Add Mount"
    />
  )
}
