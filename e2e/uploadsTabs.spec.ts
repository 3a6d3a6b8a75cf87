// Two tabs of one browser on the same upload screen: the first leads the upload queue, the second follows.
// The file is picked and started in the following tab: its command reaches the leader over the
// BroadcastChannel, the leader runs the upload (every part leaves from the leading tab) and the follower
// shows the state the leader publishes. When the leading tab closes in the middle of the multipart upload,
// the second takes the lead, restores the queue from IndexedDB, asks for the file again (a file picked
// through an input is not kept by the browser) and finishes the upload without storing any part twice.
import fs from 'node:fs'
import path from 'node:path'
import { FileListPage } from './pages/FileListPage.ts'
import { Layout } from './pages/Layout.ts'
import { UploadPage } from './pages/UploadPage.ts'
import { UPLOAD_STATUS_WORDS } from '../src/transfers/limits.ts'
import {
  GRANT,
  UPLOAD_TIMEOUT,
  expect,
  expectNoPartStoredTwice,
  test,
  watchParts,
  writeBigFile,
} from './support/uploads.ts'

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
  // Bytes of this run only: content the store already holds would be skipped without a part sent.
  writeBigFile(big, `tabs ${Date.now()} ${test.info().repeatEachIndex}`)

  await layout.useSession(access.sessionKey)
  await uploadPage.useFileInputs()
  const second = await context.newPage()
  await new Layout(second).useSession(access.sessionKey)
  const follower = new UploadPage(second)
  await follower.useFileInputs()

  // The first tab opens first, so it is the one that leads.
  await uploadPage.goto(GRANT, '/Tabs/')
  await expect(uploadPage.heading).toBeVisible()
  await follower.goto(GRANT, '/Tabs/')
  await expect(follower.heading).toBeVisible()

  const parts = watchParts(page)
  const followerParts = watchParts(second)
  // Every status the follower shows, as it renders them: only a running leader publishes the hashing status.
  await second.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { seenStatuses: seen })
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('table[aria-label="Uploads"] tbody tr')) {
        const status = row.querySelectorAll('td')[3]?.textContent ?? ''
        if (seen.at(-1) !== status) seen.push(status)
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  // The leading tab closes as soon as it asks to send the first part: at most 10 of the 13 parts are then
  // in flight, so some are certainly left for the tab that takes over.
  const leaderClosed = parts.sendingPart(1).then(() => page.close())
  await follower.pickFiles(big)
  await follower.startUpload.click()

  await expect(follower.item('tabs.bin')).toBeVisible()
  await expect(follower.uploads.locator('tbody tr')).toHaveCount(1)
  await expect(follower.summary).toHaveText(/^Running/)
  await leaderClosed
  // Before the leader closed, the follower showed the progress the leader published.
  const seen = await second.evaluate(() => (window as unknown as { seenStatuses: string[] }).seenStatuses)
  expect(seen).toContain(UPLOAD_STATUS_WORDS.hashing)
  // Every part so far left from the leading tab, none from the follower.
  expect(parts.requested.length).toBeGreaterThan(0)
  expect(followerParts.requested).toEqual([])

  // The second tab leads now. The multipart file was picked in the closed tab: the screen asks for it,
  // and keeps what was done.
  await follower.chooseAgain('tabs.bin', big)
  await expect(follower.summary).toHaveText('Success', { timeout: UPLOAD_TIMEOUT })
  await expect(follower.uploads.locator('tbody tr[data-status="done"]')).toHaveCount(1)
  // The new leader finished what the closed tab left (whether parts remained to send depends on how many
  // the closed tab had in flight), and no part was stored twice.
  expectNoPartStoredTwice(parts, followerParts)

  await follower.close.click()
  await expect(second).toHaveURL(/\/home\/Upload%20Volume\/Tabs\/$/)
  const fileList = new FileListPage(second)
  await expect(fileList.row('tabs.bin')).toContainText('200 MB')
})
