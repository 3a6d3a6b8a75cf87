// A volume's audit (specification 001, section 2: /volume/{volume_id}/audit): who took which file where
// (Timestamp, User, Source, Destination; 'Web Download' where there is no destination), and below it the
// changes admins made to the volume. A volume can hold millions of events, so both load a page at a time
// (Load More), and the file events are filtered on the server by user, path and days (kept in the
// address) and export as CSV. Admins only.
import { useInfiniteQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { auditQueries } from '../../api/audit.ts'
import { orgUserQueries } from '../../api/orgUsers.ts'
import { AuditTable } from '../../ui/AuditTable.tsx'
import { AdminChanges } from './-admin/AdminChanges.tsx'
import { LoadFailed } from '../../ui/LoadFailed.tsx'
import { AuditFilters } from './-volume/AuditFilters.tsx'
import { auditFilterOf, auditSearchOf, isFiltered, type AuditSearch } from './-volume/auditFilter.ts'
import { useVolume } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/_admin/volume/$volumeId/audit')({
  validateSearch: (search: Record<string, unknown>): AuditSearch => auditSearchOf(search),
  loaderDeps: ({ search }) => ({ filter: auditFilterOf(search) }),
  loader: async ({ context, deps }) => {
    const { orgId, volume } = context
    // The first pages and the users of the User filter, read ahead; a failure is the screen's to show (with a
    // way to try again), never the route's.
    await Promise.all([
      context.queryClient.prefetchInfiniteQuery(auditQueries.volume(orgId, volume.volume_id, deps.filter)),
      context.queryClient.prefetchInfiniteQuery(
        auditQueries.adminEvents(orgId, { volume_id: volume.volume_id }),
      ),
      context.queryClient.prefetchQuery(orgUserQueries.list(orgId)),
    ])
  },
  component: VolumeAuditPage,
})

const NO_MATCHING_EVENTS = 'No audit events match these filters.'

function FileEvents({ orgId, volumeId }: { orgId: number; volumeId: number }) {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const audit = useInfiniteQuery(auditQueries.volume(orgId, volumeId, auditFilterOf(search)))
  const events = audit.data?.pages.flatMap((page) => page.audit_list) ?? []
  return (
    <section className="panel" aria-labelledby="file-events-heading">
      <h2 id="file-events-heading">File Events</h2>
      <AuditFilters
        orgId={orgId}
        volumeId={volumeId}
        search={search}
        onChange={(change) =>
          void navigate({
            search: (prev: AuditSearch) => ({ ...prev, ...change }),
            replace: true,
            resetScroll: false,
          })
        }
        onClear={() => void navigate({ search: {}, replace: true, resetScroll: false })}
      />
      {audit.isPending ? (
        <p className="hint">Loading…</p>
      ) : (
        <AuditTable
          label="Audit"
          events={events}
          {...(isFiltered(search) ? { empty: NO_MATCHING_EVENTS } : {})}
          pagination={{
            hasMore: audit.hasNextPage,
            loadingMore: audit.isFetchingNextPage,
            onLoadMore: () => void audit.fetchNextPage(),
          }}
        />
      )}
      {audit.isError ? <LoadFailed error={audit.error} onRetry={() => void audit.refetch()} /> : null}
    </section>
  )
}

function VolumeAuditPage() {
  const { orgId, volume } = useVolume()
  return (
    <>
      <FileEvents orgId={orgId} volumeId={volume.volume_id} />
      <AdminChanges orgId={orgId} filter={{ volume_id: volume.volume_id }} />
    </>
  )
}
