// The changes admins made (volumes, containers, holders, users), newest first, a page at a time: the trail
// a volume's audit screen shows for the volume and a user's screen for the user.
import { useInfiniteQuery } from '@tanstack/react-query'
import type { AdminEvent } from '../../../../server/contract/audit.ts'
import { auditQueries } from '../../../api/audit.ts'
import { DateTime } from '../../../ui/DateTime.tsx'
import { LoadFailed } from '../../../ui/LoadFailed.tsx'
import { LoadMore } from '../../../ui/LoadMore.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { ListSkeleton } from '../../../ui/Skeleton.tsx'

const COLUMNS: ReadonlyArray<Column<AdminEvent>> = [
  { key: 'timestamp', header: 'Timestamp', render: (event) => <DateTime value={event.create_time} /> },
  { key: 'by', header: 'By', render: (event) => event.user_name || event.email || '' },
  {
    key: 'change',
    header: 'Change',
    className: 'cell-path',
    phone: 'primary',
    render: (event) => event.summary,
  },
]

export interface AdminChangesProps {
  orgId: number
  /** The volume's changes, or the user's. */
  filter: { volume_id: number } | { user_id: number }
}

export function AdminChanges({ orgId, filter }: AdminChangesProps) {
  const changes = useInfiniteQuery(auditQueries.adminEvents(orgId, filter))
  const events = changes.data?.pages.flatMap((page) => page.admin_event_list) ?? []
  return (
    <section className="panel" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      {changes.isPending ? (
        <ListSkeleton rows={3} />
      ) : (
        <>
          <Table
            label="Changes"
            columns={COLUMNS}
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
