import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/transport.ts'
import {
  availableUntil,
  childPath,
  filesText,
  linkGoneOf,
  needsPassphraseAgain,
  passphraseErrorOf,
  pathCrumbs,
  TOO_MANY_TRIES_MESSAGE,
  WRONG_PASSPHRASE_MESSAGE,
} from '../../src/lib/shareVisitText.ts'

const refusal = (status: number, error: string) => new ApiError(status, { error })

describe("a share link's page", () => {
  it('leads unknown (and revoked), expired and used-up links to their full pages, and nothing else', () => {
    expect(linkGoneOf(refusal(404, 'unknown_link'))).toBe('unknown')
    expect(linkGoneOf(refusal(410, 'link_expired'))).toBe('expired')
    expect(linkGoneOf(refusal(410, 'link_used_up'))).toBe('used_up')
    expect(linkGoneOf(refusal(404, 'not_found'))).toBeUndefined()
    expect(linkGoneOf(new ApiError('timeout'))).toBeUndefined()
    expect(linkGoneOf(new Error('boom'))).toBeUndefined()
  })

  it('says why a passphrase was refused', () => {
    expect(passphraseErrorOf(refusal(403, 'wrong_passphrase'))).toBe(WRONG_PASSPHRASE_MESSAGE)
    expect(passphraseErrorOf(refusal(429, 'too_many_tries'))).toBe(TOO_MANY_TRIES_MESSAGE)
    expect(passphraseErrorOf(new ApiError('request_failure'))).toMatch(/could not be loaded/)
    expect(needsPassphraseAgain(refusal(401, 'passphrase_required'))).toBe(true)
    expect(needsPassphraseAgain(refusal(403, 'view_only'))).toBe(false)
  })

  it("walks a folder link's subfolders by its own relative paths", () => {
    expect(childPath('', 'Day 1')).toBe('Day 1/')
    expect(childPath('Day 1/', 'Cam A/')).toBe('Day 1/Cam A/')
    expect(pathCrumbs('')).toEqual([])
    expect(pathCrumbs('Day 1/Cam A/')).toEqual([
      { name: 'Day 1', path: 'Day 1/' },
      { name: 'Cam A', path: 'Day 1/Cam A/' },
    ])
  })

  it('words the summary', () => {
    expect(filesText(1)).toBe('1 file')
    expect(filesText(3)).toBe('3 files')
    expect(availableUntil('2026-12-05T12:00:00Z')).toBe('Available until December 5, 2026')
    expect(availableUntil('soon')).toBe('')
  })
})
