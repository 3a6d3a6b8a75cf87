// Invoices (specification 001, sections 2 and 3; issue 13): the organization's invoices, one with its lines
// and payments, and how its storage was computed (the days billed, byte-days per store, the ledger rows the
// CSV is made of). Read only: the monthly job writes invoices. Admins only; the queries live under the
// organization's key, so leaving the organization forgets them.
import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  Invoice,
  InvoiceLine,
  InvoicePayment,
  InvoiceStoreUsage,
  InvoiceSummary,
  InvoiceUsageDay,
  InvoiceUsageResponse,
  InvoiceUsageRow,
} from '../../server/contract/invoice.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export type {
  Invoice,
  InvoiceLine,
  InvoicePayment,
  InvoiceStoreUsage,
  InvoiceSummary,
  InvoiceUsageDay,
  InvoiceUsageResponse,
  InvoiceUsageRow,
}

/** Newest first, as the server lists them. */
export async function listInvoices(api: Transport, orgId: number): Promise<InvoiceSummary[]> {
  const answer = await callEndpoint(
    api,
    endpoints.invoiceList,
    { params: { org_id: orgId } },
    { retry: true },
  )
  return answer.invoice_list
}

export async function getInvoice(api: Transport, orgId: number, invoiceId: string): Promise<Invoice> {
  const answer = await callEndpoint(
    api,
    endpoints.invoiceDetail,
    { params: { org_id: orgId, invoice_id: invoiceId } },
    { retry: true },
  )
  return answer.invoice
}

export function getInvoiceUsage(
  api: Transport,
  orgId: number,
  invoiceId: string,
): Promise<InvoiceUsageResponse> {
  return callEndpoint(
    api,
    endpoints.invoiceUsage,
    { params: { org_id: orgId, invoice_id: invoiceId } },
    { retry: true },
  )
}

export const invoiceQueries = {
  list: (api: Transport, orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'invoice'],
      queryFn: () => listInvoices(api, orgId),
    }),
  detail: (api: Transport, orgId: number, invoiceId: string) =>
    queryOptions({
      queryKey: ['org', orgId, 'invoice', invoiceId],
      queryFn: () => getInvoice(api, orgId, invoiceId),
    }),
  usage: (api: Transport, orgId: number, invoiceId: string) =>
    queryOptions({
      queryKey: ['org', orgId, 'invoice', invoiceId, 'usage'],
      queryFn: () => getInvoiceUsage(api, orgId, invoiceId),
    }),
}
