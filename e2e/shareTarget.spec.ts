// The share target (Web Share Target in the manifest, received by the service worker): files another app
// shares to the installed console are posted to the share URL, kept on the device, listed on /share with a
// choice of container and folder, and queued for upload; a member who may not upload is offered no
// container. The share is a real multipart POST navigation, which only the service worker answers.
import fs from 'node:fs'
import path from 'node:path'
import {
  addGrantUser,
  addOrgUser,
  createFolder,
  listGrants,
  readStoredFile,
  signUpReadyAdmin,
  signUpUser,
  type GrantAccess,
} from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'
import { SharePage, type SharedFilePayload } from './pages/SharePage.ts'

const VOLUME = 'Phone Volume'

/** A real picture (the app's own icon, 192 px), so the list has a thumbnail to decode and show. */
const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../public/icons/icon-192.png'))

const SHARED: SharedFilePayload[] = [
  { name: 'IMG_20261128_101500.png', mimeType: 'image/png', buffer: PHOTO },
  {
    name: 'VID_20261128_101600.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('not really a video, but bytes'),
  },
]

async function readyVolume(label: string): Promise<GrantAccess & { email: string }> {
  const { email, sessionKey, orgId } = await signUpReadyAdmin(label, 'Share Org', VOLUME)
  const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === VOLUME)
  if (!grant) throw new Error('the new volume came without its container')
  return { email, sessionKey, orgId, grantId: grant.media_grant_id }
}

test('files shared to the app are listed, and Upload queues them into the chosen folder', async ({
  page,
  layout,
  uploadPage,
}) => {
  const access = await readyVolume('share-admin')
  await createFolder(access, '/Phone/')
  await createFolder(access, '/Phone/Camera/')
  await layout.useSession(access.sessionKey)
  const share = new SharePage(page)
  await page.goto('/home')
  await share.waitForServiceWorker()

  await share.share(SHARED)
  await expect(share.heading).toBeVisible()
  await expect(share.files).toHaveCount(2)
  await expect(share.file('IMG_20261128_101500.png')).toContainText(`${PHOTO.length} B · Picture`)
  await expect(share.file('VID_20261128_101600.mp4')).toBeVisible()
  // The picture shows itself (decoded from the kept file), the video an icon.
  await expect
    .poll(() =>
      share
        .file('IMG_20261128_101500.png')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(192)

  await expect(share.container).toHaveValue(String(access.grantId))
  await share.openFolder('Phone').click()
  await expect(share.folder).toHaveValue('/Phone/')
  await share.openFolder('Camera').click()
  await expect(share.folder).toHaveValue('/Phone/Camera/')
  await share.upload.click()

  // The upload screen of that folder shows the queue; the files reach the container.
  await expect(page).toHaveURL(`/upload/${encodeURIComponent(VOLUME)}/Phone/Camera/`)
  await expect(uploadPage.summary).toHaveText('Success', { timeout: 30_000 })
  for (const file of SHARED) {
    expect(await readStoredFile(access, `/Phone/Camera/${file.name}`)).toEqual(file.buffer)
  }

  // The kept copy went once the files were queued: the share's address now offers nothing.
  await page.goBack()
  await expect(share.nothingWaiting).toBeVisible()
})

test('a member who may not upload is offered no container, and Cancel discards the share', async ({
  page,
  layout,
}) => {
  const admin = await readyVolume('share-owner')
  const email = freshEmail('share-member')
  const memberKey = await signUpUser(email)
  const userId = await addOrgUser(admin.sessionKey, admin.orgId, {
    email,
    cap_web_upload: false,
    cap_web_download: true,
  })
  await addGrantUser(admin.sessionKey, admin.orgId, admin.grantId, userId)
  await layout.useSession(memberKey)
  const share = new SharePage(page)
  await page.goto('/home')
  await share.waitForServiceWorker()

  await share.share(SHARED)
  await expect(share.files).toHaveCount(2)
  await expect(share.noPermission).toBeVisible()
  await expect(share.container).toHaveCount(0)
  await expect(share.upload).toHaveCount(0)

  const sharedAt = page.url()
  await share.cancel.click()
  await expect(page).toHaveURL('/home')
  await page.goto(sharedAt)
  await expect(share.nothingWaiting).toBeVisible()
  await expect(share.files).toHaveCount(0)
})

test('a share made while signed out waits through sign-in and is listed after it', async ({
  page,
  loginPage,
}) => {
  const { email } = await readyVolume('share-signed-out')
  const share = new SharePage(page)
  await loginPage.goto()
  await share.waitForServiceWorker()

  await share.share(SHARED)
  await expect(page).toHaveURL(/\/login\?redirect=%2Fshare%3Fid%3D/)
  await loginPage.signInAs(email)
  await expect(page).toHaveURL(/\/share\?id=/)
  await expect(share.files).toHaveCount(2)
  await expect(share.upload).toBeEnabled()
})
