// How devices, mounts and apps read (specification 001, sections 2, 4, 5, 8 and 9), the device form's rules
// and the update it sends (changed fields only), and the client downloads built from one path.
import { describe, expect, it } from 'vitest'
import {
  KEY_SHOWN_ONCE_HINT,
  appStatusText,
  keyButtonText,
  keyConfirm,
  keyStateText,
} from '../../src/routes/_app/-apps/appText.ts'
import { CLIENT_RELEASES, agentCommands, releaseText } from '../../src/routes/_app/-devices/clientReleases.ts'
import {
  INVALID_DEVICE_NAME_MESSAGE,
  INVALID_UPLOAD_PRIORITY_MESSAGE,
  deviceChanges,
  formOfSettings,
  readDeviceForm,
  settingsOfDevice,
} from '../../src/routes/_app/-devices/deviceForm.ts'
import {
  deviceStatus,
  lastRefusedText,
  mountStatusText,
  refusedText,
  userRefusalNotice,
} from '../../src/routes/_app/-devices/deviceStatus.ts'
import { deviceFixture as device, minutesAgo, NOW } from './deviceFixture.ts'

describe('device status', () => {
  it('a disabled device that was refused says when; an enabled one does not', () => {
    expect(deviceStatus(device({ is_disabled: true, last_refused_at: minutesAgo(5) }), NOW)).toEqual({
      status: 'Disabled',
      refused: 'Refused 5 minutes ago',
    })
    expect(deviceStatus(device({ is_disabled: true }), NOW)).toEqual({
      status: 'Disabled',
      refused: undefined,
    })
    // Refused while disabled, enabled since: the list no longer says it.
    expect(deviceStatus(device({ last_refused_at: minutesAgo(5) }), NOW)).toEqual({
      status: 'Enabled',
      refused: undefined,
    })
  })

  it('a device its user stops says why, enabled or not, and when it last tried', () => {
    expect(
      deviceStatus(device({ user_refusal: 'add_device_off', last_refused_at: minutesAgo(2) }), NOW),
    ).toEqual({ status: 'Enabled', reason: 'User lacks Add Devices', refused: 'Refused 2 minutes ago' })
    expect(deviceStatus(device({ is_disabled: true, user_refusal: 'not_a_member' }), NOW)).toEqual({
      status: 'Disabled',
      reason: 'User no longer a member',
      refused: undefined,
    })
    // A device its user does not stop gives no reason.
    expect(deviceStatus(device({ last_refused_at: minutesAgo(5) }), NOW).reason).toBeUndefined()
  })

  it("the device's page explains a refusal by its user, and what brings the device back", () => {
    expect(userRefusalNotice('add_device_off')).toBe(
      "This device's user does not have Add Devices: every call of the device is refused until an " +
        'admin gives it back.',
    )
    expect(userRefusalNotice('not_a_member')).toBe(
      "This device's user is no longer a member of the organization: the device was revoked. Its token " +
        'no longer works; enabled again, it must be registered again.',
    )
  })

  it('a refusal stamped ahead of this clock reads as just now', () => {
    expect(refusedText(new Date(NOW.getTime() + 60_000).toISOString(), NOW)).toBe(
      'Refused less than a minute ago',
    )
    expect(refusedText(null, NOW)).toBeUndefined()
  })

  it('offboarding names the last refusal with its time, or that there was none', () => {
    expect(lastRefusedText(minutesAgo(120), NOW)).toMatch(/^Refused about 2 hours ago \(\d\d\/\d\d\/26 /)
    expect(lastRefusedText(null, NOW)).toBe('Never refused')
  })

  it('a mount reads its own switch, then whether its volume or container stops it', () => {
    const mount = { is_disabled: false, grant_is_disabled: false, volume_is_disabled: false }
    expect(mountStatusText(mount)).toBe('Enabled')
    expect(mountStatusText({ ...mount, is_disabled: true, volume_is_disabled: true })).toBe('Disabled')
    expect(mountStatusText({ ...mount, volume_is_disabled: true, grant_is_disabled: true })).toBe(
      'Enabled (volume disabled)',
    )
    expect(mountStatusText({ ...mount, grant_is_disabled: true })).toBe('Enabled (container disabled)')
  })
})

describe('device form', () => {
  const saved = settingsOfDevice(device())
  const form = formOfSettings(saved)

  it('an untouched form sends nothing', () => {
    const { settings, errors } = readDeviceForm(form, saved)
    expect(errors).toEqual({})
    expect(settings && deviceChanges(saved, settings)).toEqual({})
  })

  it('sends only the changed fields, the name trimmed and the priority a number', () => {
    const { settings } = readDeviceForm(
      { ...form, device_name: ' Bay 2 ', upload_priority: '1000', is_upload_disabled: true, user_id: '9' },
      saved,
    )
    expect(settings && deviceChanges(saved, settings)).toEqual({
      device_name: 'Bay 2',
      upload_priority: 1000,
      is_upload_disabled: true,
      user_id: 9,
    })
    // Spaces around the saved name are no change.
    const same = readDeviceForm({ ...form, device_name: ' Edit Bay ' }, saved).settings
    expect(same && deviceChanges(saved, same)).toEqual({})
  })

  it('refuses an empty or long name and a priority outside 0 to 1000', () => {
    expect(readDeviceForm({ ...form, device_name: '  ' }, saved)).toEqual({
      settings: undefined,
      errors: { device_name: INVALID_DEVICE_NAME_MESSAGE },
    })
    expect(readDeviceForm({ ...form, device_name: 'x'.repeat(65) }, saved).errors.device_name).toBe(
      INVALID_DEVICE_NAME_MESSAGE,
    )
    expect(readDeviceForm({ ...form, device_name: 'x'.repeat(64) }, saved).errors).toEqual({})
    for (const priority of ['1001', '-1', '', '5.5', '1e2'])
      expect(readDeviceForm({ ...form, upload_priority: priority }, saved).errors, priority).toEqual({
        upload_priority: INVALID_UPLOAD_PRIORITY_MESSAGE,
      })
    expect(readDeviceForm({ ...form, upload_priority: '0' }, saved).settings?.upload_priority).toBe(0)
  })

  it('a device without a user keeps none until one is chosen', () => {
    const userless = settingsOfDevice(device({ user_id: null }))
    const userlessForm = formOfSettings(userless)
    expect(userlessForm.user_id).toBe('')
    const { settings } = readDeviceForm({ ...userlessForm, is_avid_enabled: true }, userless)
    expect(settings && deviceChanges(userless, settings)).toEqual({ is_avid_enabled: true })
  })
})

describe('client downloads', () => {
  it('lists the releases of the specification', () => {
    expect(CLIENT_RELEASES.map(releaseText)).toEqual([
      'Mac Apple Silicon 1.0.261',
      'Mac Intel 1.0.261',
      'Avid Launcher 1.0.80',
      'Windows x64 1.0.440 (beta)',
      'Windows arm64 1.0.440 (beta)',
    ])
  })
  it("gives the device agent's commands for this console's address", () => {
    expect(agentCommands('https://console.example.com/')).toEqual([
      'node media-agent.mjs login --server https://console.example.com --email you@example.com',
      'node media-agent.mjs register --app <app_id> --secret <secret_key>',
      'node media-agent.mjs sync <mount> <folder>',
    ])
  })
})

describe('app text', () => {
  it('New Key until the app has one, then Regenerate Key, each asked first', () => {
    const app = { app_name: 'Desktop', has_key: false, is_disabled: false }
    expect(keyButtonText(app)).toBe('New Key')
    expect(keyStateText(app)).toBe('Not set')
    expect(keyConfirm(app).positive).toBe('New Key')
    expect(keyButtonText({ ...app, has_key: true })).toBe('Regenerate Key')
    expect(keyConfirm({ ...app, has_key: true })).toMatchObject({
      positive: 'Regenerate Key',
      text: expect.stringContaining('Regenerate the secret key of Desktop?'),
    })
    expect(KEY_SHOWN_ONCE_HINT).toContain('will not be shown again')
  })

  it('reads Enabled or Disabled', () => {
    expect(appStatusText({ is_disabled: false })).toBe('Enabled')
    expect(appStatusText({ is_disabled: true })).toBe('Disabled')
  })
})
