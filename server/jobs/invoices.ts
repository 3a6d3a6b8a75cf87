// The daily invoice job (issue 13): issues the invoices of the month whose grace period ended with the
// day, then charges the unpaid invoices due a round (services/invoices.ts). It runs after the day's usage
// metering, so the month's last days are in the ledger; a re-run issues and charges nothing twice.
import { chargeDueInvoices, issueInvoices } from '../services/invoices.ts'
import type { DailyJob } from './daily.ts'

export const invoiceJob: DailyJob = {
  name: 'invoices',
  async run(ctx, day) {
    const issued = await issueInvoices(ctx.db, day)
    await chargeDueInvoices(ctx, day)
    if (issued > 0) ctx.log.info({ day, issued }, 'invoices issued')
  },
}
