// Containers (specification 001, section 2: /volume/permission): every container of the organization,
// on every volume, with who holds it and what mounts it (a search and pages of 50, kept in the address),
// and Add Grant on a volume the admin chooses. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { volumeQueries } from '../../api/volumes.ts'
import { useSession } from '../../app/session.ts'
import {
  listPage,
  listSearchOf,
  pageNavigation,
  searchNavigation,
  type ListSearch,
} from '../../lib/listSearch.ts'
import { ListToolbar, noMatchText, Pager } from '../../ui/ListToolbar.tsx'
import { AddGrantForm } from './-grants/AddGrantForm.tsx'
import { GrantTable, grantTexts } from './-grants/GrantTable.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'

export const Route = createFileRoute('/_app/_admin/volume/permission')({
  validateSearch: (search: Record<string, unknown>): ListSearch => listSearchOf(search),
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
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const list = listPage(grants, search, grantTexts)
  return (
    <main className="page">
      <h1>Containers</h1>
      <div className="panel">
        <ListToolbar
          label="Search containers"
          value={search.q}
          onSearch={(q) => void navigate(searchNavigation(q))}
          matched={list.matched}
          total={grants.length}
        />
        <GrantTable
          grants={list.rows}
          {...(search.q === undefined || grants.length === 0 ? {} : { empty: noMatchText(search.q) })}
        />
        <Pager label="Containers" list={list} onPage={(page) => void navigate(pageNavigation(page))} />
      </div>
      <section className="panel" aria-labelledby="add-grant-heading">
        <h2 id="add-grant-heading">Add Grant</h2>
        <AddGrantForm orgId={orgId} volumes={volumes} />
      </section>
    </main>
  )
}
