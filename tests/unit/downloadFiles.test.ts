import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { planParts } from '../../server/contract/parts.ts'
import {
  STAGING_DIRECTORY,
  copyPlaced,
  downloadRangesToStaging,
  downloadState,
  downloadToStaging,
  isSwapFileOf,
  placeDownload,
  stagedWritable,
  sweepStaging,
  LINK_STAGING_PREFIX,
  verifyStaged,
  type DownloadTarget,
  type FolderLike,
} from '../../workers/downloadFiles.ts'
import { FakeFs, type FakeDir } from './fakeFileSystem.ts'
import { content, rangeStore } from './storeFixtures.ts'

const CHUNK = 16 * 1024

/**
 * A store serving `bytes` in chunks, honouring Range with 206. `cutAfter` ends the connection once the
 * response has sent that many bytes (a reload, a dropped link).
 */
function store(bytes: Uint8Array<ArrayBuffer>) {
  const requests: Array<string | null> = []
  const cacheModes: Array<RequestCache | undefined> = []
  let cutAfter: number | null = null
  const fetchFn = (async (_url: string, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range')
    requests.push(range)
    cacheModes.push(init?.cache)
    const from = range ? Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0) : 0
    const limit = cutAfter
    cutAfter = null
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const at = from + sent
        if (at >= bytes.length) return controller.close()
        if (limit !== null && sent >= limit) return controller.error(new TypeError('network error'))
        const size = Math.min(CHUNK, bytes.length - at, limit === null ? CHUNK : limit - sent)
        controller.enqueue(bytes.slice(at, at + size))
        sent += size
      },
    })
    return new Response(body, { status: range ? 206 : 200 })
  }) as typeof fetch
  return {
    fetchFn,
    requests,
    cacheModes,
    cutAfter: (bytes: number) => {
      cutAfter = bytes
    },
  }
}

/** Whether two byte arrays hold the same bytes (toEqual walks a mebibyte element by element). */
const same = (a: Uint8Array | undefined, b: Uint8Array) =>
  a !== undefined && Buffer.from(a).equals(Buffer.from(b))

const asFolder = (dir: FakeDir) => dir as unknown as FolderLike

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Downloads until placed, as the runner does: state, fetch from the staged size, place when whole. */
async function downloadWhole(
  fetchFn: typeof fetch,
  opfs: FakeFs,
  target: DownloadTarget,
  key: string,
  size: number,
  tries = 10,
): Promise<number[]> {
  const starts: number[] = []
  for (let attempt = 0; attempt < tries; attempt++) {
    const state = await downloadState(asFolder(opfs.root), target, key, size)
    if (state.whole) return starts
    starts.push(state.staged)
    if (state.staged < size) {
      const result = await downloadToStaging(fetchFn, asFolder(opfs.root), key, 'u', state.staged, 60_000)
      if (!result.ok || result.bytes_received !== size) continue
    }
    await placeDownload(asFolder(opfs.root), key, target)
    return starts
  }
  throw new Error('the download never finished')
}

async function stagingOf(opfs: FakeFs): Promise<Map<string, Uint8Array>> {
  return (await opfs.root.getDirectoryHandle(STAGING_DIRECTORY, { create: true })).files()
}

describe('a download written through a staging file', () => {
  const N = 1024 * 1024

  it('writes each byte once when cut in the middle and resumed, and moves into a private folder', async () => {
    const bytes = content(N, 1)
    const opfs = new FakeFs(true)
    const folder = await opfs.root.getDirectoryHandle('picked', { create: true })
    const server = store(bytes)
    server.cutAfter(N / 2 + 1000)

    const starts = await downloadWhole(
      server.fetchFn,
      opfs,
      { dir: asFolder(folder), path: 'Big/a.bin' },
      'a',
      N,
    )

    // The second try asks for what the first did not write, and nothing is written twice.
    expect(starts).toEqual([0, N / 2 + 1000])
    expect(server.requests).toEqual([null, `bytes=${N / 2 + 1000}-`])
    // Not through the browser's HTTP cache, which would write the body to disk a second time.
    expect(server.cacheModes).toEqual(['no-store', 'no-store'])
    expect(opfs.written).toBe(N)
    expect([...folder.files().keys()]).toEqual(['Big/a.bin'])
    expect(same(folder.files().get('Big/a.bin'), bytes)).toBe(true)
    expect((await stagingOf(opfs)).size).toBe(0)
  })

  it('stays within O(N) however often it is cut: N staged, whatever the number of resumes', async () => {
    const bytes = content(N, 2)
    const opfs = new FakeFs(true)
    const folder = await opfs.root.getDirectoryHandle('picked', { create: true })
    const server = store(bytes)
    const target = { dir: asFolder(folder), path: 'a.bin' }
    for (let cut = 1; cut <= 7; cut++) {
      server.cutAfter(N / 8)
      const state = await downloadState(asFolder(opfs.root), target, 'a', N)
      await downloadToStaging(server.fetchFn, asFolder(opfs.root), 'a', 'u', state.staged, 60_000)
    }
    await downloadWhole(server.fetchFn, opfs, target, 'a', N)
    expect(server.requests).toHaveLength(8)
    expect(opfs.written).toBe(N)
    expect(same(folder.files().get('a.bin'), bytes)).toBe(true)
  })

  it('copies once into a folder on the user disk: the swap file is written once and renamed away', async () => {
    const bytes = content(N, 3)
    const opfs = new FakeFs(true)
    const disk = new FakeFs(false)
    const server = store(bytes)
    server.cutAfter(N / 2)

    await downloadWhole(server.fetchFn, opfs, { dir: asFolder(disk.root), path: 'Big/a.bin' }, 'a', N)

    expect(opfs.written).toBe(N)
    expect(disk.written).toBe(N)
    // The reload cost nothing: N staged, and one copy of N, the least that a folder outside the private
    // file system allows (move() does not cross between the two).
    expect(opfs.written + disk.written).toBe(2 * N)
    expect([...disk.root.files().keys()]).toEqual(['Big/a.bin'])
    expect(same(disk.root.files().get('Big/a.bin'), bytes)).toBe(true)
    expect((await stagingOf(opfs)).size).toBe(0)
  })

  it('writes far less than reopening a writable with keepExistingData at each checkpoint', async () => {
    // What a resumable download costs when bytes become part of the file only by closing a writable: each
    // reopen copies the file so far into a new swap file.
    const disk = new FakeFs(false)
    const file = await disk.root.getFileHandle('a.bin', { create: true })
    const step = N / 16
    for (let at = 0; at < N; at += step) {
      const writable = await file.createWritable({ keepExistingData: true })
      await writable.seek(at)
      await writable.write(content(step, 4))
      await writable.close()
    }
    expect(disk.written).toBeGreaterThan(8 * N)

    const opfs = new FakeFs(true)
    await downloadWhole(
      store(content(N, 4)).fetchFn,
      opfs,
      { dir: asFolder(disk.root), path: 'b.bin' },
      'b',
      N,
    )
    expect(opfs.written).toBe(N)
  })

  it('removes swap files a crash left beside the file when the download starts again, and places it', async () => {
    const bytes = content(1000, 5)
    const opfs = new FakeFs(true)
    const disk = new FakeFs(false)
    await disk.root.put('Big/a.bin.crswap', bytes.subarray(0, 300))
    await disk.root.put('Big/a.bin.1.crswap', bytes.subarray(0, 200))
    await disk.root.put('Big/other.bin.crswap', bytes.subarray(0, 100))
    const target = { dir: asFolder(disk.root), path: 'Big/a.bin' }

    await downloadState(asFolder(opfs.root), target, 'a', 1000)
    expect([...disk.root.files().keys()]).toEqual(['Big/other.bin.crswap'])

    await downloadWhole(store(bytes).fetchFn, opfs, target, 'a', 1000)
    expect([...disk.root.files().keys()].sort()).toEqual(['Big/a.bin', 'Big/other.bin.crswap'])
  })

  it('skips a file already in its folder whole, dropping bytes staged for it', async () => {
    const bytes = content(1000, 6)
    const opfs = new FakeFs(true)
    const disk = new FakeFs(false)
    await disk.root.put('a.bin', bytes)
    await opfs.root.put(`${STAGING_DIRECTORY}/a`, bytes)
    const state = await downloadState(
      asFolder(opfs.root),
      { dir: asFolder(disk.root), path: 'a.bin' },
      'a',
      1000,
    )
    expect(state).toEqual({ whole: true, staged: 0 })
    expect((await stagingOf(opfs)).size).toBe(0)
  })

  it('does not make the folders of a file it only looks for', async () => {
    const opfs = new FakeFs(true)
    const disk = new FakeFs(false)
    const state = await downloadState(
      asFolder(opfs.root),
      { dir: asFolder(disk.root), path: 'x/y/a.bin' },
      'a',
      9,
    )
    expect(state).toEqual({ whole: false, staged: 0 })
    expect(disk.root.entries.size).toBe(0)
  })

  it('waits for the worker of a reloaded page to let the staging file go', async () => {
    const bytes = content(1000, 7)
    const opfs = new FakeFs(true)
    const staged = await opfs.root.put(`${STAGING_DIRECTORY}/a`, bytes.subarray(0, 400))
    const held = await staged.createSyncAccessHandle?.()
    setTimeout(() => held?.close(), 100)
    const server = store(bytes)
    const result = await downloadToStaging(server.fetchFn, asFolder(opfs.root), 'a', 'u', 400, 60_000)
    expect(result).toEqual({ ok: true, bytes_received: 1000 })
    expect(same(staged.data, bytes)).toBe(true)
  })

  it('lets the staging file go whatever happens, so the next try can open it', async () => {
    const opfs = new FakeFs(true)
    const offline = (async () => {
      throw new TypeError('offline')
    }) as typeof fetch
    const failed = await downloadToStaging(offline, asFolder(opfs.root), 'a', 'u', 0, 60_000)
    expect(failed).toMatchObject({ ok: false, kind: 'xhr_error' })
    const staged = await (await opfs.root.getDirectoryHandle(STAGING_DIRECTORY)).getFileHandle('a')
    expect(staged.lock).toBeNull()
  })
})

describe('stagedWritable', () => {
  it('writes in place at the position and flushes every so many bytes', async () => {
    const opfs = new FakeFs(true)
    const file = await opfs.root.put('f', content(50, 8))
    const handle = await file.createSyncAccessHandle?.()
    if (!handle) throw new Error('no access handle')
    const writable = stagedWritable(handle, 100)
    await writable.truncate(20)
    await writable.seek(20)
    for (let step = 0; step < 5; step++) await writable.write(content(60, step))
    expect(opfs.flushes).toBe(2)
    await writable.close()
    expect(opfs.flushes).toBe(3)
    expect(file.data.byteLength).toBe(320)
    expect(file.data.subarray(20, 80)).toEqual(content(60, 0))
    expect(opfs.written).toBe(300)
    expect(file.lock).toBeNull()
  })
})

describe('copyPlaced', () => {
  it('copies a placed file to another path through one writable, leaving no swap file', async () => {
    const bytes = content(3000, 9)
    const disk = new FakeFs(false)
    await disk.root.put('One/clip.bin', bytes)
    await disk.root.put('Two/clip copy.bin.crswap', bytes.subarray(0, 10))
    const dir = asFolder(disk.root)
    await copyPlaced({ dir, path: 'One/clip.bin' }, { dir, path: 'Two/clip copy.bin' })
    expect([...disk.root.files().keys()].sort()).toEqual(['One/clip.bin', 'Two/clip copy.bin'])
    expect(same(disk.root.files().get('Two/clip copy.bin'), bytes)).toBe(true)
    expect(disk.written).toBe(3000)
  })
})

describe('sweepStaging', () => {
  it('removes the staging files of items not kept, and leaves one still open for the next sweep', async () => {
    const opfs = new FakeFs(true)
    await opfs.root.put(`${STAGING_DIRECTORY}/kept`, content(10, 1))
    await opfs.root.put(`${STAGING_DIRECTORY}/gone`, content(10, 2))
    const open = await opfs.root.put(`${STAGING_DIRECTORY}/open`, content(10, 3))
    await open.createSyncAccessHandle?.()
    await sweepStaging(asFolder(opfs.root), ['kept'])
    expect([...(await stagingOf(opfs)).keys()].sort()).toEqual(['kept', 'open'])
  })

  it("sweeps only its own queue's files: the console's and a share link visitor's stay apart", async () => {
    const opfs = new FakeFs(true)
    for (const [index, key] of ['a', 'b', `${LINK_STAGING_PREFIX}c`, `${LINK_STAGING_PREFIX}d`].entries())
      await opfs.root.put(`${STAGING_DIRECTORY}/${key}`, content(10, index))
    await sweepStaging(asFolder(opfs.root), ['a'], 'console')
    expect([...(await stagingOf(opfs)).keys()].sort()).toEqual(['a', 'link-c', 'link-d'])
    await sweepStaging(asFolder(opfs.root), ['link-d'], 'link')
    expect([...(await stagingOf(opfs)).keys()].sort()).toEqual(['a', 'link-d'])
  })
})

describe('isSwapFileOf', () => {
  it("knows Chromium's names for the swap files of a file, and no others", () => {
    expect(isSwapFileOf('a.bin.crswap', 'a.bin')).toBe(true)
    expect(isSwapFileOf('a.bin.12.crswap', 'a.bin')).toBe(true)
    expect(isSwapFileOf('a.bin.x.crswap', 'a.bin')).toBe(false)
    expect(isSwapFileOf('b.a.bin.crswap', 'a.bin')).toBe(false)
    expect(isSwapFileOf('a.bin', 'a.bin')).toBe(false)
    expect(isSwapFileOf('a.crswap', 'a.bin')).toBe(false)
  })
})

describe('a download fetched as ranges into its staging file', () => {
  const R = 64 * 1024

  /** Hands out the given ranges to the lanes, recording the reports. */
  function lanesOver(jobs: Array<{ index: number; start: number; from: number; end: number }>) {
    const queue = jobs.map((job) => ({ ...job, url: 'https://store.example/o' }))
    const finals: Array<{ index: number; bytes: number; ok: boolean }> = []
    return {
      next: async () => queue.shift() ?? null,
      report: (report: { index: number; bytes: number; final: boolean; ok?: boolean }) => {
        if (report.final) finals.push({ index: report.index, bytes: report.bytes, ok: report.ok === true })
      },
      finals,
    }
  }

  it('writes each range at its offset through one sync handle, the whole file once', async () => {
    const size = 5 * R + 123
    const bytes = content(size, 7)
    const opfs = new FakeFs(true)
    const server = rangeStore(bytes, { chunk: CHUNK })
    // Out of order, and one range resumed after what it had written.
    const jobs = [4, 1, 3, 0, 2, 5].map((index) => ({
      index,
      start: index * R,
      from: index * R,
      end: Math.min(size, (index + 1) * R),
    }))
    const lanes = lanesOver(jobs)
    await downloadRangesToStaging(
      server.fetchFn,
      asFolder(opfs.root),
      'k',
      size,
      3,
      60_000,
      lanes.next,
      lanes.report,
    )
    const staged = (await stagingOf(opfs)).get('k')
    expect(same(staged, bytes)).toBe(true)
    expect(opfs.written).toBe(size)
    expect(server.asked).toContain(`bytes=${4 * R}-${5 * R - 1}`)
    expect(server.asked).toContain(`bytes=${5 * R}-${size - 1}`)
    expect(lanes.finals.every((each) => each.ok)).toBe(true)
    // The handle was let go: the file can be hashed and placed.
    expect(await verifyStaged(asFolder(opfs.root), 'k', size, sha256Hex(bytes))).toBe(true)
  })

  it('refuses a store that ignores the Range header rather than writing the whole file at an offset', async () => {
    const bytes = content(3 * R, 8)
    const opfs = new FakeFs(true)
    const lanes = lanesOver([{ index: 1, start: R, from: R, end: 2 * R }])
    await downloadRangesToStaging(
      rangeStore(bytes, { chunk: CHUNK, refuse: true }).fetchFn,
      asFolder(opfs.root),
      'k',
      bytes.length,
      2,
      60_000,
      lanes.next,
      lanes.report,
    )
    expect(lanes.finals).toEqual([{ index: 1, bytes: 0, ok: false }])
    expect(opfs.written).toBe(0)
  })

  it('fails the hash check on a wrong byte and drops the staged file; a multipart file by its part plan', async () => {
    const size = 9 * 1024 * 1024 + 5
    const bytes = content(size, 9)
    const opfs = new FakeFs(true)
    const staging = await opfs.root.getDirectoryHandle(STAGING_DIRECTORY, { create: true })
    const put = async (data: Uint8Array) => {
      const file = await staging.getFileHandle('m', { create: true })
      const open = file.createSyncAccessHandle
      if (!open) throw new Error('the private file system writes in place')
      const handle = await open()
      handle.write(data, { at: 0 })
      handle.close()
    }
    // The composite hash, computed here independently: SHA-256 over the parts' binary SHA-256.
    const parts = planParts(size).map((part) => bytes.subarray(part.offset, part.offset + part.part_size))
    const composite = createHash('sha256')
      .update(Buffer.concat(parts.map((part) => createHash('sha256').update(part).digest())))
      .digest('hex')
    await put(bytes)
    expect(await verifyStaged(asFolder(opfs.root), 'm', size, composite)).toBe(true)
    // Plain SHA-256 is not this file's hash: it is multipart.
    expect(await verifyStaged(asFolder(opfs.root), 'm', size, sha256Hex(bytes))).toBe(false)
    expect((await stagingOf(opfs)).has('m')).toBe(false)
    const wrong = bytes.slice()
    wrong[size - 1] = ((wrong[size - 1] ?? 0) + 1) & 255
    await put(wrong)
    expect(await verifyStaged(asFolder(opfs.root), 'm', size, composite)).toBe(false)
    expect((await stagingOf(opfs)).has('m')).toBe(false)
  })
})
