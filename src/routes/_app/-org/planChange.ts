// The rules of the Plan tab (specification 001, sections 2, 3 and 9): the current plan and a change list
// without it, monthly plans only (the Enterprise card among them); a plan that is not self-signup is not
// chosen here but arranged with sales. Before a change is confirmed, its preview from the server says in
// words what it does: members, devices and storage over the new limits stay, volumes' expiration days over
// the new maximums are lowered (retention then purges sooner), and what the price does.
import type { Plan, PlanChangePreview } from '../../../api/plans.ts'
import type { SetPlanRequest } from '../../../../server/contract/org.ts'
import { formatBytes, formatMoney } from '../../../lib/format.ts'

/** The plans an organization on `currentPlanId` may change to: monthly ones, the current one left out. */
export function changeChoices(plans: readonly Plan[], currentPlanId: string | null): Plan[] {
  return plans.filter((plan) => plan.plan_frequency === 'MONTH' && plan.plan_id !== currentPlanId)
}

export function contactSalesText(salesEmail: string): string {
  return `To change to or from this plan, please contact your sales representative at ${salesEmail}.`
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** "3 members, the plan allows 2: they stay, but none can be added"; undefined when within the limit. */
function overCountLine(count: number, limit: number | null, one: string, many: string): string | undefined {
  if (limit === null || count <= limit) return undefined
  return `${plural(count, one, many)}, the plan allows ${limit}: they stay, but none can be added.`
}

function daysChange(what: string, from: number | null, to: number | null): string | undefined {
  if (from === null || to === null || from === to) return undefined
  return `${what} ${plural(from, 'day', 'days')} → ${plural(to, 'day', 'days')}`
}

export interface PreviewLine {
  key: string
  text: string
}

/** What the change does, a line each, in the order the preview screen lists them. */
export function previewLines(preview: PlanChangePreview): PreviewLine[] {
  const lines: PreviewLine[] = []
  const members = overCountLine(preview.user_count, preview.max_user_count, 'member', 'members')
  if (members) lines.push({ key: 'members', text: members })
  const devices = overCountLine(preview.device_count, preview.max_device_count, 'device', 'devices')
  if (devices) lines.push({ key: 'devices', text: devices })
  if (preview.max_storage_bytes !== null && preview.storage_bytes > preview.max_storage_bytes) {
    lines.push({
      key: 'storage',
      text:
        `${formatBytes(preview.storage_bytes)} stored, the plan allows ${formatBytes(preview.max_storage_bytes)}: ` +
        'nothing is removed.',
    })
  }
  for (const volume of preview.volumes_over) {
    const changes = [
      daysChange('live files expire after', volume.live_expire_days, volume.new_live_expire_days),
      daysChange('deleted files kept', volume.dead_expire_days, volume.new_dead_expire_days),
    ].filter((change) => change !== undefined)
    lines.push({
      key: `volume-${volume.volume_id}`,
      text:
        `Volume ${volume.volume_name}: ${changes.join(', ')}. Deleted files and older versions beyond ` +
        'the new days will be purged by retention.',
    })
  }
  lines.push({ key: 'price', text: priceText(preview.price_difference_usd) })
  return lines
}

/** The monthly price difference in words, formatted by formatMoney. */
export function priceText(difference: number | null): string {
  if (difference === null) return 'The price is agreed with sales.'
  if (difference === 0) return 'The price stays the same.'
  const amount = formatMoney(Math.abs(difference))
  return difference > 0
    ? `The price goes up by ${amount} per month.`
    : `The price goes down by ${amount} per month.`
}

/** The change as it is sent: expiration days are accepted only when the admin was shown some lowered. */
export function planChangeRequest(preview: PlanChangePreview): SetPlanRequest {
  return preview.volumes_over.length > 0
    ? { plan_id: preview.plan_id, accept_expire_days: true }
    : { plan_id: preview.plan_id }
}

export function confirmText(plan: Plan, preview: PlanChangePreview): string {
  const lowered = preview.volumes_over.length
  return lowered > 0
    ? `Change the plan to ${plan.plan_name} and lower the expiration days of ${plural(lowered, 'volume', 'volumes')}?`
    : `Change the plan to ${plan.plan_name}?`
}
