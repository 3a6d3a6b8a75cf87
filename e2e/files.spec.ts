// The file browser against the real server: a tree seeded through the API, then browsed, filtered,
// deleted and undeleted, opened, downloaded and restored in Chromium.
import fs from 'node:fs'
import {
  createFolder,
  createReadyOrg,
  deleteFile,
  listGrants,
  putFile,
  registerFile,
  signUpUser,
  storeBytes,
  type GrantAccess,
} from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Files Volume'
const NOTES_V1 = 'first words of the notes\n'
const NOTES_V2 = 'second, longer words of the notes\n'

test.describe('files', () => {
  let access: GrantAccess

  test.beforeAll(async () => {
    const email = freshEmail('files')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Files Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }

    await createFolder(access, '/Photos/')
    await putFile(access, '/Photos/beach.jpg', 'not really a picture')
    await putFile(access, '/docs/report.txt', 'quarterly numbers')
    // A path takes new content only once its file is deleted: the second version follows a delete.
    await deleteFile(access, await putFile(access, '/notes.txt', NOTES_V1))
    await putFile(access, '/notes.txt', NOTES_V2)
    await putFile(access, '/B.txt', 'bee')
    await putFile(access, '/a.txt', 'ay')
    await deleteFile(access, await putFile(access, '/old.txt', 'gone'))
    for (const name of ['one.txt', 'two.txt', 'three.txt', 'four.txt'])
      await putFile(access, `/bulk/${name}`, `bulk ${name}`)
  })

  test.beforeEach(async ({ layout }) => {
    await layout.useSession(access.sessionKey)
  })

  test('browses the tree: folders first, names without regard to case, breadcrumbs', async ({
    page,
    homePage,
    fileList,
  }) => {
    await homePage.goto()
    await homePage.containers.filter({ hasText: GRANT }).click()
    await expect(page).toHaveURL(/\/home\/Files%20Volume\/$/)
    await expect(fileList.names).toHaveText(['bulk', 'docs', 'Photos', 'a.txt', 'B.txt', 'notes.txt'])
    await expect(fileList.row('notes.txt')).toContainText(`${NOTES_V2.length} B`)

    await fileList.open('docs')
    await expect(page).toHaveURL(/\/home\/Files%20Volume\/docs\/$/)
    await expect(fileList.names).toHaveText(['report.txt'])
    await expect(fileList.breadcrumbs.getByRole('listitem')).toHaveText([GRANT, 'docs'])
    await fileList.breadcrumbs.getByRole('link', { name: GRANT }).click()
    await expect(fileList.names).toHaveText(['bulk', 'docs', 'Photos', 'a.txt', 'B.txt', 'notes.txt'])

    // Nothing selected: only Create Folder and Upload.
    await expect(fileList.download).toBeDisabled()
    await expect(fileList.deleteButton).toBeDisabled()
    await fileList.select('docs')
    await expect(fileList.download).toBeEnabled()
    await expect(fileList.deleteButton).toBeDisabled()
    await expect(fileList.undeleteButton).toBeDisabled()
  })

  test('filters deleted files and remembers the filter', async ({ page, fileList }) => {
    await fileList.goto(GRANT)
    await expect(fileList.row('a.txt')).toBeVisible()
    await expect(fileList.row('old.txt')).toHaveCount(0)
    await fileList.filter('Deleted')
    await expect(fileList.names).toHaveText(['old.txt'])
    await expect(fileList.row('old.txt')).toHaveClass(/deleted/)
    expect(await page.evaluate(() => localStorage.getItem('local-state-file_filter'))).toBe('"deleted"')
    await page.reload()
    await expect(fileList.names).toHaveText(['old.txt'])
    await fileList.filter('All')
    await expect(fileList.names).toHaveText([
      'bulk',
      'docs',
      'Photos',
      'a.txt',
      'B.txt',
      'notes.txt',
      'old.txt',
    ])
    await fileList.filter('Active')
  })

  test('deletes and undeletes several files after confirmation', async ({ fileList }) => {
    await fileList.goto(GRANT, '/bulk/')
    await expect(fileList.names).toHaveText(['four.txt', 'one.txt', 'three.txt', 'two.txt'])
    await fileList.select('one.txt', 'two.txt', 'three.txt')
    await fileList.deleteButton.click()
    await fileList.confirm('Delete')
    await expect(fileList.names).toHaveText(['four.txt'])

    await fileList.filter('Deleted')
    await expect(fileList.names).toHaveText(['one.txt', 'three.txt', 'two.txt'])
    await expect(fileList.deleteButton).toBeDisabled()
    await fileList.select('one.txt', 'three.txt', 'two.txt')
    await expect(fileList.deleteButton).toBeDisabled()
    await fileList.undeleteButton.click()
    await fileList.confirm('Undelete')
    await expect(fileList.empty).toBeVisible()
    await fileList.filter('Active')
    await expect(fileList.names).toHaveText(['four.txt', 'one.txt', 'three.txt', 'two.txt'])
  })

  test('shows a file, downloads and opens it, and restores an older version into its folder', async ({
    page,
    fileList,
    fileDetail,
  }) => {
    await fileList.goto(GRANT)
    await fileList.open('notes.txt')
    await expect(page).toHaveURL(/\/home\/Files%20Volume\/notes\.txt$/)
    await expect(fileDetail.heading).toHaveText('notes.txt')
    await expect(fileDetail.property('File Name')).toHaveText('notes.txt')
    await expect(fileDetail.property('Full Path')).toHaveText('/notes.txt')
    await expect(fileDetail.property('Size in Bytes')).toHaveText(String(NOTES_V2.length))
    await expect(fileDetail.property('Status')).toHaveText('Active')
    await expect(fileDetail.property('Network Status')).toHaveText('In Cloud')
    await expect(page.getByText('Not found on any devices.')).toBeVisible()
    // The creator of the volume is its organization's admin.
    await expect(fileDetail.tab('Audit Tracking')).toBeVisible()

    const downloading = page.waitForEvent('download')
    await fileDetail.download.click()
    const download = await downloading
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe(NOTES_V2)

    const opening = page.waitForEvent('popup')
    await fileDetail.open.click()
    const popup = await opening
    await expect(popup.locator('body')).toContainText(NOTES_V2.trim())
    await popup.close()

    await fileDetail.tab('Audit Tracking').click()
    await expect(fileDetail.audit.first()).toContainText('Web Download')

    await fileDetail.tab('Versions').click()
    await expect(fileDetail.versions).toHaveCount(2)
    await expect(fileDetail.restore).toBeDisabled()
    const older = fileDetail.versions.filter({ hasText: `${NOTES_V1.length} B` })
    await older.getByRole('radio').check()
    await fileDetail.restore.click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click()

    await expect(page).toHaveURL(/\/home\/Files%20Volume\/$/)
    await expect(fileList.row('notes (1).txt')).toBeVisible()
    await fileList.open('notes (1).txt')
    await expect(fileDetail.property('Size in Bytes')).toHaveText(String(NOTES_V1.length))
    const again = page.waitForEvent('download')
    await fileDetail.download.click()
    expect(fs.readFileSync(await (await again).path(), 'utf8')).toBe(NOTES_V1)
  })

  test('a single selected file downloads straight from the listing', async ({ page, fileList }) => {
    await fileList.goto(GRANT, '/docs/')
    await fileList.select('report.txt')
    const downloading = page.waitForEvent('download')
    await fileList.download.click()
    expect(fs.readFileSync(await (await downloading).path(), 'utf8')).toBe('quarterly numbers')
  })

  test('creates a folder and goes into it; an existing name is entered, not made twice', async ({
    page,
    fileList,
  }) => {
    await fileList.goto(GRANT, '/docs/')
    await fileList.createFolder.click()
    await expect(page).toHaveURL(/\/create_folder\/Files%20Volume\/docs\/$/)
    await page.getByLabel('Folder Name').fill('Drafts 2026')
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page).toHaveURL(/\/home\/Files%20Volume\/docs\/Drafts%202026\/$/)
    await expect(fileList.empty).toBeVisible()
    // What the user made shows under Active while still empty, as a folder, not as a deleted one.
    await fileList.breadcrumbs.getByRole('link', { name: 'docs' }).click()
    await expect(fileList.names).toHaveText(['Drafts 2026', 'report.txt'])
    await expect(fileList.row('Drafts 2026')).not.toHaveClass(/deleted/)

    await fileList.goto(GRANT, '/')
    await fileList.createFolder.click()
    await page.getByLabel('Folder Name').fill('photos')
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page).toHaveURL(/\/home\/Files%20Volume\/Photos\/$/)
    await expect(fileList.names).toHaveText(['beach.jpg'])
  })

  test('Upload leads to the upload screen of the directory', async ({ page, fileList }) => {
    await fileList.goto(GRANT, '/docs/')
    await fileList.upload.click()
    await expect(page).toHaveURL(/\/upload\/Files%20Volume\/docs\/$/)
  })

  test('a path that is not there shows Page not found inside the layout, and Go Home leads home', async ({
    page,
    fileList,
    fileDetail,
    layout,
    notFoundPage,
    homePage,
  }) => {
    const expectNotFoundInLayout = async (where: string) => {
      await expect(notFoundPage.heading, where).toBeVisible()
      await expect(layout.sidebar).toBeVisible()
      await expect(layout.navLink('Home')).toBeVisible()
      await expect(fileList.noAccess).toHaveCount(0)
    }
    // Opened directly: a file its folder does not hold, one in a folder that does not exist, and (to an
    // admin, who sees every container) a container that no one has.
    for (const [grant, path] of [
      [GRANT, '/nope'],
      [GRANT, '/no/such/folder/nope'],
      ['Somebody Else', '/nope'],
      ['Somebody Else', '/'],
    ] as const) {
      await fileList.goto(grant, path)
      await expectNotFoundInLayout(`${grant}${path}`)
    }
    // Reached inside the app (the server answers a direct load of a path with an extension itself).
    await fileList.goto(GRANT, '/')
    await expect(fileList.row('a.txt')).toBeVisible()
    await page.evaluate(() => {
      window.history.pushState(window.history.state, '', '/home/Files%20Volume/nope.txt')
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
    })
    await expectNotFoundInLayout('nope.txt')
    // The sidebar still leads on, and so does Go Home; a file that is there still shows.
    await layout.navLink('Home').click()
    await expect(homePage.heading).toBeVisible()
    await fileList.goto(GRANT, '/')
    await fileList.open('a.txt')
    await expect(fileDetail.heading).toHaveText('a.txt')
    await fileList.goto(GRANT, '/nope')
    await notFoundPage.goHome.click()
    await expect(page).toHaveURL(/\/home\/?$/)
    await expect(homePage.heading).toBeVisible()
  })

  test('a directory of many entries renders only the rows in view', async ({ fileList }) => {
    const bytes = Buffer.from('same content for every entry')
    const file_hash = await storeBytes(access, bytes)
    const names = Array.from({ length: 400 }, (_, i) => `entry-${String(i).padStart(4, '0')}.bin`)
    for (let i = 0; i < names.length; i += 20)
      await Promise.all(
        names
          .slice(i, i + 20)
          .map((name) => registerFile(access, `/many/${name}`, { file_hash, file_size: bytes.length })),
      )
    await fileList.goto(GRANT, '/many/')
    await expect(fileList.row('entry-0000.bin')).toBeVisible()
    expect(await fileList.rows.count()).toBeLessThan(60)
    await fileList.grid
      .locator('.virtual-rows')
      .evaluate((element) => (element.scrollTop = element.scrollHeight))
    await expect(fileList.row('entry-0399.bin')).toBeVisible()
    expect(await fileList.rows.count()).toBeLessThan(60)
  })
})
