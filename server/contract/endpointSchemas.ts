// What the server adds to each call of the endpoint table (server/contract/endpoints.ts), under the same
// name: who may make it (its scope, and the capability a container or mount call needs) and the schemas of
// its query, body and answer. The server registers its routes from the joined entries
// (server/routes/define.ts), which also give the OpenAPI document and the tests' generated tenancy and
// fuzz cases. A name in one table and not the other fails the typecheck.
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
import {
  AdminEventListResponse,
  AdminEventQuery,
  VolumeAuditExportQuery,
  VolumeAuditQuery,
  VolumeAuditResponse,
} from './audit.ts'
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
  ThumbnailQuery,
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
import {
  CreateShareLinkRequest,
  CreateShareLinkResponse,
  ShareDownloadUrlQuery,
  ShareLinkListQuery,
  ShareLinkListResponse,
  ShareLinkResponse,
  ShareLinkSettingsResponse,
  ShareOpenQuery,
  ShareOpenResponse,
  SharePassphraseRequest,
  SharePassphraseResponse,
  ShareThumbnailQuery,
  UpdateShareLinkSettingsRequest,
} from './shareLink.ts'
import { UsageQuery, VolumeUsageResponse } from './usage.ts'
import {
  CreateVolumeRequest,
  CreateVolumeResponse,
  MediaGrantListResponse,
  UpdateVolumeRequest,
  VolumeListResponse,
} from './volume.ts'

import { endpoints as calls, type EndpointName, type EndpointSchema } from './endpoints.ts'

export const endpointSchemas = {
  // Public
  health: {
    scope: 'public',
    summary: 'Whether the server and its database answer',
  },
  ready: {
    scope: 'public',
    summary: 'Whether this server should take traffic: database, migrations, default store, not draining',
  },
  openApi: {
    scope: 'public',
    summary: 'This API as OpenAPI 3',
  },
  clientConfig: {
    scope: 'public',
    summary: "The site's settings the console needs",
    response: ClientConfig,
  },
  planList: {
    scope: 'public',
    summary: 'Plans and their limits',
    response: PlanListResponse,
  },
  emailCode: {
    scope: 'public',
    summary: 'Mail a sign-in code (sets the login_attempt cookie)',
    body: EmailCodeRequest,
  },
  emailLogin: {
    scope: 'public',
    summary: 'Trade a sign-in code for a session key',
    body: EmailLoginRequest,
    response: EmailLoginResponse,
  },
  // Signed in
  currentUser: {
    scope: 'session',
    checkedByHandler: true,
    summary: 'The signed-in user and their organizations',
    response: CurrentUserResponse,
  },
  updateCurrentUser: {
    scope: 'session',
    summary: "Set the signed-in user's user name",
    body: UpdateUserRequest,
  },
  logout: {
    scope: 'session',
    summary: 'End this session',
  },
  orgCreate: {
    scope: 'session',
    summary: 'Create an organization, its creator its admin',
    body: CreateOrgRequest,
    response: CreateOrgResponse,
  },
  // Organization
  orgDetail: {
    scope: 'member',
    summary: 'The organization, its plan and (for admins) its network stores',
    response: OrgDetailResponse,
  },
  orgLeave: {
    scope: 'member',
    summary: 'Leave the organization',
  },
  orgUpdate: {
    scope: 'admin',
    summary: "Change the organization's name or domain prefix",
    body: UpdateOrgRequest,
  },
  orgSetPlan: {
    scope: 'admin',
    summary: "Set the organization's plan",
    body: SetPlanRequest,
  },
  orgPlanPreview: {
    scope: 'admin',
    summary:
      'What changing to a plan would do: members, devices and volumes over its limits, the price difference',
    query: PlanPreviewQuery,
    response: PlanChangePreviewResponse,
  },
  // Invoices
  invoiceList: {
    scope: 'admin',
    summary: "The organization's invoices, newest first",
    response: InvoiceListResponse,
  },
  invoiceDetail: {
    scope: 'admin',
    summary: 'An invoice with its lines and payments',
    response: InvoiceResponse,
  },
  invoiceUsage: {
    scope: 'admin',
    summary: "How an invoice's storage was computed: the days billed, byte-days per store, the ledger rows",
    response: InvoiceUsageResponse,
  },
  // Payment methods
  paymentMethodList: {
    scope: 'admin',
    summary: 'Cards on file',
    response: PaymentMethodListResponse,
  },
  paymentMethodAdd: {
    scope: 'admin',
    summary: 'Add a card tokenized by the payment provider',
    body: AddPaymentMethodRequest,
    response: AddPaymentMethodResponse,
  },
  paymentMethodDefault: {
    scope: 'admin',
    summary: 'Make a card the default',
  },
  paymentMethodDelete: {
    scope: 'admin',
    summary: 'Remove a backup card',
  },
  // Network stores (the organization's own S3-compatible buckets)
  networkStoreList: {
    scope: 'admin',
    summary: "The organization's network stores in the order uploads try them, the service's own store last",
    response: NetworkStoreListResponse,
  },
  networkStoreAdd: {
    scope: 'admin',
    summary: 'Add a network store after a write, read and delete with its credentials (tried last)',
    body: CreateNetworkStoreRequest,
    response: CreateNetworkStoreResponse,
  },
  networkStoreOrder: {
    scope: 'admin',
    summary: 'Set the priorities of network stores (1 is tried first)',
    body: NetworkStoreOrderRequest,
  },
  networkStoreDetail: {
    scope: 'admin',
    summary: 'A network store with its health (its secret never answered)',
    response: NetworkStoreResponse,
  },
  networkStoreUpdate: {
    scope: 'admin',
    summary: 'Change a network store (checked again with a write, read and delete); a blank secret keeps it',
    body: UpdateNetworkStoreRequest,
  },
  networkStoreStatus: {
    scope: 'admin',
    summary: 'Enable (after a probe) or disable a network store; a disabled store keeps serving its objects',
    body: NetworkStoreStatusRequest,
  },
  // Volumes
  volumeList: {
    scope: 'admin',
    summary: 'Volumes of the organization',
    response: VolumeListResponse,
  },
  volumeCreate: {
    scope: 'admin',
    summary: 'Create a volume with a root container held by its creator',
    body: CreateVolumeRequest,
    response: CreateVolumeResponse,
  },
  volumeUpdate: {
    scope: 'admin',
    summary: "Change a volume's settings (changed fields only)",
    body: UpdateVolumeRequest,
  },
  volumeRetentionPreview: {
    scope: 'admin',
    summary: 'What retention settings would purge over the next 30 days (nothing is changed)',
    body: RetentionPreviewRequest,
    response: RetentionPreviewResponse,
  },
  volumeAtRisk: {
    scope: 'admin',
    summary: "A volume's files not in the cloud yet, and those only devices not seen lately hold",
    query: AtRiskQuery,
    response: AtRiskResponse,
  },
  volumeUsage: {
    scope: 'admin',
    summary: "A volume's usage by UTC day (size, file count, bytes per store), as the daily job measured it",
    query: UsageQuery,
    response: VolumeUsageResponse,
  },
  volumeAudit: {
    scope: 'admin',
    summary: "A volume's file events, newest first, a page at a time; by user, path and time when asked",
    query: VolumeAuditQuery,
    response: VolumeAuditResponse,
  },
  volumeAuditExport: {
    scope: 'admin',
    summary: 'Every file event of a volume the filter keeps, newest first, as a CSV attachment (text/csv)',
    query: VolumeAuditExportQuery,
  },
  mediaAudit: {
    scope: 'admin',
    summary: "A file's events, newest first",
    response: AuditListResponse,
  },
  adminEventList: {
    scope: 'admin',
    summary: 'Changes admins made, newest first, by volume or by user',
    query: AdminEventQuery,
    response: AdminEventListResponse,
  },
  // Containers (grants): the member's list, and the admin's calls
  memberGrantList: {
    scope: 'member',
    summary: 'The containers the caller holds',
    response: MediaGrantListResponse,
  },
  grantList: {
    scope: 'admin',
    summary: 'Every container of the organization',
    response: MediaGrantListResponse,
  },
  grantCreate: {
    scope: 'admin',
    summary: 'Add a container over a prefix of a volume',
    body: CreateGrantRequest,
    response: CreateGrantResponse,
  },
  grantOverlap: {
    scope: 'admin',
    summary: 'Containers and files a prefix would overlap',
    body: GrantOverlapRequest,
    response: GrantOverlapResponse,
  },
  grantUpdate: {
    scope: 'admin',
    summary: 'Rename, move, enable or disable a container',
    body: UpdateGrantRequest,
  },
  grantDelete: {
    scope: 'admin',
    summary: 'Delete a container no device mounts',
  },
  grantAddUser: {
    scope: 'admin',
    summary: 'Let a member hold a container',
    body: GrantUserRequest,
  },
  grantRemoveUser: {
    scope: 'admin',
    summary: 'Take a container from a member',
    body: GrantUserRequest,
  },
  // Users of the organization
  userList: {
    scope: 'admin',
    summary: 'Members with their role, capabilities and holdings',
    response: UserListResponse,
  },
  userAdd: {
    scope: 'admin',
    summary: 'Add a member by e-mail (creating their account and mailing them)',
    body: AddUserRequest,
    response: AddUserResponse,
  },
  userUpdate: {
    scope: 'admin',
    summary: "Change a member's role or capabilities",
    body: UpdateOrgUserRequest,
  },
  userRemove: {
    scope: 'admin',
    summary: 'Remove a member and everything they held',
  },
  userVolumeAdd: {
    scope: 'admin',
    summary: "Let a member hold a volume's root container",
  },
  userVolumeRemove: {
    scope: 'admin',
    summary: "Take a volume's root container from a member",
  },
  // Files of a container
  dirList: {
    scope: 'grant',
    summary: 'A directory: its files and folders',
    query: DirListQuery,
    response: DirListResponse,
  },
  dirCreate: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Create a folder',
    body: CreateDirRequest,
  },
  mediaRegister: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Register a file (or a new version) at a path',
    body: RegisterMediaRequest,
    response: RegisterMediaResponse,
  },
  mediaDetail: {
    scope: 'grant',
    summary: 'A file with its versions and the devices that hold it',
    response: MediaDetailResponse,
  },
  mediaDelete: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Delete a file (it can be undeleted)',
  },
  mediaUndelete: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Undelete a file',
  },
  mediaDownloadUrl: {
    scope: 'grant',
    capability: 'cap_web_download',
    summary: "A signed URL of a file's content (recorded in the audit trail)",
    query: DownloadUrlQuery,
    response: DownloadUrlResponse,
  },
  mediaThumbnail: {
    scope: 'grant',
    capability: 'cap_web_download',
    summary:
      "A thumbnail of a file's content: 302 to a short-lived signed URL of a WebP image, or 404 no_thumbnail",
    query: ThumbnailQuery,
  },
  versionDownloadUrl: {
    scope: 'grant',
    capability: 'cap_web_download',
    summary: "A signed URL of a version's content (recorded in the audit trail)",
    query: DownloadUrlQuery,
    response: DownloadUrlResponse,
  },
  upload: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Signed PUTs for single-part files not stored yet',
    body: UploadRequest,
    response: UploadResponse,
  },
  s3Object: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Confirm a single-part object was stored',
    body: S3ObjectRequest,
  },
  multipart: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Plan a multipart upload: signed PUTs of the parts not stored yet',
    body: MultipartRequest,
    response: MultipartResponse,
  },
  multipartComplete: {
    scope: 'grant',
    capability: 'cap_web_upload',
    summary: 'Join the stored parts into the object',
    body: MultipartCompleteRequest,
  },
  // Devices and their mounts (the console's calls)
  deviceList: {
    scope: 'member',
    summary: "Devices of the organization (an admin's view), or the caller's own devices (a member's)",
    query: DeviceListQuery,
    response: DeviceListResponse,
  },
  deviceDetail: {
    scope: 'member',
    summary: 'A device with its mounts (a member sees only their own devices)',
    response: DeviceResponse,
  },
  deviceUpdate: {
    scope: 'admin',
    summary: "Change a device's name, switches, priority or user (changed fields only)",
    body: UpdateDeviceRequest,
  },
  deviceVolumeMount: {
    scope: 'admin',
    summary: 'Mount a whole volume (its root container) on a device',
  },
  deviceVolumeEnable: {
    scope: 'admin',
    summary: "Enable a device's mount of a whole volume",
  },
  deviceVolumeDisable: {
    scope: 'admin',
    summary: "Disable a device's mount of a whole volume",
  },
  deviceGrantAdd: {
    scope: 'admin',
    summary: 'Mount a container on a device',
    body: DeviceGrantRequest,
  },
  deviceGrantDelete: {
    scope: 'admin',
    summary: 'Remove a mount the device has not synced yet',
    body: DeviceGrantRequest,
  },
  deviceGrantEnable: {
    scope: 'admin',
    summary: 'Enable a mount',
    body: DeviceGrantRequest,
  },
  deviceGrantDisable: {
    scope: 'admin',
    summary: 'Disable a mount',
    body: DeviceGrantRequest,
  },
  deviceVolumeKey: {
    scope: 'admin',
    summary: "The key of a mounted container's volume (each retrieval is recorded)",
    response: VolumeKeyResponse,
  },
  // Apps
  appList: {
    scope: 'admin',
    summary: 'Apps of the organization',
    response: AppListResponse,
  },
  appCreate: {
    scope: 'admin',
    summary: 'Add an app (without a key until New Key)',
    body: CreateAppRequest,
    response: CreateAppResponse,
  },
  appDetail: {
    scope: 'admin',
    summary: 'An app with the devices registered through it',
    response: AppResponse,
  },
  appUpdate: {
    scope: 'admin',
    summary: 'Rename, enable or disable an app',
    body: UpdateAppRequest,
  },
  appNewKey: {
    scope: 'admin',
    summary: "Make the app's secret key, replacing any earlier one (shown once)",
    response: NewKeyResponse,
  },
  // The device protocol: a device registers as its user, then calls with its own token
  deviceRegister: {
    scope: 'member',
    summary: "Register this machine as a device of the caller, through an app, and get the device's token",
    body: RegisterDeviceRequest,
    response: RegisterDeviceResponse,
  },
  deviceHeartbeat: {
    scope: 'device',
    summary: 'Say the device is alive and which version it runs; answers what it may do',
    body: HeartbeatRequest,
    response: HeartbeatResponse,
  },
  deviceMounts: {
    scope: 'device',
    summary: "The device's mounts",
    response: DeviceMountListResponse,
  },
  mountFiles: {
    scope: 'mount',
    summary: "A mount's live files, by path, a page at a time",
    query: MountFileQuery,
    response: MountFileResponse,
  },
  mountRegister: {
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Register a file (or a new version) at a path; the version names the device',
    body: RegisterMediaRequest,
    response: RegisterMediaResponse,
  },
  mountUpload: {
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Signed PUTs for single-part files not stored yet',
    body: UploadRequest,
    response: UploadResponse,
  },
  mountS3Object: {
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Confirm a single-part object was stored',
    body: S3ObjectRequest,
  },
  mountMultipart: {
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Plan a multipart upload: signed PUTs of the parts not stored yet',
    body: MultipartRequest,
    response: MultipartResponse,
  },
  mountMultipartComplete: {
    scope: 'mount',
    capability: 'cap_web_upload',
    summary: 'Join the stored parts into the object',
    body: MultipartCompleteRequest,
  },
  mountDownloadUrl: {
    scope: 'mount',
    capability: 'cap_web_download',
    summary: "A signed URL of a file's content, recorded with the device's destination path",
    query: DeviceDownloadQuery,
    response: DownloadUrlResponse,
  },
  mountHolding: {
    scope: 'mount',
    summary: 'Report a change to the content the device holds (hashes added and removed)',
    body: HoldingRequest,
    response: HoldingResponse,
  },
  // Share links: the organization's calls
  shareLinkCreate: {
    scope: 'grant',
    capability: 'cap_web_download',
    summary: 'Share a file or a folder of the container by a link (its token is answered this once)',
    body: CreateShareLinkRequest,
    response: CreateShareLinkResponse,
  },
  shareLinkList: {
    scope: 'member',
    summary: "Share links: an admin's all of the organization, a member's own",
    query: ShareLinkListQuery,
    response: ShareLinkListResponse,
  },
  shareLinkRevoke: {
    scope: 'member',
    summary: 'Revoke a share link (its creator, or an admin)',
    response: ShareLinkResponse,
  },
  shareLinkSettings: {
    scope: 'member',
    summary: "The organization's rules for share links: on or off, the longest lifetime",
    response: ShareLinkSettingsResponse,
  },
  shareLinkSettingsUpdate: {
    scope: 'admin',
    summary: 'Turn share links on or off, or cap their lifetime',
    body: UpdateShareLinkSettingsRequest,
    response: ShareLinkSettingsResponse,
  },
  // Share links: the visitor's calls (public: the token is the key; answers carry X-Robots-Tag: noindex)
  shareOpen: {
    scope: 'public',
    summary: "A share link's page: the organization, and the file or the folder as it is now",
    query: ShareOpenQuery,
    response: ShareOpenResponse,
  },
  sharePassphrase: {
    scope: 'public',
    summary: "Check a share link's passphrase: answers a link session",
    body: SharePassphraseRequest,
    response: SharePassphraseResponse,
  },
  shareDownloadUrl: {
    scope: 'public',
    summary: "A signed URL of a shared file's content (counted, and recorded in the audit trail)",
    query: ShareDownloadUrlQuery,
    response: DownloadUrlResponse,
  },
  shareThumbnail: {
    scope: 'public',
    summary: "A shared file's thumbnail or preview: 302 to a short-lived signed WebP, or 404 no_thumbnail",
    query: ShareThumbnailQuery,
  },
} as const satisfies { [N in EndpointName]: EndpointSchema }

/**
 * The endpoint table as the server reads it: each call with its scope and schemas. Cast through unknown:
 * past a hundred entries the typechecker gives up comparing Object.fromEntries' record with the mapped type.
 */
export const endpoints = Object.fromEntries(
  Object.entries(calls).map(([name, call]) => [name, { ...call, ...endpointSchemas[name as EndpointName] }]),
) as unknown as { [N in EndpointName]: (typeof calls)[N] & (typeof endpointSchemas)[N] }
