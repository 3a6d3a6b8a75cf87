import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/transport.ts'
import { INVALID_VOLUME_NAME_MESSAGE } from '../../src/lib/validation.ts'
import {
  CATALOGUE,
  INVALID_NAME_MESSAGES,
  addCardMessage,
  createOrgMessage,
  createVolumeMessage,
  downloadUrlMessage,
  leaveOrgMessage,
  logoutMessage,
  messageFor,
  sendCodeMessage,
  userNameMessage,
  verifyFailure,
} from '../../src/lib/messages.ts'

const status = (code: number, error = 'x') => new ApiError(code, { error })
const limited = (code: number, error: string, limit?: number) =>
  new ApiError(code, limit === undefined ? { error } : { error, limit })

describe('error catalogue', () => {
  it('send code', () => {
    expect(sendCodeMessage(status(404, 'user_not_found'))).toBe(
      'User not found.  Please signup before logging in.',
    )
    expect(sendCodeMessage(status(412, 'too_many_codes'))).toBe('Login failed, try again in 5 minutes.')
    expect(sendCodeMessage(status(400))).toBe('Failed to send code.')
    // The server's e-mail rule reads as the form's own (spec 000 section 5).
    expect(sendCodeMessage(status(400, 'invalid_email'))).toBe('Please enter a valid email address.')
    expect(sendCodeMessage(new ApiError('timeout'))).toBe('Failed to send code.')
  })
  it('verify', () => {
    expect(verifyFailure(status(412, 'not_a_member'))).toEqual({ kind: 'not_a_member' })
    expect(verifyFailure(status(403, 'too_many_tries'))).toEqual({
      kind: 'too_many_tries',
      message: 'Login failed, try again in 5 minutes.',
    })
    expect(verifyFailure(status(429, 'too_many_tries')).kind).toBe('too_many_tries')
    expect(verifyFailure(status(403, 'invalid_code'))).toEqual({
      kind: 'bad_code',
      message: 'Login failed, please check your code.',
    })
    expect(verifyFailure(new ApiError('request_failure')).kind).toBe('bad_code')
  })
  it('organization, volume and card', () => {
    expect(createOrgMessage(status(409))).toBe('Organization name already in use.')
    expect(createOrgMessage(status(400))).toBe('Create failed, please try again.')
    expect(createVolumeMessage(status(400), 'bad name')).toBe('bad name')
    expect(createVolumeMessage(status(409), 'bad name')).toBe('Volume name already in use.')
    expect(createVolumeMessage(status(500), 'bad name')).toBe('Create failed, please try again.')
    expect(createVolumeMessage(status(400))).toBe(INVALID_VOLUME_NAME_MESSAGE)
    expect(addCardMessage(status(412, 'card_declined'))).toBe('Card declined, please try again.')
    expect(addCardMessage(new ApiError('timeout'))).toBe('Failed to add payment method, please try again.')
  })
  it('names the server refused, each in its own words', () => {
    expect(createOrgMessage(status(400, 'invalid_org_name'))).toBe(INVALID_NAME_MESSAGES.org)
    expect(messageFor('org_update', status(400, 'invalid_org_name'))).toBe(INVALID_NAME_MESSAGES.org)
    // A 400 of the domain prefix keeps the specification's words.
    expect(messageFor('org_update', status(400, 'invalid_domain_prefix'))).toBe(
      'Invalid domain prefix, please use a-z, 0-9, dash and underscore only.',
    )
    expect(messageFor('app_create', status(400, 'invalid_app_name'))).toBe(INVALID_NAME_MESSAGES.app)
    expect(messageFor('app_update', status(400, 'invalid_app_name'))).toBe(INVALID_NAME_MESSAGES.app)
    expect(messageFor('device_update', status(400, 'invalid_device_name'))).toBe(INVALID_NAME_MESSAGES.device)
    for (const operation of ['network_store_add', 'network_store_update'] as const)
      expect(messageFor(operation, status(400, 'invalid_store_settings'))).toBe(INVALID_NAME_MESSAGES.store)
    expect(messageFor('user_add', status(400, 'invalid_email'))).toBe('Please enter a valid email address.')
    for (const text of Object.values(INVALID_NAME_MESSAGES)) expect(text).toMatch(/^Invalid .+\.$/)
  })
  it('user name', () => {
    expect(userNameMessage(status(409))).toBe('Username already in use.')
    expect(userNameMessage(status(400))).toBe(
      'Invalid username, please only use letters, numbers, dash and underscore.  Usernames must be between 4 and 32 characters.',
    )
    expect(userNameMessage(status(500))).toBe('Save failed, please try again.')
  })
  it('leave org and logout', () => {
    expect(leaveOrgMessage(status(403, 'admin_cannot_leave'))).toBe(
      "Sorry, you can't leave an org if you're an admin.",
    )
    expect(leaveOrgMessage(status(500))).toBe('Leave org failed, please try again.')
    expect(logoutMessage(status(403))).toBeUndefined()
    expect(logoutMessage(status(500))).toBe('Logout failed')
    expect(logoutMessage(new ApiError('request_failure'))).toBe('Logout failed')
  })
})

describe('downloadUrlMessage', () => {
  it('names the three failures of a download address', () => {
    expect(downloadUrlMessage(status(404, 'not_uploaded'))).toBe('File not uploaded, check back later.')
    expect(downloadUrlMessage(status(403, 'volume_disabled'))).toBe(
      'Sorry, you do not have permission to download this file.',
    )
    // Without the download capability, the capability's own message (000 section 6).
    expect(downloadUrlMessage(status(403, 'download_not_allowed'))).toBe(
      'Sorry, you do not have permission to download files.',
    )
    expect(downloadUrlMessage(status(500))).toBe('Failed to get download url, please try again.')
    expect(downloadUrlMessage(new ApiError('timeout'))).toBe('Failed to get download url, please try again.')
  })
})

describe('messageFor', () => {
  it('the code beats the status, the status beats the default', () => {
    expect(messageFor('grant_create', status(409, 'used_prefix_path'))).toBe(
      'Grant already exists with the path.',
    )
    expect(messageFor('grant_create', status(409, 'used_grant_name'))).toBe('Name already in use.')
    expect(messageFor('grant_create', status(409, 'something_else'))).toBe('Name already in use.')
    expect(messageFor('grant_create', status(400, 'invalid_prefix_path'))).toBe(
      'Invalid container name or prefix path.',
    )
    expect(messageFor('grant_create', status(500))).toBe('Failed to add grant, please try again.')
    expect(messageFor('volume_create', status(402, 'max_volume_count'))).toBe(
      'Sorry, your plan limit for volumes has been reached.',
    )
    expect(messageFor('volume_create', status(400, 'invalid_volume_name'))).toBe(INVALID_VOLUME_NAME_MESSAGE)
  })
  it('anything but an error answer reads the default', () => {
    expect(messageFor('user_add', new ApiError('timeout'))).toBe('Failed to add user.')
    expect(messageFor('user_add', new Error('boom'))).toBe('Failed to add user.')
    expect(messageFor('user_add', undefined)).toBe('Failed to add user.')
    // 'default' is not a code a server can pick.
    expect(messageFor('user_add', status(418, 'default'))).toBe('Failed to add user.')
  })
  it('fills {limit}, counts with thousands separators and sizes as bytes', () => {
    expect(messageFor('volume_update', limited(402, 'max_live_expire_days', 14))).toBe(
      'Sorry, your plan allows live expiration of at most 14 days.',
    )
    expect(messageFor('volume_update', limited(402, 'max_volume_count', 12000))).toBe(
      'Sorry, your plan allows at most 12,000 enabled volumes.',
    )
    expect(messageFor('volume_update', limited(402, 'max_min_expire_size', 1024 ** 3))).toBe(
      'Sorry, your plan allows a minimum expire size of at most 1.000 GB.',
    )
  })
  it('passes over an entry whose limit the answer did not send', () => {
    expect(messageFor('volume_update', limited(402, 'max_dead_expire_days'))).toBe(
      'Sorry, your plan does not allow this change.',
    )
    expect(messageFor('volume_update', limited(400, 'max_dead_expire_days'))).toBe('Failed to update volume.')
  })
  it('the spec words of issue 10', () => {
    expect(messageFor('user_add', status(402, 'max_user_count'))).toBe(
      'Sorry, your plan limit for users has been reached.',
    )
    expect(messageFor('user_add', status(409, 'used_email'))).toBe('User already exists')
    expect(messageFor('grant_delete', status(409, 'grant_has_devices'))).toBe(
      'This grant has provisioned devices. You may disable but not delete this grant.',
    )
    expect(messageFor('volume_update', status(402, 'plan_limit'))).toBe(
      'Sorry, your plan does not allow this change.',
    )
    expect(messageFor('volume_update', status(500))).toBe('Failed to update volume.')
    // Only the name's refusal reads as the name rule; another 400 (days past 365) is a failed update.
    expect(messageFor('volume_update', status(400, 'invalid_volume_name'))).toBe(INVALID_VOLUME_NAME_MESSAGE)
    expect(messageFor('volume_update', status(400, 'invalid_request'))).toBe('Failed to update volume.')
    expect(messageFor('grant_update', status(400, 'invalid_prefix_path'))).toBe(
      'Invalid container name or prefix path.',
    )
    expect(messageFor('user_add', status(429, 'too_many_invites'))).toBe(
      'Too many users were added today, please try again tomorrow.',
    )
    expect(messageFor('user_update', status(500))).toBe('Failed to update user.')
    expect(messageFor('user_remove', status(500))).toBe('Failed to remove user.')
  })
  it("devices: the plan count before any other 402, the spec's words kept", () => {
    expect(messageFor('device_update', limited(402, 'max_device_count', 2))).toBe(
      'Sorry, your plan limit for devices has been reached.',
    )
    expect(messageFor('device_update', status(402, 'plan_limit'))).toBe(
      'Sorry, you plan does not allow this change.',
    )
    expect(messageFor('device_update', status(400, 'invalid_device_name'))).toBe(INVALID_NAME_MESSAGES.device)
    expect(messageFor('device_mount_add', status(409, 'used_mount'))).toBe(
      'Failed to add mount, please try again.',
    )
    expect(messageFor('device_mount_enable', status(500))).toBe('Failed to enable mount, please try again.')
    expect(messageFor('device_mount_disable', status(500))).toBe('Failed to disable mount, please try again.')
    expect(messageFor('device_mount_delete', status(409, 'mount_synced'))).toBe(
      'This mount has been synced by the device. You may disable but not delete this mount.',
    )
    expect(messageFor('device_mount_delete', status(404, 'not_found'))).toBe(
      'Failed to delete mount, please try again.',
    )
    expect(messageFor('device_volume_key', new ApiError('timeout'))).toBe(
      'Failed to get volume key, please try again.',
    )
  })
  it('apps: a used name on create and on update, each in its words', () => {
    expect(messageFor('app_create', status(409, 'used_app_name'))).toBe(
      'Name already in use, please try again.',
    )
    expect(messageFor('app_create', status(500))).toBe('Create failed, please try again.')
    expect(messageFor('app_update', status(409, 'used_app_name'))).toBe('Name already in use.')
    expect(messageFor('app_update', status(500))).toBe('Update failed, please try again.')
    expect(messageFor('app_key', status(404, 'not_found'))).toBe('Generate key failed, please try again.')
  })
  it('payment methods: add, make default and delete, each in its words', () => {
    expect(messageFor('card_add', status(412, 'card_declined'))).toBe('Card declined, please try again.')
    expect(messageFor('card_add', status(400, 'unknown_payment_method'))).toBe(
      'Failed to add payment method, please try again.',
    )
    expect(messageFor('card_default', status(404, 'not_found'))).toBe(
      'Failed to set default method, please try again.',
    )
    expect(messageFor('card_delete', status(409, 'default_payment_method'))).toBe(
      'Failed to delete payment method, please try again.',
    )
    expect(messageFor('card_delete', new ApiError('timeout'))).toBe(
      'Failed to delete payment method, please try again.',
    )
  })
  it('every entry has a default, and no text is left with an unknown placeholder', () => {
    for (const [operation, entry] of Object.entries(CATALOGUE)) {
      expect(entry.default, operation).toMatch(/\S/)
      for (const text of Object.values(entry))
        expect(text?.replaceAll('{limit}', ''), operation).not.toMatch(/[{}]/)
    }
  })
})
