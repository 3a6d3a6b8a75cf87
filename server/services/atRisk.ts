// Media at risk in a volume (issue 11): what the cloud does not hold yet, and what only devices that have
// gone quiet hold, so an admin sees what would be lost with a machine before offboarding it.
import { AT_RISK_LIST_MAX, type AtRiskResponse } from '../contract/atRisk.ts'
import { AT_RISK_DEFAULT_DAYS } from '../contract/limits.ts'
import type { Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { countAtRisk, listAtRisk } from '../repositories/atRisk.ts'
import type { Membership } from '../repositories/orgs.ts'
import { findVolume } from '../repositories/volumes.ts'

export async function volumeAtRisk(
  db: Queryable,
  admin: Membership,
  volumeId: number,
  staleDaysText: string | undefined,
): Promise<AtRiskResponse> {
  const staleDays = Number(staleDaysText ?? AT_RISK_DEFAULT_DAYS)
  if (!(await findVolume(db, admin.org_id, volumeId))) throw new HttpError(404, 'not_found')
  const [counts, files] = await Promise.all([
    countAtRisk(db, admin.org_id, volumeId, staleDays),
    listAtRisk(db, admin.org_id, volumeId, staleDays, AT_RISK_LIST_MAX),
  ])
  return { stale_days: staleDays, ...counts, file_list: files }
}
