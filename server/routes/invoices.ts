// An organization's invoices: the list, one invoice, and how its storage was computed.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { invoiceDetail, invoiceList, invoiceUsage } from '../services/invoices.ts'
import { route } from './define.ts'

export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.invoiceList, async ({ access: admin }) => invoiceList(app.db, admin))

  route(app, endpoints.invoiceDetail, async ({ access: admin, params }) => ({
    invoice: await invoiceDetail(app.db, admin, params.invoice_id),
  }))

  route(app, endpoints.invoiceUsage, async ({ access: admin, params }) =>
    invoiceUsage(app.db, admin, params.invoice_id),
  )
}
