// Invoices (specification 001, section 2: /org/invoice): the organization's invoices, newest first, by
// short id (a link to the invoice), Date, Amount and Status. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { invoiceQueries } from '../../api/invoices.ts'
import { adminOrgId } from '../../app/adminAccess.ts'
import { useSession } from '../../app/session.ts'
import { InvoiceTable } from './-invoice/InvoiceTable.tsx'

export const Route = createFileRoute('/_app/_admin/org/invoice/')({
  staticData: { orgHeading: 'Invoices' },
  loader: async ({ context }) => {
    const { orgId } = context
    await context.queryClient.ensureQueryData(invoiceQueries.list(orgId))
  },
  component: InvoicesPage,
})

function InvoicesPage() {
  const orgId = adminOrgId(useSession())
  const { data: invoices } = useSuspenseQuery(invoiceQueries.list(orgId))
  return (
    <>
      <p className="hint">Each month is invoiced after it ends and charged to the default payment method.</p>
      <div className="panel">
        <InvoiceTable invoices={invoices} />
      </div>
    </>
  )
}
