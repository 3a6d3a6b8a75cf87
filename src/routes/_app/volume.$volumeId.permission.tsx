// A volume's containers (specification 001, section 2: /volume/{volume_id}/permission): the containers
// over its prefixes, with who holds them and what mounts them, and Add Grant for this volume. The
// Containers tab of the volume. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { AddGrantForm } from './-grants/AddGrantForm.tsx'
import { GrantTable } from './-grants/GrantTable.tsx'
import { VolumeHeader } from './-volume/VolumeHeader.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'
import { ensureVolume, useVolume } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/volume/$volumeId/permission')({
  beforeLoad: ({ context }) => {
    adminOrgId(context.session)
  },
  loader: async ({ context, params }) => {
    await Promise.all([
      ensureVolume(context, params.volumeId),
      context.queryClient.ensureQueryData(mediaGrantQueries.adminList(adminOrgId(context.session))),
    ])
  },
  component: VolumeContainersPage,
})

function VolumeContainersPage() {
  const { orgId, volume } = useVolume(Route.useParams().volumeId)
  const { data: every } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const grants = every.filter((grant) => grant.volume_id === volume.volume_id)
  return (
    <main className="page">
      <VolumeHeader volume={volume} />
      <div className="panel">
        <GrantTable grants={grants} />
      </div>
      <section className="panel" aria-labelledby="add-grant-heading">
        <h2 id="add-grant-heading">Add Grant</h2>
        <AddGrantForm key={volume.volume_id} orgId={orgId} volumeId={volume.volume_id} />
      </section>
    </main>
  )
}
