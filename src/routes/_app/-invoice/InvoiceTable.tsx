// The invoice list (specification 001, section 2: /org/invoice): the short id as a link to the invoice,
// Date (yyyy-MM-dd), Amount and Status in words.
import type { InvoiceSummary } from '../../../api/invoices.ts'
import { formatSignedMoney } from '../../../lib/format.ts'
import { CalendarDay } from '../../../ui/DateTime.tsx'
import { RouteLink } from '../../../ui/RouteLink.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { invoiceStatusText, shortInvoiceId } from './invoiceText.ts'

/** An organization is invoiced once a month, after the month closes. */
export const NO_INVOICES_MESSAGE = 'No invoices yet. The first is issued after your first month.'

const COLUMNS: ReadonlyArray<Column<InvoiceSummary>> = [
  {
    key: 'invoice',
    header: 'Invoice',
    rowHeader: true,
    render: (invoice) => (
      <RouteLink to="/org/invoice/$invoiceId" params={{ invoiceId: invoice.invoice_id }}>
        <code>{shortInvoiceId(invoice.invoice_id)}</code>
      </RouteLink>
    ),
  },
  { key: 'date', header: 'Date', render: (invoice) => <CalendarDay day={invoice.invoice_date} /> },
  { key: 'amount', header: 'Amount', render: (invoice) => formatSignedMoney(invoice.total_usd) },
  { key: 'status', header: 'Status', render: (invoice) => invoiceStatusText(invoice.invoice_status) },
]

export function InvoiceTable({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  return (
    <Table
      label="Invoices"
      columns={COLUMNS}
      rows={invoices}
      rowKey={(invoice) => invoice.invoice_id}
      rowData={(invoice) => ({ 'data-invoice': invoice.invoice_id, 'data-status': invoice.invoice_status })}
      empty={NO_INVOICES_MESSAGE}
    />
  )
}
