// The listing on a phone and for members: a long-press starts a selection with its bar (a tap still opens),
// a member without upload rights is told so before any call, a folder never loaded says it cannot be shown
// offline and loads again, and a directory past 1,000 entries filters by name.
import type { Page, Request } from '@playwright/test'
import {
  addGrantUser,
  addOrgUser,
  createFolder,
  createReadyOrg,
  listGrants,
  orgUserIdOf,
  putFile,
  registerFile,
  signUpUser,
  type GrantAccess,
} from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Phone Volume'
const UPLOAD_REFUSAL = 'Sorry, you do not have permission to upload.'
const MANY = 1_001

/** Holds a finger on an element for the given time, as a touch screen reports it (touch events). */
async function holdTouch(page: Page, selector: { x: number; y: number }, ms: number) {
  const cdp = await page.context().newCDPSession(page)
  const point = { x: selector.x, y: selector.y, id: 1 }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
  await page.waitForTimeout(ms)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** Calls that change what the container holds (delete, undelete, a new folder). */
const isChange = (request: Request) =>
  /\/media\/\d+(\/undelete)?$|\/dir$/.test(new URL(request.url()).pathname) && request.method() !== 'GET'

test.describe('file listing: selection, capabilities, offline, filter', () => {
  let access: GrantAccess
  let memberKey: string

  test.beforeAll(async () => {
    const email = freshEmail('phone-files')
    const sessionKey = await signUpUser(email)
    const orgId = await createReadyOrg(sessionKey, `Phone Org ${email}`, GRANT)
    const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    access = { sessionKey, orgId, grantId: grant.media_grant_id }
    await createFolder(access, '/Photos/')
    await putFile(access, '/Photos/beach.jpg', 'not really a picture')
    await putFile(access, '/clip.mov', 'a clip')
    await putFile(access, '/notes.txt', 'words')
    await putFile(access, '/song.mp3', 'la la')
    // A long directory: registered without content, which a listing does not need.
    const names = Array.from(
      { length: MANY },
      (_, index) => `/many/file-${String(index).padStart(4, '0')}.txt`,
    )
    for (let start = 0; start < names.length; start += 50)
      await Promise.all(
        names
          .slice(start, start + 50)
          .map((path, index) =>
            registerFile(access, path, { file_hash: `${start + index}`.padStart(64, 'a'), file_size: 10 }),
          ),
      )

    const memberEmail = freshEmail('phone-files-member')
    memberKey = await signUpUser(memberEmail)
    await addOrgUser(sessionKey, orgId, { email: memberEmail, cap_web_upload: false, cap_web_download: true })
    await addGrantUser(
      sessionKey,
      orgId,
      grant.media_grant_id,
      await orgUserIdOf(sessionKey, orgId, memberEmail),
    )
  })

  test.describe('on a touch phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })

    test('a long-press starts a selection with its bar; taps then toggle; Cancel ends it; a tap opens', async ({
      page,
      layout,
      fileList,
    }) => {
      await layout.useSession(access.sessionKey)
      await fileList.goto(GRANT, '/')
      await expect(fileList.names).toHaveText(['many', 'Photos', 'clip.mov', 'notes.txt', 'song.mp3'])
      // One row of buttons: Upload and More; the rest waits in More and the selection's bar.
      await expect(fileList.upload).toBeVisible()
      await expect(fileList.more).toBeVisible()
      await expect(fileList.createFolder).toBeHidden()
      await expect(fileList.selectionBar).toHaveCount(0)

      const box = await fileList.row('notes.txt').boundingBox()
      if (!box) throw new Error('the row is not laid out')
      // Held past 500 ms: selected, not opened, and the release is no tap.
      await holdTouch(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, 700)
      await expect(fileList.selectionBar).toBeVisible()
      await expect(fileList.selectionCount).toHaveText('1 selected')
      await expect(fileList.row('notes.txt')).toHaveAttribute('aria-selected', 'true')
      await expect(page).toHaveURL(/\/home\/Phone%20Volume\/$/)
      await expect(fileList.selectionBar.getByRole('button', { name: 'Delete' })).toBeVisible()
      await expect(fileList.selectionBar.getByRole('button', { name: 'Download' })).toBeVisible()

      // While selecting, a tap toggles a row rather than opening it.
      await fileList.row('song.mp3').getByRole('link').tap()
      await expect(fileList.selectionCount).toHaveText('2 selected')
      await fileList.row('notes.txt').getByRole('link').tap()
      await expect(fileList.selectionCount).toHaveText('1 selected')
      await expect(page).toHaveURL(/\/home\/Phone%20Volume\/$/)

      await fileList.selectionBar.getByRole('button', { name: 'Cancel' }).tap()
      await expect(fileList.selectionBar).toHaveCount(0)
      await expect(fileList.rows.locator('[aria-selected="true"]')).toHaveCount(0)

      // A short press is a tap: it opens.
      const folder = await fileList.row('Photos').boundingBox()
      if (!folder) throw new Error('the row is not laid out')
      await holdTouch(page, { x: folder.x + folder.width / 2, y: folder.y + folder.height / 2 }, 80)
      await expect(page).toHaveURL(/\/home\/Phone%20Volume\/Photos\/$/)
      await expect(fileList.names).toHaveText(['beach.jpg'])
    })

    test('More offers Create Folder and Select; Escape leaves selecting', async ({
      page,
      layout,
      fileList,
    }) => {
      await layout.useSession(access.sessionKey)
      await fileList.goto(GRANT, '/')
      await fileList.more.tap()
      await page.getByRole('button', { name: 'Select' }).tap()
      await expect(fileList.selectionCount).toHaveText('0 selected')
      await fileList.row('clip.mov').getByRole('link').tap()
      await expect(fileList.selectionCount).toHaveText('1 selected')
      await page.keyboard.press('Escape')
      await expect(fileList.selectionBar).toHaveCount(0)
      await fileList.more.tap()
      await page.getByRole('button', { name: 'Create Folder' }).tap()
      await expect(page).toHaveURL(/\/create_folder\/Phone%20Volume\/$/)
    })
  })

  test('on a desk, a shift-click selects the run from the entry clicked last, in the list and the grid', async ({
    page,
    layout,
    fileList,
  }) => {
    await layout.useSession(access.sessionKey)
    await fileList.goto(GRANT, '/')
    await expect(fileList.names).toHaveText(['many', 'Photos', 'clip.mov', 'notes.txt', 'song.mp3'])
    const box = (name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true })
    await box('Photos').check()
    await box('notes.txt').click({ modifiers: ['Shift'] })
    await expect(fileList.selectionCount).toHaveText('3 selected')
    for (const name of ['Photos', 'clip.mov', 'notes.txt'])
      await expect(fileList.row(name)).toHaveAttribute('aria-selected', 'true')
    await expect(fileList.row('song.mp3')).toHaveAttribute('aria-selected', 'false')
    // Shift on a selected entry clears the run back to the one clicked before it.
    await box('clip.mov').click({ modifiers: ['Shift'] })
    await expect(fileList.selectionCount).toHaveText('1 selected')
    await expect(fileList.row('Photos')).toHaveAttribute('aria-selected', 'true')

    await page.getByRole('radio', { name: 'Grid view' }).check()
    await box('song.mp3').click({ modifiers: ['Shift'] })
    await expect(fileList.selectionCount).toHaveText('4 selected')
    await expect(page.getByRole('gridcell', { name: /many/ })).toHaveAttribute('aria-selected', 'false')
  })

  test('a member without upload rights is told so before any call, in the listing and on a file', async ({
    page,
    layout,
    fileList,
  }) => {
    await layout.useSession(memberKey)
    const changes: string[] = []
    page.on('request', (request) => {
      if (isChange(request)) changes.push(`${request.method()} ${request.url()}`)
    })
    await fileList.goto(GRANT, '/')
    await fileList.select('notes.txt')
    await expect(fileList.selectionCount).toHaveText('1 selected')
    await fileList.deleteButton.click()
    const dialog = page.getByRole('dialog', { name: UPLOAD_REFUSAL })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await fileList.selectionBar.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await fileList.createFolder.click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page).toHaveURL(/\/home\/Phone%20Volume\/$/)
    expect(changes).toEqual([])
    // The file's own Delete, the same.
    await fileList.open('notes.txt')
    await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'Delete' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    expect(changes).toEqual([])
    // The create-folder screen reached by its address says the same, without a call.
    await page.goto(`/create_folder/${encodeURIComponent(GRANT)}/`)
    await page.getByRole('textbox', { name: 'Folder Name' }).fill('Nope')
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByText(UPLOAD_REFUSAL)).toBeVisible()
    expect(changes).toEqual([])
  })

  test.describe('without the service worker', () => {
    // Routes see the page's own calls only when no service worker answers them.
    test.use({ serviceWorkers: 'block' })

    test('a folder never loaded says so offline and loads when the connection returns; Retry asks again', async ({
      page,
      context,
      layout,
      fileList,
    }) => {
      await layout.useSession(access.sessionKey)
      await fileList.goto(GRANT, '/')
      await expect(fileList.row('Photos')).toBeVisible()
      await context.setOffline(true)
      try {
        await fileList.open('Photos')
        await expect(fileList.unavailable).toContainText('You are offline.')
        await expect(fileList.grid.getByText('Loading…')).toHaveCount(0)
      } finally {
        await context.setOffline(false)
      }
      await expect(fileList.names).toHaveText(['beach.jpg'])

      // The server out of reach on the way: the folder says it could not be loaded, and Retry asks again.
      await page.route('**/dir?*', (route) => route.abort('connectionrefused'))
      await fileList.breadcrumbs.getByRole('link', { name: GRANT }).click()
      await fileList.open('many')
      await expect(fileList.unavailable).toContainText('This folder could not be loaded.')
      await page.unroute('**/dir?*')
      await fileList.retry.click()
      await expect(fileList.names.first()).toHaveText('file-0000.txt')
    })
  })

  test('a directory past 1,000 entries filters by name as one types, and says n of m', async ({
    layout,
    fileList,
  }) => {
    await layout.useSession(access.sessionKey)
    await fileList.goto(GRANT, '/many/')
    await expect(fileList.nameFilterCount).toHaveText('1,001 of 1,001')
    // Windowed: only the rows in view are in the page.
    expect(await fileList.rows.count()).toBeLessThan(60)
    await fileList.nameFilter.fill('file-099')
    await expect(fileList.nameFilterCount).toHaveText('10 of 1,001')
    await expect(fileList.names).toHaveText(Array.from({ length: 10 }, (_, index) => `file-099${index}.txt`))
    await fileList.nameFilter.fill('FILE-1000')
    await expect(fileList.nameFilterCount).toHaveText('1 of 1,001')
    await expect(fileList.names).toHaveText(['file-1000.txt'])
    // A short directory has no filter box.
    await fileList.goto(GRANT, '/')
    await expect(fileList.names.first()).toBeVisible()
    await expect(fileList.nameFilter).toHaveCount(0)
  })
})
