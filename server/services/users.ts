// An organization's users as its admins manage them. Adding someone who has no account yet creates it
// (they sign in by e-mail code like anyone) and mails them; re-adding a member answers 409 even at the
// plan's limit. An admin holds every capability. No admin changes or removes their own membership here,
// so an organization always keeps the admin who is acting. Removing a member revokes their devices for
// good. Giving a member a volume means giving them the volume's root container ('/'), made when the volume
// has none.
import type { AddUserRequest, UpdateOrgUserRequest } from '../contract/orgUser.ts'
import { NEW_MEMBER_CAPABILITIES } from '../contract/limits.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { checkEmail } from './fieldRules.ts'
import { addedToOrgMessage } from '../mail/messages.ts'
import type { Mailer } from '../mail/mailer.ts'
import { addGrantUser, findGrantByPrefix, removeGrantUser } from '../repositories/grants.ts'
import { findOrgUser, insertMember, updateMember, type Capabilities } from '../repositories/orgUsers.ts'
import { findMembership, lockOrg, removeMember, type Membership } from '../repositories/orgs.ts'
import { ensureUser, findUserByEmail } from '../repositories/users.ts'
import { findVolume } from '../repositories/volumes.ts'
import { recordAdminEvent } from './audit.ts'
import { revokeDevicesOf } from './devices.ts'
import { createRootGrant } from './grants.ts'
import { checkUserSlot, lockOrgPlan } from './planLimits.ts'
import { RATE_LIMITS, takeRate } from './rateLimit.ts'

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
  /** Where a mail that could not go out is told. */
  log: { warn(details: object, message: string): void }
}

export async function addUser(
  db: Database,
  admin: Membership,
  request: AddUserRequest,
  context: AddUserContext,
): Promise<number> {
  // Before the rate limits and the user row: an address the mailer would not send to as one mailbox is no
  // one's, and must leave nothing behind.
  const email = checkEmail(request.email)
  const caps = withRole({
    is_admin: request.is_admin ?? false,
    cap_add_device: request.cap_add_device ?? NEW_MEMBER_CAPABILITIES.cap_add_device,
    cap_web_download: request.cap_web_download ?? NEW_MEMBER_CAPABILITIES.cap_web_download,
    cap_web_upload: request.cap_web_upload ?? NEW_MEMBER_CAPABILITIES.cap_web_upload,
  })
  // Every addition mails someone the admin named, with a subject naming the organization: a limit per
  // organization and per admin keeps the product from being a way to mail strangers. A member added
  // already answers 409 first, as the contract says, without using up the limit.
  const known = await findUserByEmail(db, email)
  if (known && (await findMembership(db, admin.org_id, known.user_id))) throw new HttpError(409, 'used_email')
  const allowed =
    (await takeRate(db, RATE_LIMITS.invitePerOrg, String(admin.org_id))) &&
    (await takeRate(db, RATE_LIMITS.invitePerAdmin, String(admin.user_id)))
  if (!allowed) throw new HttpError(429, 'too_many_invites')
  const added = await db.transaction(async (tx) => {
    // An organization without a plan yet may have members too (see checkUserSlot).
    const plan = await lockOrgPlan(tx, admin.org_id)
    const user = await ensureUser(tx, email)
    if (await findMembership(tx, admin.org_id, user.user_id)) throw new HttpError(409, 'used_email')
    await checkUserSlot(tx, admin.org_id, plan)
    await insertMember(tx, admin.org_id, user.user_id, caps)
    const org = await lockOrg(tx, admin.org_id)
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
  try {
    await context.mailer.send(addedToOrgMessage(added.user.email, added.orgName, context.signInUrl))
  } catch (error) {
    context.log.warn(
      { err: error, org_id: admin.org_id },
      'the mail to a member just added could not be sent',
    )
  }
  return added.user.user_id
}

/**
 * The member an admin names: never the admin themself (403), never someone outside (404). The
 * organization's row is locked first and the acting admin checked again under the lock: two admins changing
 * each other at once are taken one after the other, and the second, no longer an admin, is refused, so the
 * organization always keeps an admin.
 */
async function requireOtherMember(tx: Queryable, admin: Membership, userId: number) {
  if (userId === admin.user_id) throw new HttpError(403, 'cannot_edit_self')
  await lockOrgPlan(tx, admin.org_id)
  if (!(await findMembership(tx, admin.org_id, admin.user_id))?.is_admin)
    throw new HttpError(403, 'admin_required')
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
    await revokeDevicesOf(tx, { orgId: admin.org_id, actorId: admin.user_id, user, end: 'removed' })
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
    const existing = await findGrantByPrefix(tx, admin.org_id, volumeId, '/')
    if (!existing && !holds) return
    let grant = existing
    if (!grant) {
      grant = await createRootGrant(tx, admin.org_id, volume)
      await recordAdminEvent(tx, {
        orgId: admin.org_id,
        action: 'grant_create',
        userId: admin.user_id,
        volumeId,
        grantId: grant.media_grant_id,
        summary: `Added container ${grant.grant_name} over / of ${volume.volume_name}`,
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
