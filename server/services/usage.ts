// Usage metering (issue 12). meterUsage writes, for one UTC day that has ended, every volume's sizes and
// file counts and the bytes it keeps in each store, and each organization's plan and members for billing;
// volumeUsage answers them for the metrics screen.
//
// What a day's row measures: the versions created before the day ended, with deletions and purges as they
// stand when the job runs. The job runs just after the day ends, so that is the state at the end of the
// day. A day metered again later leaves out versions created since, but a file deleted (or a version
// purged) since then reads as deleted for that day too: a deletion keeps no history to go back to.
// byte_days for a day is likewise the bytes held in each store at the end of the day, times one day.
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { Membership } from '../repositories/orgs.ts'
import {
  findOrgStorage,
  listOrgUsage,
  listStoreUsage,
  listVolumeUsage,
  lockMetering,
  upsertOrgUsage,
  upsertStoreUsage,
  upsertVolumeUsage,
} from '../repositories/usage.ts'
import { findVolume } from '../repositories/volumes.ts'
import {
  DEFAULT_STORE_NAME,
  type StoreUsageDay,
  type VolumeUsageDay,
  type VolumeUsageResponse,
} from '../contract/usage.ts'
import { DEFAULT_USAGE_RANGE, USAGE_RANGE_DAYS, type UsageRange } from '../contract/limits.ts'

const DAY_MS = 86_400_000
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** The UTC day 'YYYY-MM-DD' that is `offset` days from `day`. */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)
}

/** The last UTC day that has ended at `now`. */
export function lastEndedDay(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -1)
}

/** Meters every volume for one UTC day ('YYYY-MM-DD'); running it again gives the same rows. */
export async function meterUsage(db: Database, day: string): Promise<void> {
  if (!DAY_PATTERN.test(day) || addDays(day, 0) !== day) throw new Error(`not a day: ${day}`)
  const dayEnd = `${addDays(day, 1)}T00:00:00Z`
  await db.transaction(async (tx) => {
    // Two processes metering at once take turns; each writes the same rows.
    await lockMetering(tx)
    await upsertVolumeUsage(tx, day, dayEnd)
    await upsertStoreUsage(tx, day, dayEnd)
    await upsertOrgUsage(tx, day, dayEnd)
  })
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day)
  return days
}

export async function volumeUsage(
  db: Queryable,
  admin: Membership,
  volumeId: number,
  range: UsageRange | undefined,
  now: Date = new Date(),
): Promise<VolumeUsageResponse> {
  if (!(await findVolume(db, admin.org_id, volumeId))) throw new HttpError(404, 'not_found')
  const chosen = range ?? DEFAULT_USAGE_RANGE
  const toDate = lastEndedDay(now)
  const fromDate = addDays(toDate, 1 - USAGE_RANGE_DAYS[chosen])
  const [volumeRows, storeRows, orgRows, storage] = await Promise.all([
    listVolumeUsage(db, admin.org_id, volumeId, fromDate, toDate),
    listStoreUsage(db, admin.org_id, volumeId, fromDate, toDate),
    listOrgUsage(db, admin.org_id, fromDate, toDate),
    findOrgStorage(db, admin.org_id),
  ])
  const days = daysBetween(fromDate, toDate)

  const byDay = new Map(volumeRows.map((row) => [row.usage_date, row]))
  const usageList: VolumeUsageDay[] = days.map((day) => {
    const row = byDay.get(day)
    return {
      usage_date: day,
      live_bytes: row?.live_bytes ?? 0,
      total_bytes: row?.total_bytes ?? 0,
      live_count: row?.live_count ?? 0,
      total_count: row?.total_count ?? 0,
    }
  })

  // Each store that appears in the range gets every day of it; a day without a row holds nothing there.
  const stores = new Map<number, { name: string; days: Map<string, number> }>()
  for (const row of storeRows) {
    let store = stores.get(row.s3_bucket_id)
    if (!store) {
      const name =
        row.s3_bucket_id === 0 ? DEFAULT_STORE_NAME : (row.s3_bucket ?? `Store ${row.s3_bucket_id}`)
      store = { name, days: new Map() }
      stores.set(row.s3_bucket_id, store)
    }
    store.days.set(row.usage_date, row.byte_days)
  }
  const s3List: StoreUsageDay[] = [...stores.entries()].flatMap(([id, store]) =>
    days.map((day) => ({
      s3_bucket_id: id,
      s3_bucket_name: store.name,
      usage_date: day,
      byte_days: store.days.get(day) ?? 0,
    })),
  )

  const orgByDay = new Map(orgRows.map((row) => [row.usage_date, row.total_bytes]))
  const computed = [...volumeRows, ...storeRows].map((row) => row.computed_at).sort()
  return {
    range: chosen,
    from_date: fromDate,
    to_date: toDate,
    usage_list: usageList,
    s3_list: s3List,
    as_of: computed.at(-1) ?? null,
    max_storage_bytes: storage.max_storage_bytes,
    org_total_bytes: storage.org_total_bytes,
    org_usage_list: days.map((day) => ({ usage_date: day, total_bytes: orgByDay.get(day) ?? 0 })),
  }
}
