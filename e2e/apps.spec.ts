// Apps (issue 11; specification 001 sections 2, 4, 5 and 8), against the real server: an admin adds an app
// (a used name refused in the catalogue's words), makes its secret key after a confirmation and sees it
// once, renames it, disables and enables it, and sees the devices registered through it. Registration and
// the second app are made through the API.
import { createApp, registerDevice, signUpReadyAdmin } from './support/api.ts'
import { expect, test } from './support/fixtures.ts'

test.describe('apps', () => {
  test('an admin adds an app, makes its key (shown once), renames, disables and enables it', async ({
    page,
    layout,
    appList,
    appDetail,
  }) => {
    const { sessionKey: adminKey, orgId } = await signUpReadyAdmin('apps-admin', 'Apps Org', 'Footage')
    await createApp(adminKey, orgId, 'Other')

    await layout.useSession(adminKey)
    await appList.goto()
    await expect(appList.heading).toBeVisible()
    await expect(appList.createApp).toBeDisabled()
    await appList.newAppName.fill('   ')
    await expect(appList.createApp).toBeDisabled()
    await appList.create('Desktop')
    await expect(appList.status).toContainText('App Desktop created.')
    await expect(appList.row('Desktop')).toContainText('Enabled')
    await expect(appList.newAppName).toHaveValue('')
    await appList.create('Desktop')
    await expect(appList.error).toHaveText('Name already in use, please try again.')

    // A new app has no key: New Key, after a confirmation, shows it once.
    await appList.open('Desktop')
    await expect(appDetail.heading).toHaveText('Desktop')
    await expect(appDetail.keyState).toHaveText('Not set')
    await expect(appDetail.devices).toContainText('No devices associated with this app.')
    await appDetail.newKey.click()
    await expect(appDetail.dialog).toContainText('Make a secret key for Desktop?')
    await appDetail.answerDialog('Cancel')
    await expect(appDetail.secretKey).toHaveCount(0)
    await appDetail.newKey.click()
    await appDetail.answerDialog('New Key')
    await expect(appDetail.secretKey).toHaveValue(/\S{16,}/)
    await expect(appDetail.keyNote).toBeVisible()
    await expect(appDetail.keyState).toHaveText(/^Set/)
    await expect(appDetail.regenerateKey).toBeVisible()
    await expect(appDetail.newKey).toHaveCount(0)
    const secretKey = await appDetail.secretKey.inputValue()
    const appId = Number(await appDetail.appId.textContent())

    // The key registers a device; afterwards the page shows only that a key is set.
    await registerDevice(adminKey, orgId, { app_id: appId, secret_key: secretKey, device_name: 'Studio Mac' })
    await page.reload()
    await expect(appDetail.secretKey).toHaveCount(0)
    await expect(appDetail.keyState).toHaveText(/^Set/)
    await expect(
      appDetail.devices.getByRole('row').filter({ has: page.getByRole('link', { name: 'Studio Mac' }) }),
    ).toContainText('Enabled')

    // Regenerating asks first, and the new key differs.
    await appDetail.regenerateKey.click()
    await expect(appDetail.dialog).toContainText('Regenerate the secret key of Desktop?')
    await appDetail.answerDialog('Regenerate Key')
    await expect(appDetail.secretKey).toHaveValue(/\S{16,}/)
    expect(await appDetail.secretKey.inputValue()).not.toBe(secretKey)

    // Rename: a name another app has is refused; a free one is saved.
    await expect(appDetail.save).toBeDisabled()
    await appDetail.appName.fill('Other')
    await appDetail.save.click()
    await expect(appDetail.nameError).toHaveText('Name already in use.')
    await appDetail.appName.fill('Studio')
    await appDetail.save.click()
    await expect(appDetail.heading).toHaveText('Studio')
    await expect(appDetail.save).toBeDisabled()

    // Disable, then Enable: only the button its state allows.
    await expect(appDetail.enable).toHaveCount(0)
    await appDetail.disable.click()
    await expect(appDetail.status).toHaveText('Disabled')
    await expect(appDetail.disable).toHaveCount(0)
    await appList.goto()
    await expect(appList.row('Studio')).toContainText('Disabled')
    await appList.open('Studio')
    await appDetail.enable.click()
    await expect(appDetail.status).toHaveText('Enabled')
  })
})
