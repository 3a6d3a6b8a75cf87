// A device as the server answers it, for the device screens' tests: an enabled device of user 7, changed by
// what a test names.
import type { Device } from '../../server/contract/device.ts'

export const NOW = new Date('2026-11-25T12:00:00Z')
export const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()

export function deviceFixture(overrides: Partial<Device> = {}): Device {
  return {
    device_id: 3,
    device_name: 'Edit Bay',
    user_id: 7,
    user_name: null,
    email: 'ed@example.com',
    org_id: 1,
    app_id: 5,
    app_name: 'Desktop',
    is_disabled: false,
    is_upload_disabled: false,
    is_download_disabled: false,
    upload_priority: 500,
    is_avid_enabled: false,
    last_seen: null,
    last_version: null,
    last_refused_at: null,
    user_refusal: null,
    media_grant_list: [],
    held_count: 0,
    volume_key_list: [],
    ...overrides,
  }
}
