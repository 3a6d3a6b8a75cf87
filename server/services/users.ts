// An organization's users as its admins manage them. Adding someone who has no account yet creates it
// (they sign in by e-mail code like anyone) and mails them; re-adding a member answers 409 even at the
// plan's limit. An admin holds every capability. No admin changes or removes their own membership here,
// so an organization always keeps the admin who is acting. Giving a member a volume means giving them the
// volume's root container ('/'), made when the volume has none.
import {
  NEW_MEMBER_CAPABILITIES,
  type AddUserRequest,
  type UpdateOrgUserRequest,
} from '../contract/orgUser.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../http/errors.ts'
import { addedToOrgMessage } from '../mail/messages.ts'
import type { Mailer } from '../mail/mailer.ts'
import {
  addGrantUser,
  findGrantByPrefix,
  insertGrant,
  isGrantNameTaken,
  removeGrantUser,
} from '../repositories/grants.ts'
import { findOrgUser, insertMember, updateMember, type Capabilities } from '../repositories/orgUsers.ts'
import { findMembership, removeMember, type Membership } from '../repositories/orgs.ts'
import { ensureUser } from '../repositories/users.ts'
import { findVolume } from '../repositories/volumes.ts'
import { recordAdminEvent } from './audit.ts'
import { isValidEmail, normalizeEmail } from './login.ts'
import { checkUserSlot, lockOrgPlan } from './planLimits.ts'

export { listOrgUsers } from '../repositories/orgUsers.ts'

/** An admin's capabilities are all on, whatever was asked. */
function withRole(caps: Capabilities): Capabilities {
  return caps.is_admin
    ? { is_admin: true, cap_add_device: true, cap_web_download: true, cap_web_upload: true }
    : caps
}

function describeCaps(caps: Capabilities): string {
  if (caps.is_admin) return 'Org Admin'
  const names = [
    caps.cap_web_upload ? 'Web Upload' : undefined,
    caps.cap_web_download ? 'Web Download' : undefined,
    caps.cap_add_device ? 'Add Devices' : undefined,
  ].filter(Boolean)
  return names.length > 0 ? names.join(', ') : 'Usage'
}

export interface AddUserContext {
  mailer: Mailer
  signInUrl: string
}

export async function addUser(
  db: Database,
  admin: Membership,
  request: AddUserRequest,
  context: AddUserContext,
): Promise<number> {
  const email = normalizeEmail(request.email)
  if (!isValidEmail(email)) throw new HttpError(400, 'invalid_email')
  const caps = withRole({
    is_admin: request.is_admin ?? false,
    cap_add_device: request.cap_add_device ?? NEW_MEMBER_CAPABILITIES.cap_add_device,
    cap_web_download: request.cap_web_download ?? NEW_MEMBER_CAPABILITIES.cap_web_download,
    cap_web_upload: request.cap_web_upload ?? NEW_MEMBER_CAPABILITIES.cap_web_upload,
  })
  const added = await db.transaction(async (tx) => {
    // An organization without a plan yet may have members too (see checkUserSlot).
    const plan = await lockOrgPlan(tx, admin.org_id)
    const user = await ensureUser(tx, email)
    if (await findMembership(tx, admin.org_id, user.user_id)) throw new HttpError(409, 'used_email')
    await checkUserSlot(tx, admin.org_id, plan)
    await insertMember(tx, admin.org_id, user.user_id, caps)
    const [org] = await tx.query<{ org_name: string }>('SELECT org_name FROM org WHERE org_id = $1', [
      admin.org_id,
    ])
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'user_add',
      userId: admin.user_id,
      subjectUserId: user.user_id,
      summary: `Added ${user.email} (${describeCaps(caps)})`,
    })
    return { user, orgName: org?.org_name ?? '' }
  })
  // After the commit: a member is added even when the mail cannot go out now (they can still sign in).
  await context.mailer.send(addedToOrgMessage(added.user.email, added.orgName, context.signInUrl))
  return added.user.user_id
}

/** The member an admin names: never the admin themself (403), never someone outside (404). */
async function requireOtherMember(tx: Queryable, admin: Membership, userId: number) {
  if (userId === admin.user_id) throw new HttpError(403, 'cannot_edit_self')
  const user = await findOrgUser(tx, admin.org_id, userId)
  if (!user) throw new HttpError(404, 'not_found')
  return user
}

export async function changeUser(
  db: Database,
  admin: Membership,
  userId: number,
  request: UpdateOrgUserRequest,
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await requireOtherMember(tx, admin, userId)
    const before: Capabilities = {
      is_admin: user.is_admin,
      cap_add_device: user.cap_add_device,
      cap_web_download: user.cap_web_download,
      cap_web_upload: user.cap_web_upload,
    }
    const after = withRole({ ...before, ...request })
    if ((Object.keys(after) as Array<keyof Capabilities>).every((key) => after[key] === before[key])) return
    await updateMember(tx, admin.org_id, userId, after)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'user_update',
      userId: admin.user_id,
      subjectUserId: userId,
      summary: `${user.email}: ${describeCaps(before)} → ${describeCaps(after)}`,
    })
  })
}

export async function removeUser(db: Database, admin: Membership, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await requireOtherMember(tx, admin, userId)
    await removeMember(tx, admin.org_id, userId)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'user_remove',
      userId: admin.user_id,
      subjectUserId: userId,
      summary: `Removed ${user.email}, who held ${user.media_grant_list.length} container(s) and ${user.device_list.length} device(s)`,
    })
  })
}

/** Gives or takes a volume's root container. */
export async function setUserVolume(
  db: Database,
  admin: Membership,
  userId: number,
  volumeId: number,
  holds: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findOrgUser(tx, admin.org_id, userId)
    const volume = await findVolume(tx, admin.org_id, volumeId)
    if (!user || !volume) throw new HttpError(404, 'not_found')
    let grant = await findGrantByPrefix(tx, admin.org_id, volumeId, '/')
    if (!grant && !holds) return
    if (!grant) {
      const grantName = await freeGrantName(tx, admin.org_id, volume.volume_name)
      const grantId = await insertGrant(tx, {
        orgId: admin.org_id,
        volumeId,
        grantName,
        prefixPath: '/',
        userIds: [],
      })
      grant = {
        media_grant_id: grantId,
        volume_id: volumeId,
        grant_name: grantName,
        prefix_path: '/',
        is_disabled: false,
      }
      await recordAdminEvent(tx, {
        orgId: admin.org_id,
        action: 'grant_create',
        userId: admin.user_id,
        volumeId,
        grantId,
        summary: `Added container ${grantName} over / of ${volume.volume_name}`,
      })
    }
    const changed = holds
      ? await addGrantUser(tx, admin.org_id, grant.media_grant_id, userId)
      : await removeGrantUser(tx, admin.org_id, grant.media_grant_id, userId)
    if (!changed) return
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: holds ? 'grant_add_user' : 'grant_remove_user',
      userId: admin.user_id,
      volumeId,
      grantId: grant.media_grant_id,
      subjectUserId: userId,
      summary: `${holds ? 'Gave' : 'Took'} volume ${volume.volume_name} ${holds ? 'to' : 'from'} ${user.email}`,
    })
  })
}

/** The volume's name as a container name, or that name with a number when another container has it. */
async function freeGrantName(tx: Queryable, orgId: number, volumeName: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? volumeName : `${volumeName} ${n}`
    if (!(await isGrantNameTaken(tx, orgId, name))) return name
  }
}
