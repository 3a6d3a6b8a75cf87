import { describe, expect, it } from 'vitest'
import type { Media } from '../../server/contract/media.ts'
import type { ListingRow } from '../../src/lib/listing.ts'
import { filesOf, positionOf, stepFile } from '../../src/lib/viewerOrder.ts'

const fileRow = (id: number, name: string): ListingRow => ({
  kind: 'file',
  key: `f:${id}`,
  name,
  isDeleted: false,
  media: { media_id: id, media_path: `/${name}` } as Media,
})
const rows: ListingRow[] = [
  { kind: 'folder', key: 'd:a', name: 'a', isDeleted: false },
  fileRow(3, 'b.jpg'),
  { kind: 'folder', key: 'd:c', name: 'c', isDeleted: false },
  fileRow(1, 'd.mp4'),
  fileRow(2, 'e.txt'),
]

describe('the viewer order', () => {
  const files = filesOf(rows)
  it('takes the files in the listing order, folders skipped', () => {
    expect(files.map((row) => row.media.media_id)).toEqual([3, 1, 2])
    expect(positionOf(files, 1)).toBe(1)
    expect(positionOf(files, 99)).toBe(-1)
  })
  it('steps to the previous and next file, not past the ends', () => {
    expect(stepFile(files, 1, 1)?.media.media_id).toBe(2)
    expect(stepFile(files, 1, -1)?.media.media_id).toBe(3)
    expect(stepFile(files, 3, -1)).toBeUndefined()
    expect(stepFile(files, 2, 1)).toBeUndefined()
    expect(stepFile(files, 99, 1)).toBeUndefined()
  })
})
