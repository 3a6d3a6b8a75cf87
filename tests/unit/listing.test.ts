import { describe, expect, it } from 'vitest'
import type { Media } from '../../server/contract/media.ts'
import {
  findListedFile,
  isDeletedFolder,
  listingActions,
  listingRows,
  matchesFilter,
  rowsNamed,
  visibleRows,
  type ListingRow,
} from '../../src/lib/listing.ts'

function media(media_id: number, name: string, is_deleted = false): Media {
  return {
    media_id,
    media_path: `/media/dir/${name}`,
    file_size: 10,
    file_hash: 'h',
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

const rows = listingRows({
  dir_list: [
    { dir_name: 'zeta', file_count: 2, deleted_count: 1 },
    { dir_name: 'Alpha', file_count: 0, deleted_count: 3 },
    { dir_name: 'fresh', file_count: 0, deleted_count: 0 },
  ],
  media_list: [media(1, 'b.txt'), media(2, 'A.txt', true), media(3, 'c.txt'), media(4, 'Zed.txt')],
})
const names = (list: { name: string }[]) => list.map((row) => row.name)
function byName(name: string): ListingRow {
  const row = rows.find((each) => each.name === name)
  if (!row) throw new Error(`no row ${name}`)
  return row
}

describe('listing rows', () => {
  it('names files by the last part of their path and marks folders of only deleted files as deleted', () => {
    expect(byName('b.txt')).toMatchObject({ kind: 'file', isDeleted: false })
    expect(byName('A.txt')).toMatchObject({ kind: 'file', isDeleted: true })
    expect(byName('Alpha')).toMatchObject({ kind: 'folder', isDeleted: true })
    expect(byName('zeta')).toMatchObject({ kind: 'folder', isDeleted: false })
  })

  it('shows a folder without any file (just made) as active, not deleted', () => {
    expect(byName('fresh')).toMatchObject({ kind: 'folder', isDeleted: false })
    expect(isDeletedFolder({ dir_name: 'new', file_count: 0, deleted_count: 0 })).toBe(false)
    expect(isDeletedFolder({ dir_name: 'emptied', file_count: 0, deleted_count: 2 })).toBe(true)
    expect(isDeletedFolder({ dir_name: 'mixed', file_count: 1, deleted_count: 2 })).toBe(false)
  })

  it('finds a file of the listing by name without regard to case, deleted ones too', () => {
    const listing = { dir_list: [], media_list: [media(1, 'b.txt'), media(2, 'A.txt', true)] }
    expect(findListedFile(listing, 'B.TXT')?.media_id).toBe(1)
    expect(findListedFile(listing, 'a.txt')?.media_id).toBe(2)
    expect(findListedFile(listing, 'nope.txt')).toBeUndefined()
  })

  it('puts folders first, then names without regard to case', () => {
    expect(names(visibleRows(rows, 'all'))).toEqual([
      'Alpha',
      'fresh',
      'zeta',
      'A.txt',
      'b.txt',
      'c.txt',
      'Zed.txt',
    ])
  })

  it('filters Active and Deleted', () => {
    expect(names(visibleRows(rows, 'active'))).toEqual(['fresh', 'zeta', 'b.txt', 'c.txt', 'Zed.txt'])
    expect(names(visibleRows(rows, 'deleted'))).toEqual(['Alpha', 'A.txt'])
    expect(matchesFilter(byName('A.txt'), 'all')).toBe(true)
  })

  it('sorts 20,000 entries', () => {
    const many = listingRows({
      dir_list: [],
      media_list: Array.from({ length: 20_000 }, (_, i) => media(i, `file-${(i * 7919) % 20_000}.bin`)),
    })
    const sorted = visibleRows(many, 'active')
    expect(sorted[0]?.name).toBe('file-0.bin')
    expect(sorted).toHaveLength(20_000)
  })
})

describe('listingActions', () => {
  it('offers Create Folder and Upload always, and nothing else without a selection', () => {
    expect(listingActions([])).toEqual({
      createFolder: true,
      upload: true,
      download: false,
      delete: false,
      undelete: false,
    })
  })

  it('enables Download for files or folders', () => {
    expect(listingActions([byName('zeta')]).download).toBe(true)
    expect(listingActions([byName('b.txt')]).download).toBe(true)
  })

  it('disables Delete and Undelete when a folder is selected', () => {
    const actions = listingActions([byName('b.txt'), byName('A.txt'), byName('zeta')])
    expect(actions.delete).toBe(false)
    expect(actions.undelete).toBe(false)
    expect(actions.download).toBe(true)
  })

  it('enables Delete for active files and Undelete for deleted ones', () => {
    expect(listingActions([byName('b.txt')])).toMatchObject({ delete: true, undelete: false })
    expect(listingActions([byName('A.txt')])).toMatchObject({ delete: false, undelete: true })
    expect(listingActions([byName('b.txt'), byName('A.txt')])).toMatchObject({ delete: true, undelete: true })
  })
})

describe('rowsNamed', () => {
  const named = listingRows({
    dir_list: [{ dir_name: 'Beach Day', file_count: 1, deleted_count: 0 }],
    media_list: [media(1, 'beach.jpg'), media(2, 'city.jpg'), media(3, 'BEACHES.mov')],
  })

  it('keeps the rows whose name holds the text, without regard to case', () => {
    expect(rowsNamed(named, 'beach').map((row) => row.name)).toEqual([
      'Beach Day',
      'beach.jpg',
      'BEACHES.mov',
    ])
    expect(rowsNamed(named, ' CITY ').map((row) => row.name)).toEqual(['city.jpg'])
    expect(rowsNamed(named, 'nothing')).toEqual([])
  })

  it('keeps every row for blank text', () => {
    expect(rowsNamed(named, '  ')).toHaveLength(4)
  })
})
