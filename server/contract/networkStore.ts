// Wire types of network stores (specification 001 sections 2, 3, 5 and 7): an organization's own
// S3-compatible buckets, tried for new uploads in priority order (1 first) before the service's own store,
// which every list names last (s3_bucket_id 0, is_default 1). A stored secret is never answered: it reads
// '****' when set.
import { Type, type Static } from 'typebox'
import { NameText, Nullable, ZeroOrOne } from './wireValues.ts'

import { MAX_ENDPOINT_ALIASES } from './limits.ts'

export { MAX_ENDPOINT_ALIASES }

/** The service's own store, as lists name it. */
export const DEFAULT_STORE_ID = 0

const Text = (maxLength: number) => Type.String({ maxLength })

export const NetworkStore = Type.Object({
  s3_bucket_id: Type.Integer(),
  s3_bucket: Type.String(),
  s3_bucket_region: Type.String(),
  s3_host: Type.String(),
  /**
   * Other endpoints (origins) that reach the same service and bucket: the store's signed URLs are spread
   * over s3_host and these, since a browser keeps at most 6 connections per host. Empty for the default.
   */
  s3_host_aliases: Type.Array(Type.String()),
  s3_bucket_prefix: Type.String(),
  aws_access_key_id: Type.String(),
  /** '****' when a secret is stored (always, for a network store); never the secret itself. */
  aws_secret_access_key: Type.String(),
  max_size: Type.Integer(),
  priority: Type.Integer(),
  /** 1 for the service's own store, listed last; it cannot be edited, disabled or reordered. */
  is_default: Type.Integer({ minimum: 0, maximum: 1 }),
  is_disabled: Type.Boolean(),
  /** Health: the last probe (write, read and delete of a probe object) and what the server saw since. */
  last_probe_at: Nullable(Type.String()),
  last_probe_ok: Nullable(Type.Boolean()),
  last_error: Nullable(Type.String()),
  error_count: Type.Integer(),
  request_count: Type.Integer(),
  bytes_placed: Type.Integer(),
})
export type NetworkStore = Static<typeof NetworkStore>

export const NetworkStoreListResponse = Type.Object({ s3_bucket_list: Type.Array(NetworkStore) })
export type NetworkStoreListResponse = Static<typeof NetworkStoreListResponse>

export const NetworkStoreResponse = Type.Object({ s3_bucket: NetworkStore })
export type NetworkStoreResponse = Static<typeof NetworkStoreResponse>

const fields = {
  // What the store's page shows follows the name rule.
  s3_bucket: NameText(63),
  s3_bucket_region: NameText(64),
  /** A host name (https), host:port, or an http(s) URL of the endpoint without a path. */
  s3_host: NameText(255),
  /** Each as s3_host is written; at most MAX_ENDPOINT_ALIASES. */
  s3_host_aliases: Type.Array(NameText(255), { maxItems: MAX_ENDPOINT_ALIASES }),
  s3_bucket_prefix: NameText(512),
  aws_access_key_id: NameText(256),
  aws_secret_access_key: Text(256),
  max_size: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
}

export const CreateNetworkStoreRequest = Type.Object(
  {
    s3_bucket: fields.s3_bucket,
    s3_bucket_region: fields.s3_bucket_region,
    s3_host: fields.s3_host,
    s3_host_aliases: Type.Optional(fields.s3_host_aliases),
    s3_bucket_prefix: Type.Optional(fields.s3_bucket_prefix),
    aws_access_key_id: fields.aws_access_key_id,
    aws_secret_access_key: fields.aws_secret_access_key,
    max_size: Type.Optional(fields.max_size),
  },
  { additionalProperties: false },
)
export type CreateNetworkStoreRequest = Static<typeof CreateNetworkStoreRequest>

export const CreateNetworkStoreResponse = Type.Object({ s3_bucket_id: Type.Integer() })
export type CreateNetworkStoreResponse = Static<typeof CreateNetworkStoreResponse>

/** Changed fields only; a blank or '****' secret keeps the stored one. */
export const UpdateNetworkStoreRequest = Type.Object(
  {
    s3_bucket: Type.Optional(fields.s3_bucket),
    s3_bucket_region: Type.Optional(fields.s3_bucket_region),
    s3_host: Type.Optional(fields.s3_host),
    s3_host_aliases: Type.Optional(fields.s3_host_aliases),
    s3_bucket_prefix: Type.Optional(fields.s3_bucket_prefix),
    aws_access_key_id: Type.Optional(fields.aws_access_key_id),
    aws_secret_access_key: Type.Optional(fields.aws_secret_access_key),
    max_size: Type.Optional(fields.max_size),
  },
  { additionalProperties: false },
)
export type UpdateNetworkStoreRequest = Static<typeof UpdateNetworkStoreRequest>

export const NetworkStoreStatusRequest = Type.Object(
  { is_disabled: ZeroOrOne },
  { additionalProperties: false },
)
export type NetworkStoreStatusRequest = Static<typeof NetworkStoreStatusRequest>

export const NetworkStoreOrderRequest = Type.Object(
  {
    update_list: Type.Array(
      Type.Object(
        {
          s3_bucket_id: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
          priority: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
)
export type NetworkStoreOrderRequest = Static<typeof NetworkStoreOrderRequest>
