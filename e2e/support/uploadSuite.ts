// The upload suite both stores must pass against the real server: a folder with a 200 MiB multipart file, a
// reload in the middle that sends no stored part again, a server restart survived by retry, and a 409
// conflict. uploads.spec.ts runs it on the local store, uploadsS3.spec.ts on an S3 store (s3rver).
import fs from 'node:fs'
import path from 'node:path'
import { putFile } from './api.ts'
import { UPLOAD_STATUS_WORDS } from '../../src/transfers/limits.ts'
import {
  BIG_SIZE,
  GRANT,
  LOCAL_STORAGE_HOSTS,
  UPLOAD_TIMEOUT,
  expect,
  expectNoPartStoredTwice,
  expectNoStoredPartResent,
  test,
  uploadsAlbum,
  watchParts,
  writeBigFile,
} from './uploads.ts'
import { partNumberOf } from './parts.ts'

export function describeUploadSuite(store: 'local' | 's3') {
  test.describe(`uploads to the ${store === 'local' ? 'local store' : 'S3 store'}`, () => {
    test.describe.configure({ mode: 'serial' })

    test.beforeEach(async ({ layout, uploadPage, access }) => {
      await layout.useSession(access.sessionKey)
      await uploadPage.useFileInputs()
    })

    test('uploads a folder of 50 files with a 200 MiB one, and the listing shows them', async ({
      uploadPage,
      fileList,
      page,
      workDir,
    }) => {
      test.setTimeout(150_000)
      const partHosts = new Set<string>()
      page.on('request', (request) => {
        if (request.method() === 'PUT' && partNumberOf(request.url()) !== undefined)
          partHosts.add(new URL(request.url()).host)
      })
      await uploadsAlbum({ uploadPage, fileList, page, workDir }, store)
      // The parts went to every host the server names: the local store's two, the S3 stand-in's one.
      expect(partHosts.size).toBe(store === 'local' ? LOCAL_STORAGE_HOSTS : 1)
    })

    test('a reload in the middle of a multipart upload sends no stored part again', async ({
      page,
      uploadPage,
      workDir,
    }) => {
      test.setTimeout(120_000)
      const big = path.join(fs.mkdtempSync(path.join(workDir, 'reload-')), 'reload.bin')
      // Twice the big file: 25 parts, so that on loopback the reload still finds parts to send after the
      // ten in flight.
      writeBigFile(big, 'reload', 2 * BIG_SIZE)
      const parts = watchParts(page)
      // Parts 1 to 10 leave together; part 11 is asked for once one of them has been stored.
      const sendingEleventh = parts.sendingPart(11)
      await uploadPage.goto(GRANT, '/')
      await uploadPage.pickFiles(big)
      await uploadPage.startUpload.click()
      await sendingEleventh

      await page.reload()
      const reloadedAt = Date.now()
      const storedBefore = [...parts.stored.keys()]
      // A file picked through an input is not kept by the browser: the screen asks for it again.
      await uploadPage.chooseAgain('reload.bin', big)
      await expect(uploadPage.summary).toHaveText('Success', { timeout: UPLOAD_TIMEOUT })

      expectNoStoredPartResent(parts, storedBefore, reloadedAt)
      expect(parts.requested.some((each) => each.at >= reloadedAt)).toBe(true)
    })

    test('a server restart in the middle of an upload is survived by retry', async ({
      page,
      uploadPage,
      server,
      workDir,
    }) => {
      test.setTimeout(150_000)
      const big = path.join(fs.mkdtempSync(path.join(workDir, 'restart-')), 'restart.bin')
      writeBigFile(big, 'restart')
      const parts = watchParts(page)
      const sendingThird = parts.sendingPart(3)
      await uploadPage.goto(GRANT, '/')
      await uploadPage.pickFiles(big)
      await uploadPage.startUpload.click()
      await sendingThird

      await server.stop({ crash: true })
      await expect(uploadPage.status('restart.bin')).toHaveText(UPLOAD_STATUS_WORDS.waiting_retry, {
        timeout: 30_000,
      })
      await server.start()
      await expect(uploadPage.summary).toHaveText('Success', { timeout: UPLOAD_TIMEOUT })
      expectNoPartStoredTwice(parts)
    })

    test('a different file at the path fails at once with the conflict message', async ({
      uploadPage,
      access,
      workDir,
    }) => {
      await putFile(access, '/clash.txt', 'what the volume holds')
      const clash = path.join(fs.mkdtempSync(path.join(workDir, 'clash-')), 'clash.txt')
      fs.writeFileSync(clash, 'something else entirely')
      await uploadPage.goto(GRANT, '/')
      await uploadPage.pickFiles(clash)
      await uploadPage.startUpload.click()
      await expect(uploadPage.summary).toHaveText('Done - 1 Failed')
      await expect(uploadPage.status('clash.txt')).toHaveText('Failed')
      await expect(uploadPage.error('clash.txt')).toHaveText('Different file already exists in the volume.')
      // A fatal failure is not retried: Close, not Retry.
      await expect(uploadPage.retry).toHaveCount(0)
      await expect(uploadPage.close).toBeVisible()
    })
  })
}
