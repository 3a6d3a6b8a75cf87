// Every call of the API in one table: its method and path, by name. The console calls them through
// src/api/endpoint.ts, the agent and the tests' clients through their own; the server adds to each entry,
// under the same name, who may make it and the schemas of its query, body and answer
// (server/contract/endpointSchemas.ts), from which it registers its routes (server/routes/define.ts) and the
// generated tenancy matrix and OpenAPI document come. Plain data, so that what the console's bundle carries
// of the API is these methods and paths: the schemas reach the console as types only. Path parameters are
// ids (digits), named in the path; no entry declares them twice.
import type { TSchema } from 'typebox'
import type { endpointSchemas } from './endpointSchemas.ts'
import { SHARE_TOKEN_PATTERN } from './limits.ts'

/**
 * Who may make a call. Each scope's check is one hook (server/access/scopes.ts):
 * - public: anyone;
 * - session: a signed-in user;
 * - member: a member of the path's organization;
 * - admin: an admin of the path's organization;
 * - grant: a member of the path's organization who holds the path's container (media_grant_id),
 *   enabled, on an enabled volume, with the entry's capability when it names one;
 * - device: a registered device (`Authorization: Bearer <device_token>`), enabled, of an enabled app,
 *   whose user is still a member of its organization;
 * - mount: such a device that mounts the path's container, the mount, container and volume enabled; the
 *   entry's capability is then the device's upload or download switch.
 */
export type Scope = 'public' | 'session' | 'member' | 'admin' | 'grant' | 'device' | 'mount'

export type Capability = 'cap_web_upload' | 'cap_web_download'

/** What the server adds to an entry, under the same name (server/contract/endpointSchemas.ts). */
export interface EndpointSchema {
  scope: Scope
  capability?: Capability
  /**
   * The handler checks the scope itself, in the statement that answers (the session check of
   * user/current, which every console start asks for, is one round trip instead of two).
   */
  checkedByHandler?: true
  summary: string
  query?: TSchema
  body?: TSchema
  /** The answer of a success; absent: an empty object. */
  response?: TSchema
}

/** The key under which an entry carries its schemas' types: it exists for the typechecker only. */
declare const schemaTypes: unique symbol

/**
 * An entry as a caller reads it: its method and path, and the types of its schemas (query, body, answer),
 * which type the call's input and answer.
 */
export interface Call {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  readonly [schemaTypes]?: EndpointSchema
}

/** The schemas of an entry, as types. */
export type CallSchemas<E extends Call> = NonNullable<E[typeof schemaTypes]>

/** An entry as the server reads it: the call, who may make it, and its schemas. */
export interface Endpoint extends Call, EndpointSchema {}

const ORG = '/api/1/org/:org_id'
const CONTAINER = '/web/1/org/:org_id/media_grant/:media_grant_id'
const ADMIN_GRANT = '/org_admin/1/org/:org_id/media_grant'
const DEVICE = `${ORG}/device/:device_id`
const DEVICE_GRANT = '/web/1/org/:org_id/device/:device_id/media_grant'
const APP = '/org_admin/1/org/:org_id/app'
const MOUNT = '/device/1/mount/:media_grant_id'
const SHARE_LINK = `${ORG}/share_link`
const SHARE = '/s/1/:share_token'

const calls = {
  // Public
  health: { method: 'GET', path: '/healthz' },
  ready: { method: 'GET', path: '/readyz' },
  openApi: { method: 'GET', path: '/api/1/openapi.json' },
  clientConfig: { method: 'GET', path: '/api/1/config' },
  planList: { method: 'GET', path: '/api/1/plan' },
  emailCode: { method: 'POST', path: '/api/1/user/email_code' },
  emailLogin: { method: 'POST', path: '/api/1/user/email_login' },
  // Signed in
  currentUser: { method: 'GET', path: '/api/1/user/current' },
  updateCurrentUser: { method: 'POST', path: '/api/1/user/current' },
  logout: { method: 'POST', path: '/api/1/user/logout' },
  orgCreate: { method: 'POST', path: '/api/1/org' },
  // Organization
  orgDetail: { method: 'GET', path: ORG },
  orgLeave: { method: 'DELETE', path: `${ORG}/leave` },
  orgUpdate: { method: 'POST', path: ORG },
  orgSetPlan: { method: 'POST', path: `${ORG}/plan` },
  orgPlanPreview: { method: 'GET', path: `${ORG}/plan_preview` },
  // Invoices
  invoiceList: { method: 'GET', path: `${ORG}/invoice` },
  invoiceDetail: { method: 'GET', path: `${ORG}/invoice/:invoice_id` },
  invoiceUsage: { method: 'GET', path: `${ORG}/invoice/:invoice_id/usage` },
  // Payment methods
  paymentMethodList: { method: 'GET', path: `${ORG}/payment_method` },
  paymentMethodAdd: { method: 'POST', path: `${ORG}/payment_method` },
  paymentMethodDefault: { method: 'POST', path: `${ORG}/payment_method/:payment_method_id/default` },
  paymentMethodDelete: { method: 'DELETE', path: `${ORG}/payment_method/:payment_method_id` },
  // Network stores (the organization's own S3-compatible buckets)
  networkStoreList: { method: 'GET', path: `${ORG}/s3_bucket` },
  networkStoreAdd: { method: 'POST', path: `${ORG}/s3_bucket` },
  networkStoreOrder: { method: 'POST', path: `${ORG}/s3_bucket_order` },
  networkStoreDetail: { method: 'GET', path: `${ORG}/s3_bucket/:s3_bucket_id` },
  networkStoreUpdate: { method: 'POST', path: `${ORG}/s3_bucket/:s3_bucket_id` },
  networkStoreStatus: { method: 'POST', path: `${ORG}/s3_bucket/:s3_bucket_id/status` },
  // Volumes
  volumeList: { method: 'GET', path: `${ORG}/volume` },
  volumeCreate: { method: 'POST', path: `${ORG}/volume` },
  volumeUpdate: { method: 'POST', path: `${ORG}/volume/:volume_id` },
  volumeRetentionPreview: { method: 'POST', path: `${ORG}/volume/:volume_id/retention_preview` },
  volumeAtRisk: { method: 'GET', path: `${ORG}/volume/:volume_id/at_risk` },
  volumeUsage: { method: 'GET', path: `${ORG}/volume/:volume_id/usage` },
  volumeAudit: { method: 'GET', path: `${ORG}/audit_event/volume/:volume_id` },
  volumeAuditExport: { method: 'GET', path: `${ORG}/audit_event/volume/:volume_id/csv` },
  mediaAudit: { method: 'GET', path: `${ORG}/audit_event/media/:media_id` },
  adminEventList: { method: 'GET', path: `${ORG}/admin_event` },
  // Containers (grants): the member's list, and the admin's calls
  memberGrantList: { method: 'GET', path: '/web/1/org/:org_id/media_grant' },
  grantList: { method: 'GET', path: ADMIN_GRANT },
  grantCreate: { method: 'POST', path: ADMIN_GRANT },
  grantOverlap: { method: 'POST', path: `${ADMIN_GRANT}_overlap` },
  grantUpdate: { method: 'POST', path: `${ADMIN_GRANT}/:media_grant_id` },
  grantDelete: { method: 'DELETE', path: `${ADMIN_GRANT}/:media_grant_id` },
  grantAddUser: { method: 'POST', path: `${ADMIN_GRANT}/:media_grant_id/add_user` },
  grantRemoveUser: { method: 'POST', path: `${ADMIN_GRANT}/:media_grant_id/remove_user` },
  // Users of the organization
  userList: { method: 'GET', path: `${ORG}/user` },
  userAdd: { method: 'POST', path: `${ORG}/user` },
  userUpdate: { method: 'POST', path: `${ORG}/user/:user_id` },
  userRemove: { method: 'DELETE', path: `${ORG}/user/:user_id` },
  userVolumeAdd: { method: 'POST', path: `${ORG}/user/:user_id/volume/:volume_id` },
  userVolumeRemove: { method: 'DELETE', path: `${ORG}/user/:user_id/volume/:volume_id` },
  // Files of a container
  dirList: { method: 'GET', path: `${CONTAINER}/dir` },
  dirCreate: { method: 'POST', path: `${CONTAINER}/dir` },
  mediaRegister: { method: 'POST', path: `${CONTAINER}/media` },
  mediaDetail: { method: 'GET', path: `${CONTAINER}/media/:media_id` },
  mediaDelete: { method: 'DELETE', path: `${CONTAINER}/media/:media_id` },
  mediaUndelete: { method: 'POST', path: `${CONTAINER}/media/:media_id/undelete` },
  mediaDownloadUrl: { method: 'GET', path: `${CONTAINER}/media/:media_id/download_url` },
  mediaThumbnail: { method: 'GET', path: `${CONTAINER}/media/:media_id/thumbnail` },
  versionDownloadUrl: { method: 'GET', path: `${CONTAINER}/media_version/:media_version_id/download_url` },
  upload: { method: 'POST', path: `${CONTAINER}/upload` },
  s3Object: { method: 'POST', path: `${CONTAINER}/s3_object` },
  multipart: { method: 'POST', path: `${CONTAINER}/multipart` },
  multipartComplete: { method: 'POST', path: `${CONTAINER}/multipart_complete` },
  // Devices and their mounts (the console's calls)
  deviceList: { method: 'GET', path: `${ORG}/device` },
  deviceDetail: { method: 'GET', path: DEVICE },
  deviceUpdate: { method: 'POST', path: DEVICE },
  deviceVolumeMount: { method: 'POST', path: `${DEVICE}/volume/:volume_id` },
  deviceVolumeEnable: { method: 'POST', path: `${DEVICE}/volume/:volume_id/enable` },
  deviceVolumeDisable: { method: 'POST', path: `${DEVICE}/volume/:volume_id/disable` },
  deviceGrantAdd: { method: 'POST', path: DEVICE_GRANT },
  deviceGrantDelete: { method: 'POST', path: `${DEVICE_GRANT}/delete` },
  deviceGrantEnable: { method: 'POST', path: `${DEVICE_GRANT}/enable` },
  deviceGrantDisable: { method: 'POST', path: `${DEVICE_GRANT}/disable` },
  deviceVolumeKey: { method: 'POST', path: `${DEVICE}/media_grant/:media_grant_id/volume_key` },
  // Apps
  appList: { method: 'GET', path: APP },
  appCreate: { method: 'POST', path: APP },
  appDetail: { method: 'GET', path: `${APP}/:app_id` },
  appUpdate: { method: 'POST', path: `${APP}/:app_id` },
  appNewKey: { method: 'POST', path: `${APP}/:app_id/new_key` },
  // The device protocol: a device registers as its user, then calls with its own token
  deviceRegister: { method: 'POST', path: '/device/1/org/:org_id/register' },
  deviceHeartbeat: { method: 'POST', path: '/device/1/heartbeat' },
  deviceMounts: { method: 'GET', path: '/device/1/mount' },
  mountFiles: { method: 'GET', path: `${MOUNT}/file` },
  mountRegister: { method: 'POST', path: `${MOUNT}/media` },
  mountUpload: { method: 'POST', path: `${MOUNT}/upload` },
  mountS3Object: { method: 'POST', path: `${MOUNT}/s3_object` },
  mountMultipart: { method: 'POST', path: `${MOUNT}/multipart` },
  mountMultipartComplete: { method: 'POST', path: `${MOUNT}/multipart_complete` },
  mountDownloadUrl: { method: 'GET', path: `${MOUNT}/media/:media_id/download_url` },
  mountHolding: { method: 'POST', path: `${MOUNT}/holding` },
  // Share links: the organization's calls
  shareLinkCreate: { method: 'POST', path: `${SHARE_LINK}/media_grant/:media_grant_id` },
  shareLinkList: { method: 'GET', path: SHARE_LINK },
  shareLinkRevoke: { method: 'POST', path: `${SHARE_LINK}/:share_link_id/revoke` },
  shareLinkSettings: { method: 'GET', path: `${SHARE_LINK}_settings` },
  shareLinkSettingsUpdate: { method: 'POST', path: `${SHARE_LINK}_settings` },
  // Share links: the visitor's calls, with no session (the token is the key)
  shareOpen: { method: 'GET', path: SHARE },
  sharePassphrase: { method: 'POST', path: `${SHARE}/passphrase` },
  shareDownloadUrl: { method: 'GET', path: `${SHARE}/media/:media_id/download_url` },
  shareThumbnail: { method: 'GET', path: `${SHARE}/media/:media_id/thumbnail` },
} as const satisfies Record<string, Call>

export type EndpointName = keyof typeof calls

/** The table: each call's method and path, typed by the schemas the server holds under its name. */
export const endpoints: {
  [N in EndpointName]: (typeof calls)[N] & { readonly [schemaTypes]?: (typeof endpointSchemas)[N] }
} = calls

/** The names of a path's parameters: '/org/:org_id/volume/:volume_id' gives 'org_id' | 'volume_id'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

/** The parameter names of a path, at run time. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([a-z][a-z0-9_]*)/g)].map((match) => match[1] as string)
}

/** A path parameter is an id, a positive integer of at most 15 digits, unless TEXT_PARAM_PATTERNS names it. */
export const ID_PARAM_PATTERN = '^[1-9][0-9]{0,14}$'

/** The path parameters that are text, not numeric ids, and the pattern each must match. */
export const TEXT_PARAM_PATTERNS = {
  // Invoices are named by UUIDs (server/contract/invoice.ts).
  invoice_id: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  // A share link's token; the logs never hold it.
  share_token: SHARE_TOKEN_PATTERN,
} as const satisfies Record<string, string>
type TextParamName = keyof typeof TEXT_PARAM_PATTERNS

export function isTextParam(name: string): name is TextParamName {
  return Object.hasOwn(TEXT_PARAM_PATTERNS, name)
}

/** The values of a path's parameters: numbers, or strings for the text parameters. */
export type PathParams<Path extends string> = {
  [Name in PathParamNames<Path>]: Name extends TextParamName ? string : number
}
