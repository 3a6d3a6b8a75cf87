// Every call of the API in one table: its method, path, who may make it (scope), and the schemas of its
// query, body and answer. The server registers its routes from these entries (server/routes/define.ts),
// the console calls them through src/api/endpoint.ts, the tests' clients and the generated tenancy matrix
// read them, and the OpenAPI document is generated from them. Path parameters are ids (digits), named
// in the path; no entry declares them twice.
import type { TSchema } from 'typebox'
import {
  AppListResponse,
  AppResponse,
  CreateAppRequest,
  CreateAppResponse,
  NewKeyResponse,
  UpdateAppRequest,
} from './app.ts'
import { AtRiskQuery, AtRiskResponse } from './atRisk.ts'
import { RetentionPreviewRequest, RetentionPreviewResponse } from './retention.ts'
import { AdminEventListResponse, AdminEventQuery, AuditPageQuery, VolumeAuditResponse } from './audit.ts'
import { ClientConfig } from './clientConfig.ts'
import {
  DeviceDownloadQuery,
  DeviceGrantRequest,
  DeviceListQuery,
  DeviceListResponse,
  DeviceMountListResponse,
  DeviceResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  HoldingRequest,
  HoldingResponse,
  MountFileQuery,
  MountFileResponse,
  RegisterDeviceRequest,
  RegisterDeviceResponse,
  UpdateDeviceRequest,
  VolumeKeyResponse,
} from './device.ts'
import {
  CreateGrantRequest,
  CreateGrantResponse,
  GrantOverlapRequest,
  GrantOverlapResponse,
  GrantUserRequest,
  UpdateGrantRequest,
} from './grant.ts'
import {
  AuditListResponse,
  CreateDirRequest,
  DirListQuery,
  DirListResponse,
  DownloadUrlQuery,
  DownloadUrlResponse,
  MediaDetailResponse,
  MultipartCompleteRequest,
  MultipartRequest,
  MultipartResponse,
  RegisterMediaRequest,
  RegisterMediaResponse,
  S3ObjectRequest,
  UploadRequest,
  UploadResponse,
} from './media.ts'
import {
  CreateOrgRequest,
  CreateOrgResponse,
  OrgDetailResponse,
  SetPlanRequest,
  UpdateOrgRequest,
} from './org.ts'
import {
  CreateNetworkStoreRequest,
  CreateNetworkStoreResponse,
  NetworkStoreListResponse,
  NetworkStoreOrderRequest,
  NetworkStoreResponse,
  NetworkStoreStatusRequest,
  UpdateNetworkStoreRequest,
} from './networkStore.ts'
import { AddUserRequest, AddUserResponse, UpdateOrgUserRequest, UserListResponse } from './orgUser.ts'
import {
  AddPaymentMethodRequest,
  AddPaymentMethodResponse,
  PaymentMethodListResponse,
} from './paymentMethod.ts'
import { InvoiceListResponse, InvoiceResponse, InvoiceUsageResponse } from './invoice.ts'
import { PlanChangePreviewResponse, PlanListResponse, PlanPreviewQuery } from './plan.ts'
import {
  CurrentUserResponse,
  EmailCodeRequest,
  EmailLoginRequest,
  EmailLoginResponse,
  UpdateUserRequest,
} from './user.ts'
import { UsageQuery, VolumeUsageResponse } from './usage.ts'
import {
  CreateVolumeRequest,
  CreateVolumeResponse,
  MediaGrantListResponse,
  UpdateVolumeRequest,
  VolumeListResponse,
} from './volume.ts'

/**
 * Who may make a call. Each scope's check is one hook (server/http/scopes.ts):
 * - public: anyone;
 * - session: a signed-in user;
 * - member: a member of the path's organization;
 * - admin: an admin of the path's organization;
 * - container: a member of the path's organization who holds the path's container (media_grant_id),
 *   enabled, on an enabled volume, with the entry's capability when it names one;
 * - device: a registered device (`Authorization: Bearer <device_token>`), enabled, of an enabled app,
 *   whose user is still a member of its organization;
 * - mount: such a device that mounts the path's container, the mount, container and volume enabled; the
 *   entry's capability is then the device's upload or download switch.
 */
export type Scope = 'public' | 'session' | 'member' | 'admin' | 'container' | 'device' | 'mount'

export type Capability = 'cap_web_upload' | 'cap_web_download'

export interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
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

const ORG = '/api/1/org/:org_id'
const CONTAINER = '/web/1/org/:org_id/media_grant/:media_grant_id'
const ADMIN_GRANT = '/org_admin/1/org/:org_id/media_grant'
const DEVICE = `${ORG}/device/:device_id`
const DEVICE_GRANT = '/web/1/org/:org_id/device/:device_id/media_grant'
const APP = '/org_admin/1/org/:org_id/app'
const MOUNT = '/device/1/mount/:media_grant_id'

export const endpoints = {
  // Public
  health: {
    method: 'GET',
    path: '/healthz',
    scope: 'public',
    summary: 'Whether the server and its database answer',
  },
  openApi: { method: 'GET', path: '/api/1/openapi.json', scope: 'public', summary: 'This API as OpenAPI 3' },
  clientConfig: {
    method: 'GET',
    path: '/api/1/config',
    scope: 'public',
    summary: "The site's settings the console needs",
    response: ClientConfig,
  },
  planList: {
    method: 'GET',
    path: '/api/1/plan',
    scope: 'public',
    summary: 'Plans and their limits',
    response: PlanListResponse,
  },
  emailCode: {
    method: 'POST',
    path: '/api/1/user/email_code',
    scope: 'public',
    summary: 'Mail a sign-in code (sets the login_attempt cookie)',
    body: EmailCodeRequest,
  },
  emailLogin: {
    method: 'POST',
    path: '/api/1/user/email_login',
    scope: 'public',
    summary: 'Trade a sign-in code for a session key',
    body: EmailLoginRequest,
    response: EmailLoginResponse,
  },

  // Signed in
  currentUser: {
    method: 'GET',
    path: '/api/1/user/current',
    scope: 'session',
    checkedByHandler: true,
    summary: 'The signed-in user and their organizations',
    response: CurrentUserResponse,
  },
  updateCurrentUser: {
    method: 'POST',
    path: '/api/1/user/current',
    scope: 'session',
    summary: "Set the signed-in user's user name",
    body: UpdateUserRequest,
  },
  logout: { method: 'POST', path: '/api/1/user/logout', scope: 'session', summary: 'End this session' },
  orgCreate: {
    method: 'POST',
    path: '/api/1/org',
    scope: 'session',
    summary: 'Create an organization, its creator its admin',
    body: CreateOrgRequest,
    response: CreateOrgResponse,
  },

  // Organization
  orgDetail: {
    method: 'GET',
    path: ORG,
    scope: 'member',
    summary: 'The organization, its plan and (for admins) its network stores',
    response: OrgDetailResponse,
  },
  orgLeave: { method: 'DELETE', path: `${ORG}/leave`, scope: 'member', summary: 'Leave the organization' },
  orgUpdate: {
    method: 'POST',
    path: ORG,
    scope: 'admin',
    summary: "Change the organization's name or domain prefix",
    body: UpdateOrgRequest,
  },
  orgSetPlan: {
    method: 'POST',
    path: `${ORG}/plan`,
    scope: 'admin',
    summary: "Set the organization's plan",
    body: SetPlanRequest,
  },

  orgPlanPreview: {
    method: 'GET',
    path: `${ORG}/plan_preview`,
    scope: 'admin',
    summary:
      'What changing to a plan would do: members, devices and volumes over its limits, the price difference',
    query: PlanPreviewQuery,
    response: PlanChangePreviewResponse,
  },

  // Invoices
  invoiceList: {
    method: 'GET',
    path: `${ORG}/invoice`,
    scope: 'admin',
    summary: "The organization's invoices, newest first",
    response: InvoiceListResponse,
  },
  invoiceDetail: {
    method: 'GET',
    path: `${ORG}/invoice/:invoice_id`,
    scope: 'admin',
    summary: 'An invoice with its lines and payments',
    response: InvoiceResponse,
  },
  invoiceUsage: {
    method: 'GET',
    path: `${ORG}/invoice/:invoice_id/usage`,
    scope: 'admin',
    summary: "How an invoice's storage was computed: the days billed, byte-days per store, the ledger rows",
    response: InvoiceUsageResponse,
  },

  // Payment methods
  paymentMethodList: {
    method: 'GET',
    path: `${ORG}/payment_method`,
    scope: 'admin',
    summary: 'Cards on file',
    response: PaymentMethodListResponse,
  },
  paymentMethodAdd: {
    method: 'POST',
    path: `${ORG}/payment_method`,
    scope: 'admin',
    summary: 'Add a card tokenized by the payment provider',
    body: AddPaymentMethodRequest,
    response: AddPaymentMethodResponse,
  },
  paymentMethodDefault: {
    method: 'POST',
    path: `${ORG}/payment_method/:payment_method_id/default`,
    scope: 'admin',
    summary: 'Make a card the default',
  },
  paymentMethodDelete: {
    method: 'DELETE',
    path: `${ORG}/payment_method/:payment_method_id`,
    scope: 'admin',
    summary: 'Remove a backup card',
  },

  // Network stores (the organization's own S3-compatible buckets)
  s3BucketList: {
    method: 'GET',
    path: `${ORG}/s3_bucket`,
    scope: 'admin',
    summary: "The organization's network stores in the order uploads try them, the service's own store last",
    response: NetworkStoreListResponse,
  },
  s3BucketAdd: {
    method: 'POST',
    path: `${ORG}/s3_bucket`,
    scope: 'admin',
    summary: 'Add a network store after a write, read and delete with its credentials (tried last)',
    body: CreateNetworkStoreRequest,
    response: CreateNetworkStoreResponse,
  },
  s3BucketOrder: {
    method: 'POST',
    path: `${ORG}/s3_bucket_order`,
    scope: 'admin',
    summary: 'Set the priorities of network stores (1 is tried first)',
    body: NetworkStoreOrderRequest,
  },
  s3BucketDetail: {
    method: 'GET',
    path: `${ORG}/s3_bucket/:s3_bucket_id`,
    scope: 'admin',
    summary: 'A network store with its health (its secret never answered)',
    response: NetworkStoreResponse,
  },
  s3BucketUpdate: {
    method: 'POST',
    path: `${ORG}/s3_bucket/:s3_bucket_id`,
    scope: 'admin',
    summary: 'Change a network store (checked again with a write, read and delete); a blank secret keeps it',
    body: UpdateNetworkStoreRequest,
  },
  s3BucketStatus: {
    method: 'POST',
    path: `${ORG}/s3_bucket/:s3_bucket_id/status`,
    scope: 'admin',
    summary: 'Enable (after a probe) or disable a network store; a disabled store keeps serving its objects',
    body: NetworkStoreStatusRequest,
  },

  // Volumes
  volumeList: {
    method: 'GET',
    path: `${ORG}/volume`,
    scope: 'admin',
    summary: 'Volumes of the organization',
    response: VolumeListResponse,
  },
  volumeCreate: {
    method: 'POST',
    path: `${ORG}/volume`,
    scope: 'admin',
    summary: 'Create a volume with a root container held by its creator',
    body: CreateVolumeRequest,
    response: CreateVolumeResponse,
  },
  volumeUpdate: {
    method: 'POST',
    path: `${ORG}/volume/:volume_id`,
    scope: 'admin',
    summary: "Change a volume's settings (changed fields only)",
    body: UpdateVolumeRequest,
  },
  volumeRetentionPreview: {
    method: 'POST',
    path: `${ORG}/volume/:volume_id/retention_preview`,
    scope: 'admin',
    summary: 'What retention settings would purge over the next 30 days (nothing is changed)',
    body: RetentionPreviewRequest,
    response: RetentionPreviewResponse,
  },
  volumeAtRisk: {
    method: 'GET',
    path: `${ORG}/volume/:volume_id/at_risk`,
    scope: 'admin',
    summary: "A volume's files not in the cloud yet, and those only devices not seen lately hold",
    query: AtRiskQuery,
    response: AtRiskResponse,
  },
  volumeUsage: {
    method: 'GET',
    path: `${ORG}/volume/:volume_id/usage`,
    scope: 'admin',
    summary: "A volume's usage by UTC day (size, file count, bytes per store), as the daily job measured it",
    query: UsageQuery,
    response: VolumeUsageResponse,
  },
  volumeAudit: {
    method: 'GET',
    path: `${ORG}/audit_event/volume/:volume_id`,
    scope: 'admin',
    summary: "A volume's file events, newest first, a page at a time",
    query: AuditPageQuery,
    response: VolumeAuditResponse,
  },
  mediaAudit: {
    method: 'GET',
    path: `${ORG}/audit_event/media/:media_id`,
    scope: 'admin',
    summary: "A file's events, newest first",
    response: AuditListResponse,
  },
  adminEventList: {
    method: 'GET',
    path: `${ORG}/admin_event`,
    scope: 'admin',
    summary: 'Changes admins made, newest first, by volume or by user',
    query: AdminEventQuery,
    response: AdminEventListResponse,
  },

  // Containers (grants): the member's list, and the admin's calls
  memberGrantList: {
    method: 'GET',
    path: '/web/1/org/:org_id/media_grant',
    scope: 'member',
    summary: 'The containers the caller holds',
    response: MediaGrantListResponse,
  },
  grantList: {
    method: 'GET',
    path: ADMIN_GRANT,
    scope: 'admin',
    summary: 'Every container of the organization',
    response: MediaGrantListResponse,
  },
  grantCreate: {
    method: 'POST',
    path: ADMIN_GRANT,
    scope: 'admin',
    summary: 'Add a container over a prefix of a volume',
    body: CreateGrantRequest,
    response: CreateGrantResponse,
  },
  grantOverlap: {
    method: 'POST',
    path: `${ADMIN_GRANT}_overlap`,
    scope: 'admin',
    summary: 'Containers and files a prefix would overlap',
    body: GrantOverlapRequest,
    response: GrantOverlapResponse,
  },
  grantUpdate: {
    method: 'POST',
    path: `${ADMIN_GRANT}/:media_grant_id`,
    scope: 'admin',
    summary: 'Rename, move, enable or disable a container',
    body: UpdateGrantRequest,
  },
  grantDelete: {
    method: 'DELETE',
    path: `${ADMIN_GRANT}/:media_grant_id`,
    scope: 'admin',
    summary: 'Delete a container no device mounts',
  },
  grantAddUser: {
    method: 'POST',
    path: `${ADMIN_GRANT}/:media_grant_id/add_user`,
    scope: 'admin',
    summary: 'Let a member hold a container',
    body: GrantUserRequest,
  },
  grantRemoveUser: {
    method: 'POST',
    path: `${ADMIN_GRANT}/:media_grant_id/remove_user`,
    scope: 'admin',
    summary: 'Take a container from a member',
    body: GrantUserRequest,
  },

  // Users of the organization
  userList: {
    method: 'GET',
    path: `${ORG}/user`,
    scope: 'admin',
    summary: 'Members with their role, capabilities and holdings',
    response: UserListResponse,
  },
  userAdd: {
    method: 'POST',
    path: `${ORG}/user`,
    scope: 'admin',
    summary: 'Add a member by e-mail (creating their account and mailing them)',
    body: AddUserRequest,
    response: AddUserResponse,
  },
  userUpdate: {
    method: 'POST',
    path: `${ORG}/user/:user_id`,
    scope: 'admin',
    summary: "Change a member's role or capabilities",
    body: UpdateOrgUserRequest,
  },
  userRemove: {
    method: 'DELETE',
    path: `${ORG}/user/:user_id`,
    scope: 'admin',
    summary: 'Remove a member and everything they held',
  },
  userVolumeAdd: {
    method: 'POST',
    path: `${ORG}/user/:user_id/volume/:volume_id`,
    scope: 'admin',
    summary: "Let a member hold a volume's root container",
  },
  userVolumeRemove: {
    method: 'DELETE',
    path: `${ORG}/user/:user_id/volume/:volume_id`,
    scope: 'admin',
    summary: "Take a volume's root container from a member",
  },

  // Files of a container
  dirList: {
    method: 'GET',
    path: `${CONTAINER}/dir`,
    scope: 'container',
    summary: 'A directory: its files and folders',
    query: DirListQuery,
    response: DirListResponse,
  },
  dirCreate: {
    method: 'POST',
    path: `${CONTAINER}/dir`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Create a folder',
    body: CreateDirRequest,
  },
  mediaRegister: {
    method: 'POST',
    path: `${CONTAINER}/media`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Register a file (or a new version) at a path',
    body: RegisterMediaRequest,
    response: RegisterMediaResponse,
  },
  mediaDetail: {
    method: 'GET',
    path: `${CONTAINER}/media/:media_id`,
    scope: 'container',
    summary: 'A file with its versions and the devices that hold it',
    response: MediaDetailResponse,
  },
  mediaDelete: {
    method: 'DELETE',
    path: `${CONTAINER}/media/:media_id`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Delete a file (it can be undeleted)',
  },
  mediaUndelete: {
    method: 'POST',
    path: `${CONTAINER}/media/:media_id/undelete`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Undelete a file',
  },
  mediaDownloadUrl: {
    method: 'GET',
    path: `${CONTAINER}/media/:media_id/download_url`,
    scope: 'container',
    capability: 'cap_web_download',
    summary: "A signed URL of a file's content (recorded in the audit trail)",
    query: DownloadUrlQuery,
    response: DownloadUrlResponse,
  },
  versionDownloadUrl: {
    method: 'GET',
    path: `${CONTAINER}/media_version/:media_version_id/download_url`,
    scope: 'container',
    capability: 'cap_web_download',
    summary: "A signed URL of a version's content (recorded in the audit trail)",
    query: DownloadUrlQuery,
    response: DownloadUrlResponse,
  },
  upload: {
    method: 'POST',
    path: `${CONTAINER}/upload`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Signed PUTs for single-part files not stored yet',
    body: UploadRequest,
    response: UploadResponse,
  },
  s3Object: {
    method: 'POST',
    path: `${CONTAINER}/s3_object`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Confirm a single-part object was stored',
    body: S3ObjectRequest,
  },
  multipart: {
    method: 'POST',
    path: `${CONTAINER}/multipart`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Plan a multipart upload: signed PUTs of the parts not stored yet',
    body: MultipartRequest,
    response: MultipartResponse,
  },
  multipartComplete: {
    method: 'POST',
    path: `${CONTAINER}/multipart_complete`,
    scope: 'container',
    capability: 'cap_web_upload',
    summary: 'Join the stored parts into the object',
    body: MultipartCompleteRequest,
  },
  // Devices and their mounts (the console's calls)
  deviceList: {
    method: 'GET',
    path: `${ORG}/device`,
    scope: 'member',
    summary: "Devices of the organization (an admin's view), or the caller's own devices (a member's)",
    query: DeviceListQuery,
    response: DeviceListResponse,
  },
  deviceDetail: {
    method: 'GET',
    path: DEVICE,
    scope: 'member',
    summary: 'A device with its mounts (a member sees only their own devices)',
    response: DeviceResponse,
  },
  deviceUpdate: {
    method: 'POST',
    path: DEVICE,
    scope: 'admin',
    summary: "Change a device's name, switches, priority or user (changed fields only)",
    body: UpdateDeviceRequest,
  },
  deviceVolumeMount: {
    method: 'POST',
    path: `${DEVICE}/volume/:volume_id`,
    scope: 'admin',
    summary: 'Mount a whole volume (its root container) on a device',
  },
  deviceVolumeEnable: {
    method: 'POST',
    path: `${DEVICE}/volume/:volume_id/enable`,
    scope: 'admin',
    summary: "Enable a device's mount of a whole volume",
  },
  deviceVolumeDisable: {
    method: 'POST',
    path: `${DEVICE}/volume/:volume_id/disable`,
    scope: 'admin',
    summary: "Disable a device's mount of a whole volume",
  },
  deviceGrantAdd: {
    method: 'POST',
    path: DEVICE_GRANT,
    scope: 'admin',
    summary: 'Mount a container on a device',
    body: DeviceGrantRequest,
  },
  deviceGrantDelete: {
    method: 'POST',
    path: `${DEVICE_GRANT}/delete`,
    scope: 'admin',
    summary: 'Remove a mount the device has not synced yet',
    body: DeviceGrantRequest,
  },
  deviceGrantEnable: {
    method: 'POST',
    path: `${DEVICE_GRANT}/enable`,
    scope: 'admin',
    summary: 'Enable a mount',
    body: DeviceGrantRequest,
  },
  deviceGrantDisable: {
    method: 'POST',
    path: `${DEVICE_GRANT}/disable`,
    scope: 'admin',
    summary: 'Disable a mount',
    body: DeviceGrantRequest,
  },
  deviceVolumeKey: {
    method: 'POST',
    path: `${DEVICE}/media_grant/:media_grant_id/volume_key`,
    scope: 'admin',
    summary: "The key of a mounted container's volume (each retrieval is recorded)",
    response: VolumeKeyResponse,
  },

  // Apps
  appList: {
    method: 'GET',
    path: APP,
    scope: 'admin',
    summary: 'Apps of the organization',
    response: AppListResponse,
  },
  appCreate: {
    method: 'POST',
    path: APP,
    scope: 'admin',
    summary: 'Add an app (without a key until New Key)',
    body: CreateAppRequest,
    response: CreateAppResponse,
  },
  appDetail: {
    method: 'GET',
    path: `${APP}/:app_id`,
    scope: 'admin',
    summary: 'An app with the devices registered through it',
    response: AppResponse,
  },
  appUpdate: {
    method: 'POST',
    path: `${APP}/:app_id`,
    scope: 'admin',
    summary: 'Rename, enable or disable an app',
    body: UpdateAppRequest,
  },
  appNewKey: {
    method: 'POST',
    path: `${APP}/:app_id/new_key`,
    scope: 'admin',
    summary: "Make the app's secret key, replacing any earlier one (shown once)",
    response: NewKeyResponse,
  },

  // The device protocol: a device registers as its user, then calls with its own token
  deviceRegister: {
    method: 'POST',
    path: '/device/1/org/:org_id/register',
    scope: 'member',
    summary: "Register this machine as a device of the caller, through an app, and get the device's token",
    body: RegisterDeviceRequest,
    response: RegisterDeviceResponse,
  },
  deviceHeartbeat: {
    method: 'POST',
    path: '/device/1/heartbeat',
    scope: 'device',
    summary: 'Say the device is alive and which version it runs; answers what it may do',
    body: HeartbeatRequest,
    response: HeartbeatResponse,
  },
  deviceMounts: {
    method: 'GET',
    path: '/device/1/mount',
    scope: 'device',
    summary: "The device's mounts",
    response: DeviceMountListResponse,
  },
  mountFiles: {
    method: 'GET',
    path: `${MOUNT}/file`,
    scope: 'mount',
    summary: "A mount's live files, by path, a page at a time",
    query: MountFileQuery,
    response: MountFileResponse,
  },
  mountRegister: {
    method: 'POST',
    path: `${MOUNT}/media`,
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Register a file (or a new version) at a path; the version names the device',
    body: RegisterMediaRequest,
    response: RegisterMediaResponse,
  },
  mountUpload: {
    method: 'POST',
    path: `${MOUNT}/upload`,
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Signed PUTs for single-part files not stored yet',
    body: UploadRequest,
    response: UploadResponse,
  },
  mountS3Object: {
    method: 'POST',
    path: `${MOUNT}/s3_object`,
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Confirm a single-part object was stored',
    body: S3ObjectRequest,
  },
  mountMultipart: {
    method: 'POST',
    path: `${MOUNT}/multipart`,
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Plan a multipart upload: signed PUTs of the parts not stored yet',
    body: MultipartRequest,
    response: MultipartResponse,
  },
  mountMultipartComplete: {
    method: 'POST',
    path: `${MOUNT}/multipart_complete`,
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Join the stored parts into the object',
    body: MultipartCompleteRequest,
  },
  mountDownloadUrl: {
    method: 'GET',
    path: `${MOUNT}/media/:media_id/download_url`,
    scope: 'mount',
    capability: 'cap_web_download',
    summary: "A signed URL of a file's content, recorded with the device's destination path",
    query: DeviceDownloadQuery,
    response: DownloadUrlResponse,
  },
  mountHolding: {
    method: 'POST',
    path: `${MOUNT}/holding`,
    scope: 'mount',
    summary: 'Report a change to the content the device holds (hashes added and removed)',
    body: HoldingRequest,
    response: HoldingResponse,
  },
} as const satisfies Record<string, Endpoint>

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

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
} as const satisfies Record<string, string>
type TextParamName = keyof typeof TEXT_PARAM_PATTERNS

export function isTextParam(name: string): name is TextParamName {
  return Object.hasOwn(TEXT_PARAM_PATTERNS, name)
}

/** The values of a path's parameters: numbers, or strings for the text parameters. */
export type PathParams<Path extends string> = {
  [Name in PathParamNames<Path>]: Name extends TextParamName ? string : number
}
