// A volume's containers (specification 001, section 2: /volume/{volume_id}/permission): the containers
// over its prefixes, with who holds them and what mounts them (a search and pages of 50, kept in the
// address), and Add Grant for this volume. The Containers tab of the volume. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
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
import { useVolume } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/_admin/volume/$volumeId/permission')({
  validateSearch: (search: Record<string, unknown>): ListSearch => listSearchOf(search),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(mediaGrantQueries.adminList(context.orgId))
  },
  component: VolumeContainersPage,
})

function VolumeContainersPage() {
  const { orgId, volume } = useVolume()
  const { data: every } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const grants = every.filter((grant) => grant.volume_id === volume.volume_id)
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const list = listPage(grants, search, grantTexts)
  return (
    <>
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
        <AddGrantForm key={volume.volume_id} orgId={orgId} volumeId={volume.volume_id} />
      </section>
    </>
  )
}
