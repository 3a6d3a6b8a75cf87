// Containers (specification 001, section 2: /volume/permission): every container of the organization,
// on every volume, with who holds it and what mounts it, and Add Grant on a volume the admin chooses.
// Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { volumeQueries } from '../../api/volumes.ts'
import { useSession } from '../../app/session.ts'
import { AddGrantForm } from './-grants/AddGrantForm.tsx'
import { GrantTable } from './-grants/GrantTable.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'

export const Route = createFileRoute('/_app/_admin/volume/permission')({
  loader: async ({ context }) => {
    const { orgId } = context
    await Promise.all([
      context.queryClient.ensureQueryData(mediaGrantQueries.adminList(orgId)),
      context.queryClient.ensureQueryData(volumeQueries.list(orgId)),
    ])
  },
  component: ContainersPage,
})

function ContainersPage() {
  const orgId = adminOrgId(useSession())
  const { data: grants } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const { data: volumes } = useSuspenseQuery(volumeQueries.list(orgId))
  return (
    <main className="page">
      <h1>Containers</h1>
      <div className="panel">
        <GrantTable grants={grants} />
      </div>
      <section className="panel" aria-labelledby="add-grant-heading">
        <h2 id="add-grant-heading">Add Grant</h2>
        <AddGrantForm orgId={orgId} volumes={volumes} />
      </section>
    </main>
  )
}
