import { describe, expect, it } from 'vitest'
import type { DirListResponse, Media } from '../../server/contract/media.ts'
import { newDownloadItem } from '../../src/transfers/downloadModel.ts'
import { collectDownloadFiles, downloadStart } from '../../src/transfers/downloadPlan.ts'
import { pathSegments } from '../../workers/downloadFiles.ts'

let nextId = 1
function media(path: string, size = 10, is_deleted = false): Media {
  const media_id = nextId++
  return {
    media_id,
    media_path: `/media/vol/${path.slice(1)}`,
    file_size: size,
    file_hash: `hash-${path}`,
    ctime: null,
    mtime: null,
    is_deleted,
    media_version_id: media_id,
    last_updated: '2026-01-01T00:00:00Z',
    last_update_user_id: null,
    last_update_device_id: null,
    media_kind: 'document',
    thumbnail_state: 'none',
    has_thumbnail: false,
  }
}

const tree: Record<string, DirListResponse> = {
  '/': {
    media_list: [media('/top.txt'), media('/other.txt')],
    dir_list: [
      { dir_name: 'Photos', file_count: 3, deleted_count: 1 },
      { dir_name: 'old', file_count: 0, deleted_count: 1 },
    ],
  },
  '/Photos/': {
    media_list: [media('/Photos/b.jpg'), media('/Photos/gone.jpg', 10, true)],
    dir_list: [
      { dir_name: 'trip', file_count: 1, deleted_count: 0 },
      { dir_name: 'bin', file_count: 0, deleted_count: 0 },
    ],
  },
  '/Photos/trip/': { media_list: [media('/Photos/trip/a.jpg', 99)], dir_list: [] },
  '/old/': { media_list: [media('/old/x.txt', 1, true)], dir_list: [] },
}

function collect(directory: string, selected: string[]) {
  const listed: string[] = []
  const list = (dir: string) => {
    listed.push(dir)
    const answer = tree[dir]
    return answer ? Promise.resolve(answer) : Promise.reject(new Error(`no ${dir}`))
  }
  return { listed, files: collectDownloadFiles({ list, directory, selected, grantPrefixPath: '/vol' }) }
}

describe('collectDownloadFiles', () => {
  it('walks chosen folders to the bottom and takes chosen files, by path', async () => {
    const { files } = collect('/', ['/Photos/', '/top.txt'])
    expect((await files).map((file) => [file.path, file.file_size])).toEqual([
      ['Photos/b.jpg', 10],
      ['Photos/trip/a.jpg', 99],
      ['top.txt', 10],
    ])
  })

  it('leaves out deleted files and folders that hold only deleted files', async () => {
    const { files, listed } = collect('/', ['/old/', '/Photos/'])
    expect((await files).map((file) => file.path)).toEqual(['Photos/b.jpg', 'Photos/trip/a.jpg'])
    expect(listed).not.toContain('/Photos/bin/')
  })

  it('makes paths relative to the directory the selection was made in', async () => {
    const { files } = collect('/Photos/', ['/Photos/trip/'])
    expect((await files).map((file) => file.path)).toEqual(['trip/a.jpg'])
  })

  it('fails when a listing fails', async () => {
    const { files } = collect('/', ['/missing/'])
    await expect(files).rejects.toThrow('no /missing/')
  })
})

describe('pathSegments', () => {
  it('splits the folders to make from the file name', () => {
    expect(pathSegments('a/b/c.txt')).toEqual({ folders: ['a', 'b'], name: 'c.txt' })
    expect(pathSegments('c.txt')).toEqual({ folders: [], name: 'c.txt' })
  })
})

describe('downloadStart', () => {
  const base = newDownloadItem(
    { id: 'f', org_id: 1, media_grant_id: 1, media_id: 1, path: 'f', file_size: 1000, file_hash: 'h' },
    null,
  )

  it('skips a file already in its folder whole', () => {
    expect(downloadStart(base, { whole: true, staged: 0 })).toBe('skip')
  })

  it('starts a new download from the first byte', () => {
    expect(downloadStart(base, { whole: false, staged: 0 })).toBe(0)
  })

  it('resumes from the bytes staged, whatever the queue had counted', () => {
    expect(downloadStart({ ...base, bytes_received: 600 }, { whole: false, staged: 400 })).toBe(400)
    expect(downloadStart({ ...base, bytes_received: 300 }, { whole: false, staged: 400 })).toBe(400)
  })

  it('starts with every byte staged at the end (only the placing is left)', () => {
    expect(downloadStart(base, { whole: false, staged: 1000 })).toBe(1000)
  })

  it('starts over from a staging file longer than the file', () => {
    expect(downloadStart({ ...base, bytes_received: 900 }, { whole: false, staged: 1200 })).toBe(0)
  })
})
