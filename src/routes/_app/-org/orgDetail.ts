// The rules of the organization's Detail screen (specification 001, sections 2, 5 and 7): the prefix is
// lower-cased as it is typed, shown followed by the product's domain suffix, and only changed fields are
// sent. '_' stays allowed (section 5) but is warned about: it is not valid in a host name label. A prefix
// given up keeps redirecting for DOMAIN_PREFIX_HOLD_DAYS, and the saved message says so.
import type { UpdateOrgRequest } from '../../../../server/contract/org.ts'
import { DOMAIN_PREFIX_HOLD_DAYS } from '../../../../server/contract/limits.ts'
import { changedFields } from '../../../lib/draft.ts'

export const UNDERSCORE_WARNING =
  'Underscores are allowed, but some browsers and certificate authorities refuse host names with them.'

export interface OrgDetailDraft {
  org_name: string
  domain_prefix: string
}

/** The prefix as the user typed it, lower-cased (001 section 5). */
export function typedPrefix(value: string): string {
  return value.toLowerCase()
}

/** The warning hint for a prefix holding '_', else undefined. */
export function prefixWarning(prefix: string): string | undefined {
  return prefix.includes('_') ? UNDERSCORE_WARNING : undefined
}

/** The organization's host, `{prefix}{domain suffix}`, or undefined without a prefix. */
export function orgHost(prefix: string | null, suffix: string): string | undefined {
  const trimmed = prefix?.trim() ?? ''
  return trimmed === '' ? undefined : `${trimmed}${suffix}`
}

/** The saved values as the form edits them (no prefix is an empty field). */
export function orgDraftOf(org: { org_name: string; domain_prefix: string | null }): OrgDetailDraft {
  return { org_name: org.org_name, domain_prefix: org.domain_prefix ?? '' }
}

/**
 * The body of the update: the fields that differ from the saved values once trimmed; an emptied prefix
 * is sent as null (the organization gives its prefix up).
 */
export function orgUpdateBody(saved: OrgDetailDraft, draft: OrgDetailDraft): UpdateOrgRequest {
  const changed = changedFields(saved, {
    org_name: draft.org_name.trim(),
    domain_prefix: draft.domain_prefix.trim(),
  })
  const body: UpdateOrgRequest = {}
  if (changed.org_name !== undefined) body.org_name = changed.org_name
  if (changed.domain_prefix !== undefined)
    body.domain_prefix = changed.domain_prefix === '' ? null : changed.domain_prefix
  return body
}

/** Save is allowed when something changed and the name is not empty (001 sections 4 and 5). */
export function canSaveOrg(saved: OrgDetailDraft, draft: OrgDetailDraft): boolean {
  return draft.org_name.trim() !== '' && Object.keys(orgUpdateBody(saved, draft)).length > 0
}

/**
 * The message once saved. When a prefix was given up, it says where its host now leads and for how long
 * (the server holds it for the organization meanwhile).
 */
export function savedStatus(saved: OrgDetailDraft, body: UpdateOrgRequest, suffix: string): string {
  const oldHost = orgHost(saved.domain_prefix, suffix)
  if (body.domain_prefix === undefined || oldHost === undefined) return 'Organization saved.'
  const target = orgHost(body.domain_prefix, suffix) ?? 'the main site'
  return `Organization saved. ${oldHost} redirects to ${target} for ${DOMAIN_PREFIX_HOLD_DAYS} days.`
}
