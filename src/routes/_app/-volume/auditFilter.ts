// The volume audit's filters as the address keeps them (?user=7&path=cuts&from=2026-03-01&to=2026-03-31):
// a user, a piece of path, and a range of the admin's own calendar days; and the same as the server reads
// them (instants: the first day's local midnight, and the midnight after the last day, exclusive). Pure.
import type { VolumeAuditFilter } from '../../../api/audit.ts'

export interface AuditSearch {
  user?: number
  path?: string
  /** yyyy-MM-dd, local days. */
  from?: string
  to?: string
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const match = DAY.exec(value)
  if (!match) return undefined
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(year, month - 1, day)
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? value
    : undefined
}

/** Every key returned, undefined when absent or malformed (the router keeps raw values of keys left out). */
export function auditSearchOf(search: Record<string, unknown>): AuditSearch {
  const user = Number(search.user)
  const path = typeof search.path === 'string' ? search.path.trim() : ''
  return {
    user: Number.isSafeInteger(user) && user > 0 ? user : undefined,
    path: path === '' ? undefined : path.slice(0, 1024),
    from: dayOf(search.from),
    to: dayOf(search.to),
  }
}

/** The instant a local day starts, `days` days after the one given. */
function localMidnight(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date + days).toISOString()
}

export function auditFilterOf(search: AuditSearch): VolumeAuditFilter {
  return {
    ...(search.user === undefined ? {} : { userId: search.user }),
    ...(search.path === undefined ? {} : { path: search.path }),
    ...(search.from === undefined ? {} : { from: localMidnight(search.from) }),
    ...(search.to === undefined ? {} : { to: localMidnight(search.to, 1) }),
  }
}

export function isFiltered(search: AuditSearch): boolean {
  return Object.values(search).some((value) => value !== undefined)
}
