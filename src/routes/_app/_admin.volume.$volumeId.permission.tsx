// A volume's containers (specification 001, section 2: /volume/{volume_id}/permission): the containers
// over its prefixes, with who holds them and what mounts them, and Add Grant for this volume. The
// Containers tab of the volume. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { AddGrantForm } from './-grants/AddGrantForm.tsx'
import { GrantTable } from './-grants/GrantTable.tsx'
import { useVolume } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/_admin/volume/$volumeId/permission')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(mediaGrantQueries.adminList(context.orgId))
  },
  component: VolumeContainersPage,
})

function VolumeContainersPage() {
  const { orgId, volume } = useVolume()
  const { data: every } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const grants = every.filter((grant) => grant.volume_id === volume.volume_id)
  return (
    <>
      <div className="panel">
        <GrantTable grants={grants} />
      </div>
      <section className="panel" aria-labelledby="add-grant-heading">
        <h2 id="add-grant-heading">Add Grant</h2>
        <AddGrantForm key={volume.volume_id} orgId={orgId} volumeId={volume.volume_id} />
      </section>
    </>
  )
}
