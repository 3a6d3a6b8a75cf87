// The volume settings form's rules (specification 001, sections 4 and 5): expiration Off sends 0 and Expire
// starts at the plan's default, days are 1 to 365, the name rule holds for a changed name only (spaces at
// either end break it, nothing is trimmed), and only changed settings are sent.
import { describe, expect, it } from 'vitest'
import type { Volume } from '../../server/contract/volume.ts'
import { changedFields } from '../../src/lib/draft.ts'
import { INVALID_VOLUME_NAME_MESSAGE } from '../../src/lib/validation.ts'
import {
  INVALID_EXPIRE_DAYS_MESSAGE,
  INVALID_MIN_EXPIRE_SIZE_MESSAGE,
  expirationText,
  formOfSettings,
  readForm,
  setExpire,
  settingsOfVolume,
  type VolumeSettingsForm,
} from '../../src/routes/_app/-volume/volumeSettings.ts'

const volume: Volume = {
  volume_id: 4,
  volume_name: 'Footage',
  is_disabled: false,
  is_user_volume: false,
  min_expire_size: 0,
  live_expire_days: 0,
  dead_expire_days: 3,
}
const saved = settingsOfVolume(volume)
const form = formOfSettings(saved)

function edited(values: Partial<VolumeSettingsForm>) {
  return readForm({ ...form, ...values }, saved)
}

describe('volume settings form', () => {
  it('reads a volume into the form: 0 days is Off with no days typed', () => {
    expect(form).toEqual({
      volume_name: 'Footage',
      is_disabled: false,
      min_expire_size: '0',
      live_expire: false,
      live_expire_days: '',
      dead_expire: true,
      dead_expire_days: '3',
    })
    expect(readForm(form, saved)).toEqual({ settings: saved, errors: {} })
  })

  it('Expire starts at the plan default unless days are typed; Off clears the days and sends 0', () => {
    expect(setExpire(form, 'live', true, 5)).toEqual({ live_expire: true, live_expire_days: '5' })
    expect(setExpire({ ...form, live_expire_days: '9' }, 'live', true, 5)).toEqual({
      live_expire: true,
      live_expire_days: '9',
    })
    expect(setExpire(form, 'live', true, null)).toEqual({ live_expire: true, live_expire_days: '' })
    const off = { ...form, ...setExpire(form, 'dead', false, 3) }
    expect(off).toMatchObject({ dead_expire: false, dead_expire_days: '' })
    expect(changedFields(saved, readForm(off, saved).settings ?? saved)).toEqual({ dead_expire_days: 0 })
  })

  it('days are whole numbers from 1 to 365 while expiring', () => {
    for (const days of ['', '0', '366', '1.5', '-1', '1e2', 'ten']) {
      expect(edited({ dead_expire_days: days }), days).toEqual({
        settings: undefined,
        errors: { dead_expire_days: INVALID_EXPIRE_DAYS_MESSAGE },
      })
    }
    expect(edited({ dead_expire_days: '365' }).settings?.dead_expire_days).toBe(365)
    expect(edited({ live_expire: true, live_expire_days: '1' }).settings?.live_expire_days).toBe(1)
    // Past the plan's maximum is the server's to refuse, quoting its limit.
    expect(edited({ dead_expire_days: '4' }).settings?.dead_expire_days).toBe(4)
  })

  it('holds a changed name to the rule as typed, without trimming', () => {
    for (const name of ['', 'ab', 'Footage ', ' Footage', 'Foot/age', 'x'.repeat(65)]) {
      expect(edited({ volume_name: name }).errors, JSON.stringify(name)).toEqual({
        volume_name: INVALID_VOLUME_NAME_MESSAGE,
      })
    }
    expect(edited({ volume_name: 'Raw Footage_2' }).settings?.volume_name).toBe('Raw Footage_2')
    // A name saved before the rule was enforced does not keep the other settings from being saved.
    const legacy = { ...saved, volume_name: 'Old name ' }
    expect(readForm({ ...formOfSettings(legacy), is_disabled: true }, legacy).settings).toMatchObject({
      is_disabled: true,
    })
  })

  it('the minimum expire size is a whole number of bytes', () => {
    expect(edited({ min_expire_size: '' }).errors).toEqual({
      min_expire_size: INVALID_MIN_EXPIRE_SIZE_MESSAGE,
    })
    expect(edited({ min_expire_size: '1.5' }).errors).toEqual({
      min_expire_size: INVALID_MIN_EXPIRE_SIZE_MESSAGE,
    })
    expect(edited({ min_expire_size: '1048576' }).settings?.min_expire_size).toBe(1048576)
  })

  it('only what differs from the saved settings is sent', () => {
    const settings = edited({ volume_name: 'Raw', is_disabled: true, min_expire_size: '00' }).settings
    expect(settings && changedFields(saved, settings)).toEqual({ volume_name: 'Raw', is_disabled: true })
  })

  it('the list shows days, or Off for 0', () => {
    expect([0, 1, 14].map(expirationText)).toEqual(['Off', '1 day', '14 days'])
  })
})
