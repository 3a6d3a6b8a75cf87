import { describe, expect, it } from 'vitest'
import {
  hasThumbnail,
  kindOfMedia,
  pendingRefetchInterval,
  PENDING_REFETCH_FOR_MS,
  PENDING_REFETCH_MS,
  thumbnailStateOf,
  type MediaPictures,
} from '../../src/lib/thumbnails.ts'

const file = (state: MediaPictures['thumbnail_state'], name = '/a.jpg'): MediaPictures => ({
  media_path: name,
  thumbnail_state: state,
  has_thumbnail: state === 'ready',
})

describe('pendingRefetchInterval', () => {
  it('reads the listing again every few seconds while a file is pending', () => {
    expect(pendingRefetchInterval([file('ready'), file('pending')], undefined, 0)).toBe(PENDING_REFETCH_MS)
    expect(pendingRefetchInterval([file('pending')], 1000, 1000 + 60_000)).toBe(PENDING_REFETCH_MS)
  })
  it('stops when none is pending', () => {
    expect(pendingRefetchInterval([file('ready'), file('none')], 0, 1000)).toBe(false)
    expect(pendingRefetchInterval([], undefined, 0)).toBe(false)
  })
  it('stops after about two minutes of waiting', () => {
    expect(pendingRefetchInterval([file('pending')], 1000, 1000 + PENDING_REFETCH_FOR_MS)).toBe(false)
    expect(PENDING_REFETCH_FOR_MS).toBe(120_000)
  })
})

describe('the fields of a listing entry', () => {
  it('reads the state and the picture, none when an older server leaves them out', () => {
    expect(thumbnailStateOf(file('pending'))).toBe('pending')
    expect(hasThumbnail(file('ready'))).toBe(true)
    expect(hasThumbnail(file('pending'))).toBe(false)
    expect(thumbnailStateOf({ media_path: '/a.jpg' })).toBe('none')
    expect(hasThumbnail({ media_path: '/a.jpg' })).toBe(false)
  })
  it("takes the server's kind, else the name's", () => {
    expect(kindOfMedia({ media_path: '/clip.MOV' })).toBe('video')
    expect(kindOfMedia({ media_path: '/x.bin', media_kind: 'image' })).toBe('image')
  })
})

describe('thumbnailUrl', () => {
  it("names the content, so a file's new version has a new address", async () => {
    const { thumbnailUrl } = await import('../../src/api/media.ts')
    const grant = { orgId: 3, mediaGrantId: 7 }
    const first = thumbnailUrl(grant, { media_id: 11, file_hash: 'a'.repeat(64) }, 'small')
    const second = thumbnailUrl(grant, { media_id: 11, file_hash: 'b'.repeat(64) }, 'small')
    expect(first).toMatch(/\/web\/1\/org\/3\/media_grant\/7\/media\/11\/thumbnail\?/)
    expect(new URL(first, 'http://x').searchParams.get('size')).toBe('small')
    expect(first).not.toBe(second)
  })
})
