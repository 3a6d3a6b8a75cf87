// The admins' changes about one user (their addition, role and capabilities, containers and volumes given
// or taken, removal), newest first, a page at a time: the trail an admin reads on the user's detail.
import { useInfiniteQuery } from '@tanstack/react-query'
import type { AdminEvent } from '../../../../server/contract/audit.ts'
import { auditQueries } from '../../../api/audit.ts'
import { useApi } from '../../../app/session.ts'
import { formatLongTime } from '../../../lib/format.ts'
import { messageFor } from '../../../lib/messages.ts'
import { FormError } from '../../../ui/FormError.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'

const COLUMNS: ReadonlyArray<Column<AdminEvent>> = [
  { key: 'time', header: 'Timestamp', render: (event) => formatLongTime(event.create_time) },
  { key: 'by', header: 'By', render: (event) => event.user_name || event.email || '' },
  { key: 'change', header: 'Change', className: 'cell-path', render: (event) => event.summary },
]

export function UserChanges({ orgId, userId }: { orgId: number; userId: number }) {
  const api = useApi()
  const changes = useInfiniteQuery(auditQueries.adminEvents(api, orgId, { user_id: userId }))
  const events = changes.data?.pages.flatMap((page) => page.admin_event_list) ?? []
  return (
    <section className="panel" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      {changes.isPending ? (
        <p className="page-loading">Loading…</p>
      ) : (
        <Table
          label="Changes"
          columns={COLUMNS}
          rows={events}
          rowKey={(event) => event.admin_event_id}
          empty="No changes recorded."
        />
      )}
      <FormError message={changes.isError ? messageFor('audit_load', changes.error) : undefined} />
      {changes.hasNextPage ? (
        <div className="table-more">
          <button
            type="button"
            className="button secondary"
            disabled={changes.isFetchingNextPage}
            aria-busy={changes.isFetchingNextPage}
            onClick={() => void changes.fetchNextPage()}
          >
            Load More
          </button>
        </div>
      ) : null}
    </section>
  )
}
