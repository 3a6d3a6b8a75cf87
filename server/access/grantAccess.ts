// Who may reach a container: a member of the path's organization who holds the grant. A grant of another
// organization, one the caller does not hold and a missing one all answer 404 alike, so ids reveal nothing;
// a disabled container, or any container of a disabled volume, answers 403 (grant_disabled,
// volume_disabled) to everyone, admins included: disabling stops every file call (docs/administration.md).
import type { FastifyRequest } from 'fastify'
import type { Capability } from '../contract/endpoints.ts'
import type { ErrorCode } from '../contract/errorCodes.ts'
import { findHeldGrant } from '../repositories/grants.ts'
import { findMedia, type MediaRow } from '../repositories/media.ts'
import { HttpError } from '../errors.ts'
import type { GrantAccess } from '../services/callers.ts'
import { grantRoot, isUnder } from '../services/paths.ts'
import { idParam, requireMember } from './caller.ts'

const REFUSALS: Record<Capability, ErrorCode> = {
  cap_web_upload: 'upload_not_allowed',
  cap_web_download: 'download_not_allowed',
}

export async function requireGrant(request: FastifyRequest, capability?: Capability): Promise<GrantAccess> {
  const member = await requireMember(request)
  const grantId = idParam(request, 'media_grant_id')
  const grant = await findHeldGrant(request.server.db, member.org_id, grantId, member.user_id)
  if (!grant) throw new HttpError(404, 'not_found')
  if (grant.volume_is_disabled) throw new HttpError(403, 'volume_disabled')
  if (grant.is_disabled) throw new HttpError(403, 'grant_disabled')
  if (capability && !member[capability]) throw new HttpError(403, REFUSALS[capability])
  return { member, grant, root: grantRoot(grant.prefix_path) }
}

/** The path's file when it lies under the grant's root; any other (or another tenant's) answers 404. */
export async function requireMediaOfGrant(request: FastifyRequest, access: GrantAccess): Promise<MediaRow> {
  const media = await findMedia(request.server.db, access.member.org_id, idParam(request, 'media_id'))
  if (!media || media.volume_id !== access.grant.volume_id || !isUnder(media.media_path, access.root)) {
    throw new HttpError(404, 'not_found')
  }
  return media
}
