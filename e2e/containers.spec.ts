// Containers (specification 001, section 2) against the real server: an admin adds one on a volume, is
// shown what its prefix overlaps (beyond the spec: nextcloud/groupfolders#138), is refused a used name
// or path; then gives a member a container and takes it back, disables and enables it, and deletes it
// after a confirmation that lists who holds it; a container a device mounts offers Disable in place of
// Delete. The organization, its files and the member are made
// through the API.
import {
  addDeviceMount,
  addOrgUser,
  createApp,
  createGrant,
  createReadyOrg,
  listGrants,
  listVolumes,
  newAppKey,
  putFile,
  registerDevice,
  signUpUser,
} from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

const VOLUME = 'Containers Volume'
const BRIEF = 'the brief'

test.describe('containers', () => {
  let sessionKey: string
  let orgId: number
  let volumeId: number
  let memberEmail: string

  test.beforeAll(async () => {
    const email = freshEmail('containers')
    sessionKey = await signUpUser(email)
    orgId = await createReadyOrg(sessionKey, `Containers Org ${email}`, VOLUME)
    const volume = (await listVolumes(sessionKey, orgId)).find((each) => each.volume_name === VOLUME)
    const root = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === VOLUME)
    if (!volume || !root) throw new Error('the new volume came without its root container')
    volumeId = volume.volume_id
    // A file where the first container will go, through the volume's root container ('/').
    await putFile({ sessionKey, orgId, grantId: root.media_grant_id }, '/projects/brief.txt', BRIEF)
    memberEmail = freshEmail('containers-member')
    await addOrgUser(sessionKey, orgId, { email: memberEmail })
  })

  test.beforeEach(async ({ layout }) => {
    await layout.useSession(sessionKey)
  })

  test('adds a container, shown what its prefix overlaps, and refuses a used name or path', async ({
    page,
    grantList,
    grantDetail,
  }) => {
    await grantList.gotoVolume(volumeId)
    await expect(grantList.heading).toHaveText(VOLUME)
    await expect(grantList.row(VOLUME)).toContainText('/')
    await expect(grantList.addGrant).toBeDisabled()

    await grantList.fill('Projects', 'projects')
    await expect(grantList.overlap).toContainText('Stored as /projects/.')
    await expect(grantList.overlap).toContainText(`${VOLUME} /: contains this path`)
    await expect(grantList.overlap).toContainText(`1 file (${BRIEF.length} B) already under this path.`)
    await grantList.addGrant.click()
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/grant/Projects$`))
    await expect(grantDetail.heading).toHaveText('Projects')
    await expect(grantDetail.prefixPath).toHaveText('/projects/')
    await expect(grantDetail.status).toHaveText('Enabled')

    // A prefix inside the new container: the preview names the container it falls in.
    await grantList.gotoVolume(volumeId)
    await expect(grantList.row('Projects')).toContainText('/projects/')
    await grantList.fill('Archive', 'projects/2026')
    await expect(grantList.overlap).toContainText('Stored as /projects/2026/.')
    await expect(grantList.overlap).toContainText('Projects /projects/: contains this path')
    await expect(grantList.overlap).toContainText('No files are under this path yet.')

    // Names are unique without regard to case; prefixes are unique in the volume, '/' or not.
    await grantList.fill('projects', 'elsewhere')
    await grantList.addGrant.click()
    await expect(grantList.error).toHaveText('Name already in use.')
    await grantList.fill('Elsewhere', '/projects')
    await grantList.addGrant.click()
    await expect(grantList.error).toHaveText('Grant already exists with the path.')
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/permission$`))
  })

  test('gives a member a container and takes it back, disables and enables it, deletes it', async ({
    page,
    grantList,
    grantDetail,
  }) => {
    await grantList.gotoAll()
    await expect(grantList.heading).toHaveText('Containers')
    await expect(grantList.row(VOLUME)).toBeVisible()
    await grantList.volume.selectOption({ label: VOLUME })
    await grantList.fill('Review', 'review')
    await grantList.addGrant.click()
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/grant/Review$`))
    await expect(grantDetail.users).toContainText('No one holds this container yet.')
    await expect(grantDetail.devices).toContainText('No devices mount this container.')

    await expect(grantDetail.addUser).toBeDisabled()
    await grantDetail.userChoice.selectOption({ label: memberEmail })
    await grantDetail.addUser.click()
    await expect(grantDetail.userRow(memberEmail)).toBeVisible()
    await grantList.gotoAll()
    await expect(grantList.row('Review')).toContainText(memberEmail)

    // The address finds the container without regard to case.
    await grantDetail.goto(volumeId, 'review')
    await expect(grantDetail.heading).toHaveText('Review')
    // Delete asks first, naming who holds it; Cancel keeps it.
    await grantDetail.deleteButton.click()
    await expect(grantDetail.dialog).toContainText('Delete container Review?')
    await expect(grantDetail.dialog).toContainText(`User: ${memberEmail}`)
    await grantDetail.answerDialog('Cancel')
    await expect(grantDetail.dialog).toHaveCount(0)

    await grantDetail.removeUser(memberEmail)
    await expect(grantDetail.userRow(memberEmail)).toHaveCount(0)
    await expect(grantDetail.users).toContainText('No one holds this container yet.')

    // Enable and Disable: each only from the other state.
    await expect(grantDetail.enable).toBeDisabled()
    await grantDetail.disable.click()
    await expect(grantDetail.status).toHaveText('Disabled')
    await expect(grantDetail.disable).toBeDisabled()
    await grantDetail.enable.click()
    await expect(grantDetail.status).toHaveText('Enabled')
    await expect(grantDetail.enable).toBeDisabled()

    await grantDetail.deleteButton.click()
    await grantDetail.answerDialog('Delete')
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/permission$`))
    await expect(grantList.row(VOLUME)).toBeVisible()
    await expect(grantList.row('Review')).toHaveCount(0)
  })

  test('a container that a device mounts says so before Delete, and offers Disable instead', async ({
    page,
    grantDetail,
  }) => {
    const grantId = await createGrant(sessionKey, orgId, {
      volume_id: volumeId,
      grant_name: 'Mounted',
      prefix_path: 'mounted',
    })
    const appId = await createApp(sessionKey, orgId, 'Mount App')
    const secret_key = await newAppKey(sessionKey, orgId, appId)
    const device = await registerDevice(sessionKey, orgId, {
      app_id: appId,
      secret_key,
      device_name: 'Edit Bay',
    })
    await addDeviceMount(sessionKey, orgId, device.device_id, grantId)

    await grantDetail.goto(volumeId, 'Mounted')
    await expect(grantDetail.status).toHaveText('Enabled')
    await grantDetail.deleteButton.click()
    await expect(grantDetail.dialog).toContainText(
      '1 device mounts container Mounted. You may disable but not delete this container. Disable it?',
    )
    await expect(grantDetail.dialog).toContainText('Device: Edit Bay')
    await expect(grantDetail.dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await grantDetail.answerDialog('Disable')
    await expect(grantDetail.status).toHaveText('Disabled')

    // Disabled already: Delete only says why it cannot go.
    await grantDetail.deleteButton.click()
    await expect(grantDetail.dialog).toContainText('1 device mounts container Mounted.')
    await grantDetail.answerDialog('Done')
    await expect(grantDetail.dialog).toHaveCount(0)
    await expect(grantDetail.status).toHaveText('Disabled')
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/grant/Mounted$`))
  })

  test('reads at 375px without sideways scrolling', async ({ page, grantList, grantDetail }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
    await grantList.gotoAll()
    await expect(grantList.row(VOLUME)).toBeVisible()
    expect(await sideways()).toBe(false)
    await grantList.fill('A container with a long name', 'a/rather/deep/folder/of/the/volume/somewhere')
    await expect(grantList.overlap).toContainText('contains this path')
    expect(await sideways()).toBe(false)
    await grantDetail.goto(volumeId, VOLUME)
    await expect(grantDetail.heading).toHaveText(VOLUME)
    await expect(grantDetail.users).toBeVisible()
    await expect(grantDetail.enable).toBeVisible()
    expect(await sideways()).toBe(false)
  })
})
