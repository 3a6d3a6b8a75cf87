// A file's detail as the file screen shows it: the file, its versions, the devices that hold its content
// through a container that covers it (none while it names stored content out of reach of the one who
// registered it: the list would tell where else that content lies), whether its content can be read (stored,
// and proven for its current version), and who changed it last.
import type { MediaDetail } from '../contract/media.ts'
import type { Queryable } from '../db/index.ts'
import {
  findNames,
  findVersionState,
  listHashContainers,
  listVersions,
  type MediaRow,
} from '../repositories/media.ts'

export async function mediaDetail(db: Queryable, orgId: number, row: MediaRow): Promise<MediaDetail> {
  const { volume_id: _volumeId, ...media } = row
  const [versionList, hashContainers, state, names] = await Promise.all([
    listVersions(db, orgId, media.media_id),
    listHashContainers(db, orgId, row),
    findVersionState(db, orgId, media.media_version_id),
    findNames(db, media.last_update_user_id, media.last_update_device_id),
  ])
  return {
    ...media,
    version_list: versionList,
    hash_containers: state.is_proven || !state.is_stored ? hashContainers : [],
    in_s3: state.is_readable,
    last_update_user_name: names.user_name,
    last_update_user_email: names.email,
    last_update_device_name: names.device_name,
  }
}
