// A file's detail as the file screen shows it: the file, its versions, the devices that hold its content
// through a container that covers it (none while it names stored content out of reach of the one who
// registered it: the list would tell where else that content lies), whether its content can be read (stored,
// and proven for its current version), who changed it last, and what the derivative job read of its content
// (only when it can be read: a hash names nothing by itself).
import type { MediaDetail, MediaInfo } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import { findDerivative, type DerivativeRow } from '../repositories/derivatives.ts'
import {
  findNames,
  findVersionState,
  listHashContainers,
  listVersions,
  type MediaRow,
} from '../repositories/media.ts'

export async function mediaDetail(db: Queryable, orgId: number, row: MediaRow): Promise<MediaDetail> {
  const { volume_id: _volumeId, ...media } = row
  const [versionList, hashContainers, state, names, derivative] = await Promise.all([
    listVersions(db, orgId, media.media_id),
    listHashContainers(db, orgId, row),
    findVersionState(db, orgId, media.media_version_id),
    findNames(db, media.last_update_user_id, media.last_update_device_id),
    findDerivative(db, orgId, media.file_hash),
  ])
  return {
    ...media,
    version_list: versionList,
    hash_containers: state.is_proven || !state.is_stored ? hashContainers : [],
    in_s3: state.is_readable,
    last_update_user_name: names.user_name,
    last_update_user_email: names.email,
    last_update_device_name: names.device_name,
    media_info: state.is_readable ? mediaInfoOf(derivative) : null,
  }
}

/** What the job read, when it read anything (a format at least). */
function mediaInfoOf(row: DerivativeRow | undefined): MediaInfo | null {
  if (!row || row.format === null) return null
  const { width, height, duration_seconds, video_codec, audio_codec, format } = row
  return { width, height, duration_seconds, video_codec, audio_codec, format }
}
