import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/transport.ts'
import {
  addCardMessage,
  createOrgMessage,
  createVolumeMessage,
  downloadUrlMessage,
  leaveOrgMessage,
  logoutMessage,
  sendCodeMessage,
  userNameMessage,
  verifyFailure,
} from '../../src/lib/messages.ts'

const status = (code: number, error = 'x') => new ApiError(code, { error })

describe('error catalogue', () => {
  it('send code', () => {
    expect(sendCodeMessage(status(404, 'user_not_found'))).toBe(
      'User not found.  Please signup before logging in.',
    )
    expect(sendCodeMessage(status(412, 'too_many_codes'))).toBe('Login failed, try again in 5 minutes.')
    expect(sendCodeMessage(status(400))).toBe('Failed to send code.')
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
    expect(createVolumeMessage(status(409), 'bad name')).toBe('Create failed, please try again.')
    expect(addCardMessage(status(412, 'card_declined'))).toBe('Card declined, please try again.')
    expect(addCardMessage(new ApiError('timeout'))).toBe('Failed to add payment method, please try again.')
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
    expect(downloadUrlMessage(status(403, 'download_not_allowed'))).toBe(
      'Sorry, you do not have permission to download this file.',
    )
    expect(downloadUrlMessage(status(500))).toBe('Failed to get download url, please try again.')
    expect(downloadUrlMessage(new ApiError('timeout'))).toBe('Failed to get download url, please try again.')
  })
})
