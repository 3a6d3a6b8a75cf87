// An invoice (specification 001, section 2: /org/invoice/{invoice_id}): id, date, period, total and status,
// its lines and payments, and how its storage was computed. An invoice the organization does not have is
// 'Page not found'. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { invoiceQueries } from '../../api/invoices.ts'
import { adminOrgId, foundOrNotFound } from '../../app/adminAccess.ts'
import { useSession } from '../../app/session.ts'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { InvoiceLines, InvoicePayments, InvoiceSummaryFacts } from './-invoice/InvoiceDetail.tsx'
import { shortInvoiceId } from './-invoice/invoiceText.ts'
import { StorageUsage } from './-invoice/StorageUsage.tsx'

/** 404: no such invoice in the organization; 400: no invoice id at all (e.g. not a UUID). */
const NOT_AN_INVOICE = [400, 404]

export const Route = createFileRoute('/_app/_admin/org/invoice/$invoiceId')({
  staticData: { orgHeading: InvoiceHeading },
  loader: async ({ context, params }) => {
    const { orgId } = context
    await foundOrNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(invoiceQueries.detail(orgId, params.invoiceId)),
        context.queryClient.ensureQueryData(invoiceQueries.usage(orgId, params.invoiceId)),
      ]),
      NOT_AN_INVOICE,
    )
  },
  component: InvoicePage,
})

/** 'Invoice 1a2b3c4d', above the organization's tabs: from the invoice the loader read. */
function InvoiceHeading() {
  const { invoiceId } = Route.useParams()
  const { data: invoice } = useSuspenseQuery(invoiceQueries.detail(adminOrgId(useSession()), invoiceId))
  return <h1>Invoice {shortInvoiceId(invoice.invoice_id)}</h1>
}

function InvoicePage() {
  const orgId = adminOrgId(useSession())
  const { invoiceId } = Route.useParams()
  const { data: invoice } = useSuspenseQuery(invoiceQueries.detail(orgId, invoiceId))
  const { data: usage } = useSuspenseQuery(invoiceQueries.usage(orgId, invoiceId))
  return (
    <>
      <p>
        <RouteLink to="/org/invoice">All invoices</RouteLink>
      </p>
      <section className="panel" aria-labelledby="invoice-details-heading">
        <h2 id="invoice-details-heading">Details</h2>
        <InvoiceSummaryFacts invoice={invoice} />
      </section>
      <section className="panel" aria-labelledby="invoice-lines-heading">
        <h2 id="invoice-lines-heading">Lines</h2>
        <InvoiceLines invoice={invoice} />
      </section>
      <section className="panel" aria-labelledby="invoice-payments-heading">
        <h2 id="invoice-payments-heading">Payments</h2>
        <InvoicePayments invoice={invoice} />
      </section>
      <StorageUsage invoiceId={invoice.invoice_id} usage={usage} />
    </>
  )
}
