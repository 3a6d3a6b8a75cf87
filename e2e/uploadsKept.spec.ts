// Uploads of files picked through the File System Access pickers, whose handles the queue keeps in
// IndexedDB: a reload in the middle of a multipart upload resumes by itself, asking nothing of the user, on the
// upload screen or on another screen of the signed-in area (which joins the queue after its first paint); and
// when the browser wants the user's permission again after the reload, the screen offers Allow Access and
// resumes once it is given. No stored part is sent again, and the stored bytes are the file's.
import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { readStoredFile } from './support/api.ts'
import { losePermissionOnReload, pickFromOrigin, writeInOrigin } from './support/originFiles.ts'
import {
  BIG_SIZE,
  GRANT,
  UPLOAD_TIMEOUT,
  bigFileSha256,
  expect,
  expectNoStoredPartResent,
  test,
  watchParts,
} from './support/uploads.ts'
import type { UploadPage } from './pages/UploadPage.ts'

const TEXTS = { 'notes.txt': 'notes kept by handle\n', 'list.txt': 'one\ntwo\nthree\n' }

/**
 * Has the pickers answer the folder, writes it in the origin, picks it and starts the upload; settles once a
 * part has been stored.
 */
async function startKeptUpload(page: Page, uploadPage: UploadPage, folder: string, seed: string) {
  await pickFromOrigin(page, folder)
  await uploadPage.goto(GRANT, '/Kept/')
  await writeInOrigin(page, folder, { texts: TEXTS, big: { name: 'kept.bin', seed, size: BIG_SIZE } })
  const parts = watchParts(page)
  // Parts 1 to 10 leave together; part 11 is asked for once one of them has been stored.
  const sendingEleventh = parts.sendingPart(11)
  await uploadPage.chooseFolder.click()
  await expect(uploadPage.selection.getByRole('row', { name: /kept\.bin/ })).toContainText(`/Kept/${folder}/`)
  await uploadPage.startUpload.click()
  await sendingEleventh
  return parts
}

test.describe('uploads from kept file handles', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeEach(async ({ layout, access }) => {
    await layout.useSession(access.sessionKey)
  })

  test('a reload resumes the upload by itself, without asking for the files', async ({
    page,
    uploadPage,
    access,
  }) => {
    test.setTimeout(120_000)
    const folder = `kept-${Date.now()}`
    const seed = `${folder} by itself`
    const parts = await startKeptUpload(page, uploadPage, folder, seed)

    await page.reload()
    const reloadedAt = Date.now()
    const storedBefore = [...parts.stored.keys()]
    // Nothing is chosen again: the items resume from their handles.
    await expect(uploadPage.summary).toHaveText('Success', { timeout: UPLOAD_TIMEOUT })
    await expect(uploadPage.uploads.locator('tbody tr[data-status="done"]')).toHaveCount(3)
    expectNoStoredPartResent(parts, storedBefore, reloadedAt)
    expect(parts.requested.some((each) => each.at >= reloadedAt)).toBe(true)

    const stored = await readStoredFile(access, `/Kept/${folder}/kept.bin`)
    expect(stored.length).toBe(BIG_SIZE)
    expect(createHash('sha256').update(stored).digest('hex')).toBe(bigFileSha256(seed))
    for (const [name, text] of Object.entries(TEXTS))
      expect((await readStoredFile(access, `/Kept/${folder}/${name}`)).toString()).toBe(text)
  })

  test('an upload cut by opening another screen resumes there by itself', async ({
    page,
    uploadPage,
    access,
  }) => {
    test.setTimeout(120_000)
    const folder = `kept-${Date.now()}`
    const seed = `${folder} elsewhere`
    await startKeptUpload(page, uploadPage, folder, seed)

    // A new page load on Home: no upload screen imports the queue there; the signed-in area joins it.
    await page.goto('/home')
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible()
    const storedHash = async () => {
      try {
        return createHash('sha256')
          .update(await readStoredFile(access, `/Kept/${folder}/kept.bin`))
          .digest('hex')
      } catch {
        return 'not stored yet'
      }
    }
    await expect.poll(storedHash, { timeout: UPLOAD_TIMEOUT }).toBe(bigFileSha256(seed))
    await expect(page).toHaveURL(/\/home$/)
  })

  test('when the browser asks for permission again, Allow Access resumes the upload', async ({
    page,
    uploadPage,
    access,
  }) => {
    test.setTimeout(120_000)
    const folder = `asked-${Date.now()}`
    const seed = `${folder} after asking`
    await losePermissionOnReload(page)
    const parts = await startKeptUpload(page, uploadPage, folder, seed)

    await page.reload()
    const reloadedAt = Date.now()
    const storedBefore = [...parts.stored.keys()]
    const allow = uploadPage.item('kept.bin').getByRole('button', { name: 'Allow Access' })
    await expect(allow).toBeVisible()
    await expect(uploadPage.summary).toHaveText(/^Running/)
    // Nothing moves until the user allows it.
    expect(parts.requested.filter((each) => each.at >= reloadedAt)).toEqual([])
    await allow.click()
    // Each unfinished file asks for itself; the ones finished before the reload ask nothing.
    const asking = uploadPage.uploads.getByRole('button', { name: 'Allow Access' })
    // A row leaves the list only once its file has been checked, so a button may go while it is clicked.
    await expect(async () => {
      if ((await asking.count()) > 0) await asking.first().click({ timeout: 1_000 })
      await expect(asking).toHaveCount(0, { timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    await expect(uploadPage.summary).toHaveText('Success', { timeout: UPLOAD_TIMEOUT })
    expectNoStoredPartResent(parts, storedBefore, reloadedAt)

    const stored = await readStoredFile(access, `/Kept/${folder}/kept.bin`)
    expect(createHash('sha256').update(stored).digest('hex')).toBe(bigFileSha256(seed))
  })
})
