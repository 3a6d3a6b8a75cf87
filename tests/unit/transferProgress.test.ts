import { describe, expect, it } from 'vitest'
import { emptyDownloadQueue, newDownloadItem, type DownloadItem } from '../../src/transfers/downloadModel.ts'
import {
  downloadProgress,
  filesToShow,
  uploadProgress,
  uploadedBytes,
  type FileProgress,
} from '../../src/transfers/transferProgress.ts'
import { newUploadItem } from '../../src/transfers/uploadReducer.ts'
import type { UploadItem } from '../../src/transfers/uploadModel.ts'

const MiB = 1024 * 1024

function upload(id: string, size: number, change: Partial<UploadItem> = {}): UploadItem {
  const item = newUploadItem({
    id,
    name: `${id}.bin`,
    folder: '',
    media_path: `/up/${id}.bin`,
    file_size: size,
    mtime: 0,
    org_id: 1,
    media_grant_id: 2,
  })
  return { ...item, ...change }
}

function download(id: string, size: number, change: Partial<DownloadItem> = {}): DownloadItem {
  const item = newDownloadItem(
    { id, org_id: 1, media_grant_id: 2, media_id: 3, path: `dir/${id}.bin`, file_size: size, file_hash: id },
    null,
  )
  return { ...item, ...change }
}

describe('upload progress', () => {
  it('counts parts stored whole and the bytes sent of parts on their way', () => {
    const big = upload('big', 40 * MiB)
    expect(big.parts.length).toBeGreaterThan(1)
    const [first, second, ...rest] = big.parts
    if (!first || !second) throw new Error('a multipart file has parts')
    const moving: UploadItem = {
      ...big,
      status: 'uploading',
      parts: [{ ...first, done: true }, { ...second, sending: true, sent_bytes: 1000 }, ...rest],
    }
    expect(uploadedBytes(moving)).toBe(first.part_size + 1000)
  })

  it('counts a done file whole, a skipped one too, and sums the queue', () => {
    const queue = {
      auto_retry: false,
      items: [
        upload('a', 1000, { status: 'done', skip: true }),
        upload('b', 3000, { status: 'hashing' }),
        upload('c', 1000, { status: 'error', fatal_err: 'no' }),
      ],
    }
    const progress = uploadProgress(queue)
    expect(progress.bytes_done).toBe(1000)
    expect(progress.bytes_total).toBe(5000)
    expect(progress.percent).toBe(20)
    expect(progress.summary.text).toBe('Running')
    expect(progress.files.map((file) => [file.name, file.state, file.percent, file.status_text])).toEqual([
      ['a.bin', 'done', 100, 'Done'],
      ['b.bin', 'active', 0, 'Hashing'],
      ['c.bin', 'failed', 0, 'Failed'],
    ])
  })

  it('is whole for an empty queue', () => {
    expect(uploadProgress({ auto_retry: false, items: [] }).percent).toBe(100)
  })
})

describe('download progress', () => {
  it('counts the bytes received, a done file whole, and says the status as the screen does', () => {
    const queue = {
      ...emptyDownloadQueue,
      items: [
        download('a', 4000, { status: 'downloading', bytes_received: 1000, percent: 25 }),
        download('b', 1000, { status: 'done', skip: true, bytes_received: 0 }),
        download('c', 5000, { status: 'waiting', bytes_received: 2500 }),
      ],
    }
    const progress = downloadProgress(queue)
    expect(progress.bytes_done).toBe(1000 + 1000 + 2500)
    expect(progress.bytes_total).toBe(10_000)
    expect(progress.percent).toBe(45)
    expect(progress.files.map((file) => [file.state, file.status_text])).toEqual([
      ['active', '25%'],
      ['done', 'Skip'],
      ['waiting', 'Waiting'],
    ])
  })
})

describe('filesToShow', () => {
  const file = (id: string, state: FileProgress['state']): FileProgress => ({
    id,
    name: id,
    size: 1,
    done_bytes: 0,
    percent: 0,
    status_text: '',
    state,
  })

  it('shows files moving first, then failures, waiting and done, in queue order, and counts the rest', () => {
    const files = [
      file('d1', 'done'),
      file('w1', 'waiting'),
      file('a1', 'active'),
      file('f1', 'failed'),
      file('a2', 'active'),
      file('w2', 'waiting'),
    ]
    const { shown, more } = filesToShow(files, 3)
    expect(shown.map((each) => each.id)).toEqual(['a1', 'a2', 'f1'])
    expect(more).toBe(3)
    expect(filesToShow(files.slice(0, 2), 3)).toEqual({ shown: [files[1], files[0]], more: 0 })
  })
})
