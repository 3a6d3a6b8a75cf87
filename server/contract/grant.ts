// Wire types of the admin's container (grant) calls (specification 001, sections 2, 5 and 7).
import { Type, type Static } from 'typebox'
import { NameText } from './wireValues.ts'

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

export const CreateGrantRequest = Type.Object({
  volume_id: Id,
  grant_name: NameText(256),
  /** A path inside the volume; a trailing '/' is appended when missing. */
  prefix_path: Type.String({ maxLength: 4096 }),
  /** Members who hold the new container from the start. */
  user_id_list: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
})
export type CreateGrantRequest = Static<typeof CreateGrantRequest>

export const CreateGrantResponse = Type.Object({ media_grant_id: Type.Integer() })
export type CreateGrantResponse = Static<typeof CreateGrantResponse>

export const UpdateGrantRequest = Type.Object(
  {
    grant_name: Type.Optional(NameText(256)),
    prefix_path: Type.Optional(Type.String({ maxLength: 4096 })),
    is_disabled: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
)
export type UpdateGrantRequest = Static<typeof UpdateGrantRequest>

export const GrantUserRequest = Type.Object({ user_id: Id })
export type GrantUserRequest = Static<typeof GrantUserRequest>

/** What a container over a prefix would overlap, asked before it is added or its prefix changes. */
export const GrantOverlapRequest = Type.Object({
  volume_id: Id,
  prefix_path: Type.String({ maxLength: 4096 }),
  /** The container being edited, left out of its own overlaps. */
  media_grant_id: Type.Optional(Id),
})
export type GrantOverlapRequest = Static<typeof GrantOverlapRequest>

export const GrantOverlap = Type.Object({
  media_grant_id: Type.Integer(),
  grant_name: Type.String(),
  prefix_path: Type.String(),
  /** `inside`: the other container lies under this prefix; `contains`: this prefix lies under it. */
  relation: Type.Union([Type.Literal('same'), Type.Literal('inside'), Type.Literal('contains')]),
})
export type GrantOverlap = Static<typeof GrantOverlap>

export const GrantOverlapResponse = Type.Object({
  /** The prefix as the server stores it (trailing '/' appended). */
  prefix_path: Type.String(),
  overlap_list: Type.Array(GrantOverlap),
  /** Live files already under the prefix, and their bytes. */
  file_count: Type.Integer(),
  total_bytes: Type.Integer(),
})
export type GrantOverlapResponse = Static<typeof GrantOverlapResponse>

/** Container name rule: 1-64 characters, as volume names without the length floor; no '/'. */
export const GRANT_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ._-]{0,62}[A-Za-z0-9])?$/
