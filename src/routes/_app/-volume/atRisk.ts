// How a volume's media at risk reads (issue 11): the days a device counts as recent (kept in the address),
// the counts, each file's devices and risk, and where a file opens for an admin who holds a container over
// it. Pure, so the words are tested without rendering.
import type { AtRiskResponse } from '../../../../server/contract/atRisk.ts'
import { AT_RISK_DEFAULT_DAYS, EXPIRE_DAYS_MAX } from '../../../../server/contract/limits.ts'
import type { AtRiskDevice, AtRiskFile } from '../../../api/atRisk.ts'
import type { MediaGrant } from '../../../api/mediaGrants.ts'
import { areaHref, grantRoot, relativeMediaPath } from '../../../lib/filePaths.ts'
import { formatSimpleTime } from '../../../lib/format.ts'

export { AT_RISK_DEFAULT_DAYS }

/** The table's empty state. */
export const NO_FILES_AT_RISK = 'No files at risk.'

/** The choices of the days control; a valid number of days from the address joins them. */
export const STALE_DAY_CHOICES: readonly number[] = [1, 7, 30, 90, 365]

/** The days of the address (?days=30, 1 to 365); anything else is the default, left out of the address. */
export function parseStaleDays(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  if (!/^[1-9][0-9]{0,2}$/.test(text)) return undefined
  const days = Number(text)
  return days <= EXPIRE_DAYS_MAX ? days : undefined
}

export function daysText(days: number): string {
  return days === 1 ? '1 day' : `${days.toLocaleString('en-US')} days`
}

/** The options of the days control: the usual choices and the one shown, in order. */
export function staleDayOptions(current: number): Array<{ value: string; label: string }> {
  const days = STALE_DAY_CHOICES.includes(current) ? STALE_DAY_CHOICES : [...STALE_DAY_CHOICES, current]
  return [...days].sort((a, b) => a - b).map((each) => ({ value: String(each), label: daysText(each) }))
}

export function explanationText(staleDays: number): string {
  return (
    "Files whose content is not in the cloud yet ('Not Uploaded'): only the devices that hold them have a copy. " +
    `Those that no device seen in the last ${daysText(staleDays)} holds would be lost with the machines that hold them.`
  )
}

const count = (n: number) => n.toLocaleString('en-US')

/** '3 files not uploaded; 1 held by no device seen in the last 7 days' */
export function countsText(
  answer: Pick<AtRiskResponse, 'not_uploaded_count' | 'stale_count' | 'stale_days'>,
) {
  const files = answer.not_uploaded_count === 1 ? 'file' : 'files'
  return (
    `${count(answer.not_uploaded_count)} ${files} not uploaded; ${count(answer.stale_count)} held by no ` +
    `device seen in the last ${daysText(answer.stale_days)}`
  )
}

/** Said when the list holds fewer files than the counts (the server lists the first ones only). */
export function showingText(
  answer: Pick<AtRiskResponse, 'not_uploaded_count' | 'file_list'>,
): string | undefined {
  const shown = answer.file_list.length
  if (answer.not_uploaded_count <= shown) return undefined
  return `Showing the first ${count(shown)} of ${count(answer.not_uploaded_count)} files.`
}

export type RiskText = 'No device' | 'Only on quiet devices' | 'On a recent device'

export function riskText(file: Pick<AtRiskFile, 'is_stale' | 'device_list'>): RiskText {
  if (!file.is_stale) return 'On a recent device'
  return file.device_list.length === 0 ? 'No device' : 'Only on quiet devices'
}

/** The file's path in its volume: '/a/clip.mov' of '/media/a/clip.mov'. */
export function volumeFilePath(mediaPath: string): string {
  return relativeMediaPath(mediaPath, '/')
}

/**
 * Where the file opens in the file browser: through a container of this volume the admin holds, enabled,
 * whose folder covers the file (the deepest such one); undefined when none does.
 */
export function fileHref(
  mediaPath: string,
  volumeId: number,
  grants: ReadonlyArray<Pick<MediaGrant, 'grant_name' | 'volume_id' | 'prefix_path' | 'is_disabled'>>,
): string | undefined {
  const path = mediaPath.toLowerCase()
  const covering = grants
    .filter((grant) => grant.volume_id === volumeId && !grant.is_disabled)
    .map((grant) => ({ grant, root: grantRoot(grant.prefix_path) }))
    .filter(({ root }) => path.startsWith(root.toLowerCase()) && path.length > root.length)
    .sort((a, b) => b.root.length - a.root.length)[0]
  if (!covering) return undefined
  return areaHref('home', covering.grant.grant_name, relativeMediaPath(mediaPath, covering.grant.prefix_path))
}

/** 'last seen 2:03 PM' (the tables' short time), or 'never seen'. */
export function seenText(lastSeen: AtRiskDevice['last_seen'], now: Date = new Date()): string {
  const when = formatSimpleTime(lastSeen, now)
  return when ? `last seen ${when}` : 'never seen'
}
