// A volume's audit (specification 001, section 2: /volume/{volume_id}/audit): who took which file where
// (Timestamp, User, Source, Destination; 'Web Download' where there is no destination), and below it the
// changes admins made to the volume. A volume can hold millions of events, so both load a page at a time
// (Load More). Admins only.
import { useInfiniteQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { auditQueries } from '../../api/audit.ts'
import { AuditTable } from '../../ui/AuditTable.tsx'
import { AdminChanges } from './-admin/AdminChanges.tsx'
import { LoadFailed } from '../../ui/LoadFailed.tsx'
import { useVolume } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/_admin/volume/$volumeId/audit')({
  loader: async ({ context }) => {
    const { orgId, volume } = context
    // The first pages, read ahead; a failure is the screen's to show (with a way to try again).
    await Promise.all([
      context.queryClient.prefetchInfiniteQuery(auditQueries.volume(orgId, volume.volume_id)),
      context.queryClient.prefetchInfiniteQuery(
        auditQueries.adminEvents(orgId, { volume_id: volume.volume_id }),
      ),
    ])
  },
  component: VolumeAuditPage,
})

function FileEvents({ orgId, volumeId }: { orgId: number; volumeId: number }) {
  const audit = useInfiniteQuery(auditQueries.volume(orgId, volumeId))
  const events = audit.data?.pages.flatMap((page) => page.audit_list) ?? []
  return (
    <section className="panel" aria-labelledby="file-events-heading">
      <h2 id="file-events-heading">File Events</h2>
      {audit.isPending ? (
        <p className="hint">Loading…</p>
      ) : (
        <AuditTable
          label="Audit"
          events={events}
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
