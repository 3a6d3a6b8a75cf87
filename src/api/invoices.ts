// Invoices (specification 001, sections 2 and 3; issue 13): the organization's invoices, one with its lines
// and payments, and how its storage was computed (the days billed, byte-days per store, the ledger rows the
// CSV is made of). Read only: the monthly job writes invoices. Admins only; the queries live under the
// organization's key, so leaving the organization forgets them.
import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { Invoice, InvoiceSummary, InvoiceUsageResponse } from '../../server/contract/invoice.ts'
import { call } from './client.ts'

export type {
  Invoice,
  InvoiceLine,
  InvoicePayment,
  InvoiceStoreUsage,
  InvoiceSummary,
  InvoiceUsageDay,
  InvoiceUsageResponse,
  InvoiceUsageRow,
} from '../../server/contract/invoice.ts'

/** Newest first, as the server lists them. */
export async function listInvoices(orgId: number): Promise<InvoiceSummary[]> {
  const answer = await call(endpoints.invoiceList, { params: { org_id: orgId } }, { retry: true })
  return answer.invoice_list
}

export async function getInvoice(orgId: number, invoiceId: string): Promise<Invoice> {
  const answer = await call(
    endpoints.invoiceDetail,
    { params: { org_id: orgId, invoice_id: invoiceId } },
    { retry: true },
  )
  return answer.invoice
}

export function getInvoiceUsage(orgId: number, invoiceId: string): Promise<InvoiceUsageResponse> {
  return call(endpoints.invoiceUsage, { params: { org_id: orgId, invoice_id: invoiceId } }, { retry: true })
}

export const invoiceQueries = {
  list: (orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'invoice'],
      queryFn: () => listInvoices(orgId),
    }),
  detail: (orgId: number, invoiceId: string) =>
    queryOptions({
      queryKey: ['org', orgId, 'invoice', invoiceId],
      queryFn: () => getInvoice(orgId, invoiceId),
    }),
  usage: (orgId: number, invoiceId: string) =>
    queryOptions({
      queryKey: ['org', orgId, 'invoice', invoiceId, 'usage'],
      queryFn: () => getInvoiceUsage(orgId, invoiceId),
    }),
}
