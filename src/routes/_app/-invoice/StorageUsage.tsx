// How an invoice's storage was computed (issue 13): the byte-days per store, live bytes versus bytes kept by
// retention summed over the days, each billed day as billed (plan, members, bytes, what the plan includes,
// what was billed beyond it), and the ledger rows as a CSV download, so every number can be traced back to
// the usage rows that made it.
import type { InvoiceStoreUsage, InvoiceUsageDay, InvoiceUsageResponse } from '../../../api/invoices.ts'
import { CSV_TYPE } from '../../../lib/csv.ts'
import { formatBytes } from '../../../lib/format.ts'
import { CalendarDay } from '../../../ui/DateTime.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { byteDaysText, gibDaysText, usageCsv, usageCsvFileName } from './invoiceText.ts'
import { saveText } from '../../../lib/saveAs.ts'

const STORE_COLUMNS: ReadonlyArray<Column<InvoiceStoreUsage>> = [
  { key: 'store', header: 'Store', rowHeader: true, render: (store) => store.s3_bucket_name },
  {
    key: 'byte_days',
    header: 'Byte-days',
    phone: 'hidden',
    render: (store) => byteDaysText(store.byte_days),
  },
  { key: 'gib_days', header: 'GiB-days', phone: 'labelled', render: (store) => gibDaysText(store.byte_days) },
]

const DAY_COLUMNS: ReadonlyArray<Column<InvoiceUsageDay>> = [
  {
    key: 'date',
    header: 'Date',
    rowHeader: true,
    render: (day) => (
      <>
        <CalendarDay day={day.usage_date} />
        {day.is_correction ? <span className="badge">Correction</span> : null}
      </>
    ),
  },
  { key: 'plan', header: 'Plan', phone: 'hidden', render: (day) => day.plan_name },
  { key: 'members', header: 'Members', phone: 'labelled', render: (day) => String(day.user_count) },
  { key: 'live', header: 'Live', phone: 'hidden', render: (day) => formatBytes(day.live_bytes) },
  { key: 'retained', header: 'Retained', phone: 'hidden', render: (day) => formatBytes(day.retained_bytes) },
  { key: 'total', header: 'Total', phone: 'labelled', render: (day) => formatBytes(day.total_bytes) },
  {
    key: 'included',
    header: 'Included',
    phone: 'hidden',
    render: (day) => (day.included_bytes === null ? 'No limit' : formatBytes(day.included_bytes)),
  },
  {
    key: 'billable',
    header: 'Billable',
    phone: 'labelled',
    render: (day) => formatBytes(day.billable_bytes),
  },
]

/** Bytes kept at the end of each day, summed over the days: byte-days, live and retained. */
export function keptByteDays(days: readonly InvoiceUsageDay[]): { live: number; retained: number } {
  return days.reduce(
    (sum, day) => ({ live: sum.live + day.live_bytes, retained: sum.retained + day.retained_bytes }),
    { live: 0, retained: 0 },
  )
}

function ByteDays({ byteDays }: { byteDays: number }) {
  return (
    <>
      {gibDaysText(byteDays)} <small className="hint">({byteDaysText(byteDays)})</small>
    </>
  )
}

export function StorageUsage({ invoiceId, usage }: { invoiceId: string; usage: InvoiceUsageResponse }) {
  const kept = keptByteDays(usage.day_list)
  return (
    <section className="panel" aria-labelledby="invoice-storage-heading">
      <h2 id="invoice-storage-heading">How storage was computed</h2>
      <p className="hint">
        Each day counts the bytes kept at its end; a GiB-day is one GiB (1024³ bytes) kept for one day.
        Storage beyond what the plan includes is billed per GiB-month.
      </p>
      <dl className="properties" aria-label="Bytes kept">
        <div>
          <dt>Live</dt>
          <dd data-testid="usage-live">
            <ByteDays byteDays={kept.live} />
          </dd>
        </div>
        <div>
          <dt>Retained by retention</dt>
          <dd data-testid="usage-retained">
            <ByteDays byteDays={kept.retained} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="usage-total">
            <ByteDays byteDays={kept.live + kept.retained} />
          </dd>
        </div>
      </dl>
      <h3>By store</h3>
      <Table
        label="Stores"
        columns={STORE_COLUMNS}
        rows={usage.store_list}
        rowKey={(store) => store.s3_bucket_id}
        empty="No storage was used."
      />
      {/* A month is up to 31 rows (more with corrections): closed until asked for, on a phone above all. */}
      <details className="usage-days">
        <summary>
          By day ({usage.day_list.length} {usage.day_list.length === 1 ? 'day' : 'days'})
        </summary>
        <Table
          label="Days"
          columns={DAY_COLUMNS}
          rows={usage.day_list}
          rowKey={(day, index) => `${day.usage_date}:${index}`}
          rowData={(day) => ({ 'data-correction': String(day.is_correction) })}
          empty="No days were billed."
        />
      </details>
      <p>
        <button
          type="button"
          className="button secondary"
          disabled={usage.row_list.length === 0}
          onClick={() => saveText(usageCsvFileName(invoiceId), usageCsv(usage.row_list), CSV_TYPE)}
        >
          Download CSV
        </button>{' '}
        <span className="hint">
          {usage.row_list.length} usage {usage.row_list.length === 1 ? 'row' : 'rows'}: each a volume’s bytes
          in one store on one day.
        </span>
      </p>
    </section>
  )
}
