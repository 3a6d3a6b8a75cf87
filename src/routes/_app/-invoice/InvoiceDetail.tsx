// An invoice (specification 001, section 2: /org/invoice/{invoice_id}): its id, date, period, total and
// status; the lines (Description, Unit Price, Amount, Subtotal) with the days each counts, corrections
// marked; the Subtotal and Total; and the payments (Date, Payment Method, Status, Amount). A correction that
// gives money back shows its minus sign.
import type { Invoice, InvoiceLine, InvoicePayment } from '../../../api/invoices.ts'
import { formatSignedMoney } from '../../../lib/format.ts'
import { CalendarDay, DateTime } from '../../../ui/DateTime.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { cardText } from '../-payment/paymentText.ts'
import {
  invoiceStatusText,
  lineAmountText,
  lineDaysText,
  metricText,
  paymentStatusText,
  periodText,
} from './invoiceText.ts'

const LINE_COLUMNS: ReadonlyArray<Column<InvoiceLine>> = [
  {
    key: 'description',
    header: 'Description',
    rowHeader: true,
    render: (line) => (
      <>
        {line.description}
        {line.is_correction ? <span className="badge">Correction</span> : null}
        <br />
        <small className="hint">
          {metricText(line.metric)} · {lineDaysText(line)}
        </small>
      </>
    ),
  },
  {
    key: 'unit_price',
    header: 'Unit Price',
    phone: 'hidden',
    render: (line) => formatSignedMoney(line.unit_price_usd, true),
  },
  { key: 'amount', header: 'Amount', phone: 'hidden', render: lineAmountText },
  { key: 'subtotal', header: 'Subtotal', render: (line) => formatSignedMoney(line.subtotal_usd) },
]

const PAYMENT_COLUMNS: ReadonlyArray<Column<InvoicePayment>> = [
  {
    key: 'date',
    header: 'Date',
    rowHeader: true,
    render: (payment) => <DateTime value={payment.payment_time} />,
  },
  // The card as the payment methods read it ('Visa ending in 4242', not bullets a screen reader reads out).
  { key: 'method', header: 'Payment Method', render: cardText },
  { key: 'status', header: 'Status', render: paymentStatusText },
  { key: 'amount', header: 'Amount', render: (payment) => formatSignedMoney(payment.amount_usd) },
]

/** The sum of the lines' subtotals, in whole cents (each subtotal is already rounded to the cent). */
export function linesSubtotal(lines: readonly Pick<InvoiceLine, 'subtotal_usd'>[]): number {
  return lines.reduce((cents, line) => cents + Math.round(line.subtotal_usd * 100), 0) / 100
}

export function InvoiceSummaryFacts({ invoice }: { invoice: Invoice }) {
  return (
    <dl className="properties" aria-label="Invoice details">
      <div>
        <dt>Invoice ID</dt>
        <dd data-testid="invoice-id">
          <code>{invoice.invoice_id}</code>
        </dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd data-testid="invoice-date">
          <CalendarDay day={invoice.invoice_date} />
        </dd>
      </div>
      <div>
        <dt>Period</dt>
        <dd data-testid="invoice-period">{periodText(invoice)}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd data-testid="invoice-total">{formatSignedMoney(invoice.total_usd)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd data-testid="invoice-status">{invoiceStatusText(invoice.invoice_status)}</dd>
      </div>
    </dl>
  )
}

export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <>
      <Table
        label="Lines"
        columns={LINE_COLUMNS}
        rows={invoice.invoice_line_list}
        rowKey={(line) => line.invoice_line_id}
        rowData={(line) => ({
          'data-metric': line.metric,
          'data-correction': String(line.is_correction),
        })}
        empty="Nothing was billed for this period."
      />
      <dl className="properties" aria-label="Totals">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="invoice-subtotal">
            {formatSignedMoney(linesSubtotal(invoice.invoice_line_list))}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="invoice-lines-total">{formatSignedMoney(invoice.total_usd)}</dd>
        </div>
      </dl>
    </>
  )
}

export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  return (
    <Table
      label="Payments"
      columns={PAYMENT_COLUMNS}
      rows={invoice.payment_list}
      rowKey={(payment) => payment.payment_id}
      rowData={(payment) => ({ 'data-status': payment.payment_status })}
      empty="No payments."
    />
  )
}
