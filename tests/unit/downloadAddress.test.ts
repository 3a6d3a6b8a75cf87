// Where a download's addresses come from: a member's file from its container, a visitor's from the share
// link it came through; and what a refusal means for the item.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/transport.ts'
import type { DownloadItem } from '../../src/transfers/downloadModel.ts'
import { newDownloadItem } from '../../src/transfers/downloadModel.ts'
import { VISIT_ENDED_MESSAGE } from '../../src/lib/shareVisitText.ts'

const calls = vi.hoisted(() => ({ console: [] as unknown[][], link: [] as unknown[][] }))

vi.mock('../../src/api/media.ts', () => ({
  getDownloadUrls: (...args: unknown[]) => {
    calls.console.push(args)
    return Promise.resolve(['/console'])
  },
}))
vi.mock('../../src/api/shareVisit.ts', () => ({
  shareFileUrls: (...args: unknown[]) => {
    calls.link.push(args)
    return Promise.resolve(['/link'])
  },
}))

const { classifyUrlError, downloadUrlsOf } = await import('../../src/transfers/downloadAddress.ts')

const file = { id: 'f', media_id: 7, path: 'a/f.bin', file_size: 10, file_hash: 'h' }

beforeEach(() => {
  calls.console.length = 0
  calls.link.length = 0
})

describe('downloadUrlsOf', () => {
  it("asks a member's file of its container, with the console's call", async () => {
    const item: DownloadItem = newDownloadItem({ ...file, org_id: 3, media_grant_id: 4 }, null)
    expect(await downloadUrlsOf(item)).toEqual(['/console'])
    expect(calls.console).toEqual([[{ orgId: 3, mediaGrantId: 4 }, 7]])
    expect(calls.link).toEqual([])
  })

  it("asks a visitor's file of the link, with the visit's session and no session of the console", async () => {
    const item = newDownloadItem({ ...file, share_token: 'tok', link_session: 'visit' }, null)
    expect(await downloadUrlsOf(item)).toEqual(['/link'])
    expect(calls.link).toEqual([['tok', 'visit', 7]])
    expect(calls.console).toEqual([])
  })
})

describe('classifyUrlError', () => {
  it("fails a link's download for good when the link or its visit has ended, in the page's words", () => {
    expect(classifyUrlError(new ApiError(404, { error: 'unknown_link' }))).toEqual({
      refused: 'This link does not exist or is no longer available.',
    })
    expect(classifyUrlError(new ApiError(410, { error: 'link_expired' }))).toEqual({
      refused: 'This link has expired.',
    })
    expect(classifyUrlError(new ApiError(410, { error: 'link_used_up' }))).toEqual({
      refused: 'This link has reached its download limit.',
    })
    expect(classifyUrlError(new ApiError(401, { error: 'passphrase_required' }))).toEqual({
      refused: VISIT_ENDED_MESSAGE,
    })
    expect(classifyUrlError(new ApiError(403, { error: 'view_only' }))).toEqual({
      refused: 'These files can be viewed here but not downloaded.',
    })
  })

  it('reads any other 404 as the console does (Not Uploaded), and the rest as a failed try', () => {
    expect(classifyUrlError(new ApiError(404, { error: 'not_found' }))).toBe('not_found')
    expect(classifyUrlError(new ApiError(404))).toBe('not_found')
    expect(classifyUrlError(new ApiError(503))).toBe('other')
    expect(classifyUrlError(new ApiError('request_failure'))).toBe('other')
    expect(classifyUrlError(new Error('boom'))).toBe('other')
  })
})
