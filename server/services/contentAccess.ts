// The one rule of who may name content by its hash (docs/architecture.md): a caller may skip sending
// content, register it as proven and download it only when it is reachable by them: a proven version of it
// lies, live or deleted, in the container the call goes through or another enabled one they hold (for a
// device: one of its enabled mounts), or they sent its bytes themselves (from the web or any of their
// devices). Knowing a hash proves nothing: SHA-256 values
// are shown in listings, mount file lists and logs.
import type { Database, Queryable } from '../db/index.ts'
import type { GrantAccess } from './callers.ts'
import { canReachContent, recordSender, settleContentSize } from '../repositories/contentProof.ts'

const grantScopeOf = (access: GrantAccess) => ({ volumeId: access.grant.volume_id, root: access.root })

export function canReach(db: Queryable, access: GrantAccess, fileHash: string): Promise<boolean> {
  const caller = { userId: access.member.user_id, deviceId: access.device?.device_id }
  return canReachContent(db, access.member.org_id, fileHash, caller, grantScopeOf(access))
}

/**
 * The caller sent the content's bytes through this container and the store holds them (storedSize bytes):
 * they may name it from now on, the versions waiting on it become downloadable, and every file of it says
 * the stored size.
 */
export async function proveSent(
  db: Database,
  access: GrantAccess,
  fileHash: string,
  storedSize: number,
): Promise<void> {
  const orgId = access.member.org_id
  await db.transaction(async (tx) => {
    await recordSender(tx, orgId, fileHash, access.member.user_id, grantScopeOf(access))
    await settleContentSize(tx, orgId, fileHash, storedSize)
  })
}
