// A volume's audit (specification 001, section 2: /volume/{volume_id}/audit): who took which file where
// (Timestamp, User, Source, Destination; 'Web Download' where there is no destination), and below it the
// changes admins made to the volume. A volume can hold millions of events, so both load a page at a time
// (Load More). Admins only.
import { useInfiniteQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { AdminEvent } from '../../../server/contract/audit.ts'
import { auditQueries } from '../../api/audit.ts'
import { useApi } from '../../app/session.ts'
import { formatLongTime } from '../../lib/format.ts'
import { messageFor } from '../../lib/messages.ts'
import { AuditTable } from '../../ui/AuditTable.tsx'
import { FormError } from '../../ui/FormError.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { LoadMore } from './-volume/LoadMore.tsx'
import { VolumeHeader } from './-volume/VolumeHeader.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'
import { ensureVolume, useVolume } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/volume/$volumeId/audit')({
  beforeLoad: ({ context }) => {
    adminOrgId(context.session)
  },
  loader: async ({ context, params }) => {
    const volume = await ensureVolume(context, params.volumeId)
    const orgId = adminOrgId(context.session)
    // The first pages, read ahead; a failure is the screen's to show (with a way to try again).
    await Promise.all([
      context.queryClient.prefetchInfiniteQuery(auditQueries.volume(context.api, orgId, volume.volume_id)),
      context.queryClient.prefetchInfiniteQuery(
        auditQueries.adminEvents(context.api, orgId, { volume_id: volume.volume_id }),
      ),
    ])
  },
  component: VolumeAuditPage,
})

const CHANGE_COLUMNS: ReadonlyArray<Column<AdminEvent>> = [
  { key: 'timestamp', header: 'Timestamp', render: (event) => formatLongTime(event.create_time) },
  { key: 'by', header: 'By', render: (event) => event.user_name || event.email || '' },
  { key: 'change', header: 'Change', render: (event) => event.summary, className: 'cell-path' },
]

function FileEvents({ orgId, volumeId }: { orgId: number; volumeId: number }) {
  const api = useApi()
  const audit = useInfiniteQuery(auditQueries.volume(api, orgId, volumeId))
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

function Changes({ orgId, volumeId }: { orgId: number; volumeId: number }) {
  const api = useApi()
  const changes = useInfiniteQuery(auditQueries.adminEvents(api, orgId, { volume_id: volumeId }))
  const events = changes.data?.pages.flatMap((page) => page.admin_event_list) ?? []
  return (
    <section className="panel" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      {changes.isPending ? (
        <p className="hint">Loading…</p>
      ) : (
        <>
          <Table
            label="Changes"
            columns={CHANGE_COLUMNS}
            rows={events}
            rowKey={(event) => event.admin_event_id}
            empty="No changes recorded."
          />
          <LoadMore
            hasMore={changes.hasNextPage}
            loadingMore={changes.isFetchingNextPage}
            onLoadMore={() => void changes.fetchNextPage()}
          />
        </>
      )}
      {changes.isError ? <LoadFailed error={changes.error} onRetry={() => void changes.refetch()} /> : null}
    </section>
  )
}

/** A page that did not load: the catalogue's message and a way to ask again. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="load-failed">
      <FormError message={messageFor('audit_load', error)} />
      <button type="button" className="button secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  )
}

function VolumeAuditPage() {
  const { volumeId } = Route.useParams()
  const { orgId, volume } = useVolume(volumeId)
  return (
    <main className="page">
      <VolumeHeader volume={volume} />
      <FileEvents orgId={orgId} volumeId={volume.volume_id} />
      <Changes orgId={orgId} volumeId={volume.volume_id} />
    </main>
  )
}
