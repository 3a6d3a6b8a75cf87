// Two tabs of one browser on the same upload screen: the first leads the upload queue, the second follows
// it over the BroadcastChannel and shows the same progress. When the leading tab closes in the middle of a
// multipart upload, the second takes the lead, restores the queue from IndexedDB, asks for the file picked
// in the closed tab (a file picked through an input is not kept by the browser) and finishes the upload.
import fs from 'node:fs'
import path from 'node:path'
import { FileListPage } from './pages/FileListPage.ts'
import { Layout } from './pages/Layout.ts'
import { UploadPage } from './pages/UploadPage.ts'
import {
  BIG_PARTS,
  GRANT,
  UPLOAD_TIMEOUT,
  expect,
  test,
  watchParts,
  writeBigFile,
} from './support/uploads.ts'

const SMALL = ['tabs-01.txt', 'tabs-02.txt', 'tabs-03.txt']

test('a second tab follows an upload and finishes it when the leading tab closes', async ({
  context,
  page,
  layout,
  uploadPage,
  access,
  workDir,
}) => {
  test.setTimeout(150_000)
  const dir = fs.mkdtempSync(path.join(workDir, 'tabs-'))
  const big = path.join(dir, 'tabs.bin')
  writeBigFile(big, 'tabs')
  SMALL.forEach((name, index) => fs.writeFileSync(path.join(dir, name), `tabs ${name}\n`.repeat(index + 1)))
  const names = [...SMALL, 'tabs.bin']

  await layout.useSession(access.sessionKey)
  await uploadPage.useFileInputs()
  const second = await context.newPage()
  await new Layout(second).useSession(access.sessionKey)
  const follower = new UploadPage(second)
  await follower.useFileInputs()

  await uploadPage.goto(GRANT, '/Tabs/')
  await follower.goto(GRANT, '/Tabs/')
  await expect(uploadPage.heading).toBeVisible()
  await expect(follower.heading).toBeVisible()

  const parts = watchParts(page)
  const followerParts = watchParts(second)
  // The leading tab closes as soon as it asks to send the first part: at most 10 of the 13 parts are then
  // in flight, so some are certainly left for the tab that takes over.
  const leaderClosed = parts.sendingPart(1).then(() => page.close())
  await uploadPage.pickFiles(...SMALL.map((name) => path.join(dir, name)), big)
  await uploadPage.startUpload.click()

  // The follower shows the queue the leader runs: every file and the same summary.
  for (const name of names) await expect(follower.item(name)).toBeVisible()
  await expect(follower.uploads.locator('tbody tr')).toHaveCount(names.length)
  await expect(follower.summary).toHaveText(/^Running/)
  await leaderClosed
  // None of the parts went from the follower while it only showed the queue.
  expect(followerParts.requested).toEqual([])

  // The second tab leads now. The multipart file was picked in the closed tab: the screen asks for it,
  // and keeps what was done.
  for (const name of SMALL) await expect(follower.status(name)).toHaveText('done')
  await follower.chooseAgain('tabs.bin', big)
  await expect(follower.summary).toHaveText('Success', { timeout: UPLOAD_TIMEOUT })
  await expect(follower.uploads.locator('tbody tr[data-status="done"]')).toHaveCount(names.length)
  // The new leader finished what the closed tab left (whether parts remained to send depends on how many
  // the closed tab had in flight), and no part was stored twice.
  for (let part = 1; part <= BIG_PARTS; part++) {
    expect((parts.stored.get(part) ?? 0) + (followerParts.stored.get(part) ?? 0)).toBeLessThanOrEqual(1)
  }

  await follower.close.click()
  await expect(second).toHaveURL(/\/home\/Upload%20Volume\/Tabs\/$/)
  const fileList = new FileListPage(second)
  await expect(fileList.row('tabs.bin')).toContainText('200 MB')
  for (const [index, name] of SMALL.entries()) {
    await expect(fileList.row(name)).toContainText(`${`tabs ${name}\n`.length * (index + 1)} B`)
  }
})
