// A device refused because of its user (removed from the organization, or without Add Devices) says so on
// the device screens, in the console's style: the list's Status cell with its reason and last refusal as
// hints, and a notice on the device's page. Rendered as markup from the contract's shapes.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DeviceStatusCell } from '../../src/routes/_app/-devices/DeviceStatusCell.tsx'
import { UserRefusalNotice } from '../../src/routes/_app/-devices/UserRefusalNotice.tsx'
import { deviceFixture as device, minutesAgo, NOW } from './deviceFixture.ts'

describe('the device list', () => {
  it('shows why a device its user stops is refused, and when it last tried', () => {
    const refused = device({ user_refusal: 'add_device_off', last_refused_at: minutesAgo(2) })
    expect(renderToStaticMarkup(<DeviceStatusCell device={refused} now={NOW} />)).toBe(
      'Enabled<span class="hint cell-line"> User lacks Add Devices</span><span class="hint cell-line"> Refused 2 minutes ago</span>',
    )
    const revoked = device({ is_disabled: true, user_refusal: 'not_a_member' })
    expect(renderToStaticMarkup(<DeviceStatusCell device={revoked} now={NOW} />)).toBe(
      'Disabled<span class="hint cell-line"> User no longer a member</span>',
    )
    // As before for a device its user does not stop.
    const disabled = device({ is_disabled: true, last_refused_at: minutesAgo(5) })
    expect(renderToStaticMarkup(<DeviceStatusCell device={disabled} now={NOW} />)).toBe(
      'Disabled<span class="hint cell-line"> Refused 5 minutes ago</span>',
    )
  })
})

describe("the device's page", () => {
  it('says why its user stops the device, as a notice', () => {
    const html = renderToStaticMarkup(
      <UserRefusalNotice device={device({ user_refusal: 'add_device_off' })} />,
    )
    expect(html).toMatch(/^<p class="notice" role="status" data-testid="device-user-refusal">/)
    expect(html).toContain('does not have Add Devices')
    expect(
      renderToStaticMarkup(<UserRefusalNotice device={device({ user_refusal: 'not_a_member' })} />),
    ).toContain('no longer a member of the organization')
    expect(renderToStaticMarkup(<UserRefusalNotice device={device()} />)).toBe('')
  })
})
