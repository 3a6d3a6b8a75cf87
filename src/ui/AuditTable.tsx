// The audit trail as a table (specification 001, section 3; 000 for a file's Audit Tracking tab):
// Timestamp, User, Source, Destination, a web download where there is no destination, and the spec's
// empty state. A volume can hold millions of events, so the screen loads pages and this table offers
// Load More.
import type { AuditEvent } from '../../server/contract/media.ts'
import { DateTime } from './DateTime.tsx'
import { NO_AUDIT_EVENTS_MESSAGE } from '../lib/messages.ts'
import { LoadMore, type Pagination } from './LoadMore.tsx'
import { Table, type Column } from './Table.tsx'

export type AuditColumn = 'timestamp' | 'user' | 'source' | 'destination'

export const WEB_DOWNLOAD = 'Web Download'

/** Who did it: the user's name, else their e-mail, else the device. */
export function auditUser(event: Pick<AuditEvent, 'user_name' | 'email' | 'device_name'>): string {
  return event.user_name || event.email || event.device_name || ''
}

const COLUMNS: Record<AuditColumn, Column<AuditEvent>> = {
  timestamp: {
    key: 'timestamp',
    header: 'Timestamp',
    render: (event) => <DateTime value={event.create_time} />,
  },
  user: { key: 'user', header: 'User', render: auditUser },
  source: {
    key: 'source',
    header: 'Source',
    render: (event) => event.media_path,
    className: 'cell-path',
    ellipsis: true,
    width: '35%',
  },
  destination: {
    key: 'destination',
    header: 'Destination',
    render: (event) => event.dest_path ?? WEB_DOWNLOAD,
    className: 'cell-path',
    ellipsis: true,
    width: '30%',
  },
}

export type AuditPagination = Pagination

export interface AuditTableProps {
  events: readonly AuditEvent[]
  /** The table's accessible name, e.g. 'Audit Tracking'. */
  label?: string
  /** All four by default. */
  columns?: readonly AuditColumn[]
  /** Pages: a Load More button while there are older events. */
  pagination?: AuditPagination
  /** The empty state; the spec's 'No audit events found.' by default (a filter that kept nothing says so). */
  empty?: string
}

const ALL_COLUMNS: readonly AuditColumn[] = ['timestamp', 'user', 'source', 'destination']

export function AuditTable({
  events,
  label = 'Audit',
  columns = ALL_COLUMNS,
  pagination,
  empty = NO_AUDIT_EVENTS_MESSAGE,
}: AuditTableProps) {
  return (
    <>
      <Table
        label={label}
        columns={columns.map((column) => COLUMNS[column])}
        rows={events}
        rowKey={(event, index) => `${event.create_time}-${index}`}
        empty={empty}
      />
      {pagination ? <LoadMore {...pagination} /> : null}
    </>
  )
}
