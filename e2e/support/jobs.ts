// Invoices for end-to-end tests. An invoice only comes from the daily invoice job closing a month (docs/
// billing.md), and a test cannot wait for a month to end: the jobs are run once, with a clock past this
// month's grace period, by the operator's own command (`npm run jobs -- --now`), as the server would have run
// them day by day. The embedded database's DATA_DIR is held by the server that opened it, so this needs a
// server of the spec's own (support/server.ts), stopped for the run and started again after: the suite's
// shared server must never go away, nor see its clock jump for every other spec's organizations.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { INVOICE_GRACE_DAYS, monthEnd } from '../../server/services/invoiceLines.ts'
import { addDays, daysBetween } from '../../server/services/usage.ts'
import type { ProductServer } from './server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** `npm run jobs` on a stopped server's DATA_DIR with the clock given. */
export function runJobs(dataDir: string, now: string, days: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'jobs', '--', '--now', now, '--days', String(days)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run jobs exited ${code}:\n${output.slice(-3000)}`)),
    )
  })
}

export interface ClosedMonth {
  /** The first day billed (today, UTC): an organization made today has this day as its first. */
  today: string
  /** The day the invoice job issued the month's invoices, and its invoices' date. */
  invoiceDay: string
  /** The days from today to the month's end, each billed. */
  daysBilled: number
}

/**
 * Closes this month on the server: stops it, runs every day's jobs from today to the invoice day (metering,
 * then the invoice and its charge), and starts it again. Each organization with a plan then has an invoice
 * for the rest of this month, charged to its cards.
 */
export async function closeThisMonth(server: ProductServer): Promise<ClosedMonth> {
  const today = new Date().toISOString().slice(0, 10)
  const invoiceDay = addDays(monthEnd(today), INVOICE_GRACE_DAYS)
  const daysBilled = daysBetween(today, monthEnd(today)).length
  const daysRun = daysBetween(today, invoiceDay).length
  await server.stop()
  await runJobs(server.dataDir, `${addDays(invoiceDay, 1)}T00:00:00Z`, daysRun)
  await server.start()
  return { today, invoiceDay, daysBilled }
}
