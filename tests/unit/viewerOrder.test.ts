import { describe, expect, it } from 'vitest'
import type { Media } from '../../server/contract/media.ts'
import type { SharedMedia } from '../../server/contract/shareLink.ts'
import type { ListingRow } from '../../src/lib/listing.ts'
import {
  filesOf,
  listingViewerFiles,
  positionOf,
  sharedViewerFiles,
  stepFile,
} from '../../src/lib/viewerOrder.ts'

const fileRow = (id: number, name: string, isDeleted = false): ListingRow => ({
  kind: 'file',
  key: `f:${id}`,
  name,
  isDeleted,
  media: { media_id: id, media_path: `/${name}`, file_size: id * 100 } as Media,
})
const rows: ListingRow[] = [
  { kind: 'folder', key: 'd:a', name: 'a', isDeleted: false },
  fileRow(3, 'b.jpg'),
  { kind: 'folder', key: 'd:c', name: 'c', isDeleted: false },
  fileRow(1, 'd.mp4', true),
  fileRow(2, 'e.txt'),
]

const shared = (
  media_id: number,
  name: string,
  media_kind: SharedMedia['media_kind'],
  thumbnail_state: SharedMedia['thumbnail_state'] = 'ready',
): SharedMedia => ({
  media_id,
  name,
  media_kind,
  thumbnail_state,
  file_size: 10 * media_id,
  file_hash: `h${media_id}`,
  mtime: null,
})

describe('the viewer order', () => {
  const files = listingViewerFiles(filesOf(rows), (row) =>
    row.name.endsWith('.txt') ? undefined : `/large/${row.media.media_id}`,
  )
  it('takes the files in the listing order, folders skipped', () => {
    expect(files.map((file) => file.id)).toEqual([3, 1, 2])
    expect(positionOf(files, 1)).toBe(1)
    expect(positionOf(files, 99)).toBe(-1)
  })
  it('steps to the previous and next file, not past the ends', () => {
    expect(stepFile(files, 1, 1)?.id).toBe(2)
    expect(stepFile(files, 1, -1)?.id).toBe(3)
    expect(stepFile(files, 3, -1)).toBeUndefined()
    expect(stepFile(files, 2, 1)).toBeUndefined()
    expect(stepFile(files, 99, 1)).toBeUndefined()
  })
  it('knows each listed file by its name, kind, size, poster and deletion', () => {
    expect(files).toEqual([
      { id: 3, name: 'b.jpg', kind: 'image', size: 300, poster: '/large/3', deleted: false },
      { id: 1, name: 'd.mp4', kind: 'video', size: 100, poster: '/large/1', deleted: true },
      { id: 2, name: 'e.txt', kind: 'document', size: 200, poster: undefined, deleted: false },
    ])
  })
})

describe("a share link's files in the viewer", () => {
  const list = [
    shared(5, 'cut.mov', 'video'),
    shared(6, 'notes.txt', 'document'),
    shared(7, 'still.png', 'image', 'pending'),
    shared(8, 'archive.zip', 'other'),
    shared(9, 'mix.wav', 'audio', 'none'),
  ]
  const files = sharedViewerFiles(list, (mediaId) => `/s/1/t/media/${mediaId}/thumbnail?size=large`)
  it('steps through the pictures, clips and sound only, in the page order', () => {
    expect(files.map((file) => file.id)).toEqual([5, 7, 9])
    expect(stepFile(files, 5, 1)?.id).toBe(7)
    expect(stepFile(files, 9, -1)?.id).toBe(7)
    expect(stepFile(files, 9, 1)).toBeUndefined()
  })
  it('takes the kind from the link and a poster only once the thumbnail is made', () => {
    expect(files).toEqual([
      { id: 5, name: 'cut.mov', kind: 'video', size: 50, poster: '/s/1/t/media/5/thumbnail?size=large' },
      { id: 7, name: 'still.png', kind: 'image', size: 70, poster: undefined },
      { id: 9, name: 'mix.wav', kind: 'audio', size: 90, poster: undefined },
    ])
  })
})
