// Wire types of organizations (specification 000 section 3; 001 sections 3 and 7).
import { Type, type Static } from 'typebox'
import { NameText } from './wireValues.ts'
import { NetworkStore } from './networkStore.ts'
import { OrgListItem } from './user.ts'

export const CreateOrgRequest = Type.Object({ org_name: NameText(256) })
export type CreateOrgRequest = Static<typeof CreateOrgRequest>

export const CreateOrgResponse = Type.Object({ org_id: Type.Integer() })
export type CreateOrgResponse = Static<typeof CreateOrgResponse>

/** The org list entry plus what the organization screens need: for an admin, its network stores in the
 * order they are tried, the service's own store last. A member's answer has no store at all: a store's
 * host, bucket, prefix, access key id and last error are the admins' (as the store list is). */
export const OrgDetail = Type.Intersect([
  OrgListItem,
  Type.Object({ s3_bucket_list: Type.Optional(Type.Array(NetworkStore)) }),
])
export type OrgDetail = Static<typeof OrgDetail>

export const OrgDetailResponse = Type.Object({ org: OrgDetail })
export type OrgDetailResponse = Static<typeof OrgDetailResponse>

export const UpdateOrgRequest = Type.Object({
  org_name: Type.Optional(NameText(256)),
  domain_prefix: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
})
export type UpdateOrgRequest = Static<typeof UpdateOrgRequest>

export const SetPlanRequest = Type.Object({
  plan_id: Type.String({ maxLength: 64 }),
  /** Set once the admin has seen which volumes' expiration days the change lowers (the preview's
   * volumes_over); without it such a change answers 409 plan_lowers_expire_days and changes nothing. */
  accept_expire_days: Type.Optional(Type.Boolean()),
})
export type SetPlanRequest = Static<typeof SetPlanRequest>

/** Domain prefix rule (001 section 5): lower-cased; a-z, 0-9, dash, underscore. It is also a host name
 * label, so at most 63 characters and no dash at either end. */
export const DOMAIN_PREFIX_PATTERN = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/

/** Old prefixes an organization holds at once: holding a further one releases the oldest. Without a bound,
 * an organization changing its prefix again and again would keep any number of names from everyone else. */
export const DOMAIN_PREFIX_HOLD_MAX = 3

/** Prefixes that name the product's own hosts; no organization may take them (412). */
export const RESERVED_DOMAIN_PREFIXES = [
  'www',
  'api',
  'admin',
  'app',
  'console',
  'mail',
  'smtp',
  'static',
  'storage',
  'status',
  'support',
  'help',
  'docs',
  'billing',
  'login',
  'signup',
] as const
