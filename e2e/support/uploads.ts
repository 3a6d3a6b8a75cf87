// What the upload specs share: a server of their own (one spec stops and restarts it, which the other
// specs must not see) with a new organization on it, files written on disk for the test, part PUTs watched
// as the browser sends them, and the folder upload both stores must pass.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startS3Server } from '../../tests/server/helpers/s3Server.ts'
import type { Page } from '@playwright/test'
import type { FileListPage } from '../pages/FileListPage.ts'
import type { UploadPage } from '../pages/UploadPage.ts'
import { createReadyOrg, listGrants, signUpUser, type GrantAccess } from './api.ts'
import { expect, test as base } from './fixtures.ts'
import { freshEmail } from './mail.ts'
import { watchParts } from './parts.ts'
import { startServer, useServerForSeeding, type ProductServer } from './server.ts'

export const MiB = 1024 * 1024
export const BIG_SIZE = 200 * MiB
/** 200 MiB goes in 16 MiB parts: 12 whole ones and the remainder. */
export const BIG_PARTS = 13
export const GRANT = 'Upload Volume'
const SMALL_FILES = 49
export const UPLOAD_TIMEOUT = 90_000
/**
 * The local store's server signs its storage URLs for this many host names (s1.localhost, s2.localhost),
 * so the suite's parts go over two hosts as a sharded deployment's do.
 */
export const LOCAL_STORAGE_HOSTS = 2

interface WorkerFixtures {
  /** The store of the spec's own server: its local store, or an S3 store served by s3rver. */
  store: 'local' | 's3'
  server: ProductServer
  access: GrantAccess
  /** A temporary folder for the files a test picks. */
  workDir: string
}

export const test = base.extend<object, WorkerFixtures>({
  store: ['local', { scope: 'worker', option: true }],
  server: [
    async ({ store }, use) => {
      const s3 = store === 's3' ? await startS3Server('media/', { browser: true }) : undefined
      const server = await startServer({
        logName: `e2e-uploads-${store}-server.log`,
        env: s3?.env ?? {},
        storageHosts: store === 'local' ? LOCAL_STORAGE_HOSTS : 0,
      })
      const restoreSeeding = useServerForSeeding(server)
      await use(server)
      restoreSeeding()
      await server.close()
      await s3?.close()
    },
    { scope: 'worker' },
  ],
  workDir: [
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-uploads-'))
      await use(dir)
      fs.rmSync(dir, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
  access: [async ({ server }, use) => use(await seedOrg(server)), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.baseUrl),
})

/**
 * The bytes of a 200 MiB file that depend on seed, so each test sends content the store does not hold yet:
 * mebibyte i repeats the text `${seed}:${i}:` (pages write the same bytes with writeBigFileInOrigin).
 */
function* bigFileBlocks(seed: string, size = BIG_SIZE): Generator<Buffer> {
  const block = Buffer.alloc(MiB)
  for (let i = 0; i < size / MiB; i++) {
    block.fill(`${seed}:${i}:`)
    yield block
  }
}

/** Writes the big file of seed; size (whole mebibytes) makes it larger where a test needs more parts. */
export function writeBigFile(file: string, seed: string, size = BIG_SIZE): void {
  const fd = fs.openSync(file, 'w')
  for (const block of bigFileBlocks(seed, size)) fs.writeSync(fd, block)
  fs.closeSync(fd)
}

/** SHA-256 hex of the whole big file of seed. */
export function bigFileSha256(seed: string): string {
  const hash = createHash('sha256')
  for (const block of bigFileBlocks(seed)) hash.update(block)
  return hash.digest('hex')
}

/** album/ with 49 small files (some in album/raw/) and big.bin: 50 files. */
function writeAlbum(workDir: string, seed: string): string {
  const album = path.join(fs.mkdtempSync(path.join(workDir, 'pick-')), 'album')
  fs.mkdirSync(path.join(album, 'raw'), { recursive: true })
  for (let i = 1; i <= SMALL_FILES; i++) {
    const name = `file-${String(i).padStart(2, '0')}.txt`
    const where = i % 7 === 0 ? path.join(album, 'raw', name) : path.join(album, name)
    fs.writeFileSync(where, `${seed} ${name}\n`.repeat(i * 20))
  }
  writeBigFile(path.join(album, 'big.bin'), seed)
  return album
}

/** A new organization on server (seeding goes to it), with its volume's container. */
async function seedOrg(server: ProductServer): Promise<GrantAccess> {
  expect(process.env.E2E_BASE_URL).toBe(server.baseUrl)
  const email = freshEmail('uploads')
  const sessionKey = await signUpUser(email)
  const orgId = await createReadyOrg(sessionKey, `Upload Org ${email}`, GRANT)
  const grant = (await listGrants(sessionKey, orgId)).find((each) => each.grant_name === GRANT)
  if (!grant) throw new Error('the new volume came without its container')
  return { sessionKey, orgId, grantId: grant.media_grant_id }
}

/** The folder upload, on whichever store the server uses. */
interface AlbumPages {
  uploadPage: UploadPage
  fileList: FileListPage
  page: Page
  workDir: string
}

export async function uploadsAlbum({ uploadPage, fileList, page, workDir }: AlbumPages, seed: string) {
  const album = writeAlbum(workDir, seed)
  await uploadPage.goto(GRANT, '/Uploads/')
  await uploadPage.pickFolder(album)
  // 50 files and the header row.
  await expect(uploadPage.selection.getByRole('row')).toHaveCount(SMALL_FILES + 2)
  await expect(uploadPage.selection.getByRole('row', { name: /big\.bin/ })).toContainText('/Uploads/album/')
  await uploadPage.startUpload.click()
  await expect(uploadPage.summary).toHaveText('Success', { timeout: UPLOAD_TIMEOUT })
  await expect(uploadPage.uploads.locator('tbody tr[data-status="done"]')).toHaveCount(SMALL_FILES + 1)
  // The run's average speed stays on the summary line once it is over.
  await expect(
    page.getByText(/^[\d.]+ [KMG]?B of [\d.]+ [KMG]?B · [\d.]+ [KMG]?B\/s average over \d/).first(),
  ).toBeVisible()

  await uploadPage.close.click()
  await expect(page).toHaveURL(/\/home\/Upload%20Volume\/Uploads\/$/)
  await fileList.open('album')
  await expect(fileList.row('big.bin')).toContainText('200 MB')
  await expect(fileList.row('file-01.txt')).toContainText(`${`${seed} file-01.txt\n`.length * 20} B`)
  await fileList.open('raw')
  await expect(fileList.row('file-07.txt')).toBeVisible()
}

/** No part of the 200 MiB file was stored twice. */
export function expectNoPartStoredTwice(...watched: Array<ReturnType<typeof watchParts>>): void {
  for (let part = 1; part <= BIG_PARTS; part++) {
    const stored = watched.reduce((sum, each) => sum + (each.stored.get(part) ?? 0), 0)
    expect(stored, `part ${part} stored`).toBeLessThanOrEqual(1)
  }
}

/** Some parts were stored before the reload, none of them was asked for after it, and none stored twice. */
export function expectNoStoredPartResent(
  parts: ReturnType<typeof watchParts>,
  storedBefore: readonly number[],
  reloadedAt: number,
): void {
  expect(storedBefore.length).toBeGreaterThan(0)
  for (const part of storedBefore)
    expect(parts.requested.filter((each) => each.part === part && each.at >= reloadedAt)).toEqual([])
  expectNoPartStoredTwice(parts)
}

export { expect, watchParts }
