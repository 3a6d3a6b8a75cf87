import { describe, expect, it } from 'vitest'
import type { ShareLink } from '../../server/contract/shareLink.ts'
import {
  canRevoke,
  newShareForm,
  shareDownloadsText,
  shareLinkRequest,
  shareStateText,
  shareSummaryText,
  shareTargetText,
  shareUrl,
  type ShareForm,
  type ShareTarget,
} from '../../src/lib/shareLinks.ts'

const folder: ShareTarget = { kind: 'folder', path: '/cuts/final/', name: 'final' }
const file: ShareTarget = { kind: 'file', mediaId: 42, name: 'a.mov' }
const filled = (overrides: Partial<ShareForm> = {}): ShareForm => ({
  ...newShareForm(30),
  label: 'Client review',
  ...overrides,
})

describe('newShareForm', () => {
  it('starts at 7 days, or the organization’s longest when that is shorter', () => {
    expect(newShareForm(30).expireDays).toBe('7')
    expect(newShareForm(3).expireDays).toBe('3')
    expect(newShareForm(30)).toMatchObject({ label: '', passphrase: '', downloadLimit: '', viewOnly: false })
  })
})

describe('shareLinkRequest', () => {
  it('sends a folder by its path and a file by its id, with only the options given', () => {
    expect(shareLinkRequest(filled(), folder, 30)).toEqual({
      request: { folder_path: '/cuts/final/', label: 'Client review', expire_days: 7, view_only: false },
    })
    expect(
      shareLinkRequest(
        filled({ label: '  Cut 2 ', passphrase: 'correct horse', downloadLimit: ' 5 ', viewOnly: true }),
        file,
        30,
      ),
    ).toEqual({
      request: {
        media_id: 42,
        label: 'Cut 2',
        expire_days: 7,
        passphrase: 'correct horse',
        download_limit: 5,
        view_only: true,
      },
    })
  })

  it('asks for a label', () => {
    expect(shareLinkRequest(filled({ label: '   ' }), folder, 30)).toEqual({
      errors: { label: 'Please enter a label.' },
    })
    expect(shareLinkRequest(filled({ label: 'x'.repeat(129) }), folder, 30)).toHaveProperty('errors.label')
    expect(shareLinkRequest(filled({ label: 'x'.repeat(128) }), folder, 30)).toHaveProperty('request')
  })

  it('keeps the lifetime within 1 and the organization’s longest, in whole days', () => {
    const message = 'Please enter a number of days from 1 to 30.'
    for (const expireDays of ['0', '31', '7.5', '1e1', '', '-3'])
      expect(shareLinkRequest(filled({ expireDays }), folder, 30)).toEqual({
        errors: { expireDays: message },
      })
    expect(shareLinkRequest(filled({ expireDays: '30' }), folder, 30)).toHaveProperty(
      'request.expire_days',
      30,
    )
    expect(shareLinkRequest(filled({ expireDays: '1' }), folder, 30)).toHaveProperty('request.expire_days', 1)
  })

  it('takes a passphrase of 8 to 256 characters, or none', () => {
    expect(shareLinkRequest(filled({ passphrase: 'short12' }), folder, 30)).toHaveProperty(
      'errors.passphrase',
    )
    expect(shareLinkRequest(filled({ passphrase: 'x'.repeat(257) }), folder, 30)).toHaveProperty(
      'errors.passphrase',
    )
    expect(shareLinkRequest(filled({ passphrase: '8 chars!' }), folder, 30)).toHaveProperty(
      'request.passphrase',
      '8 chars!',
    )
    // A passphrase is sent as typed: its spaces are part of it.
    expect(shareLinkRequest(filled({ passphrase: ' spaced out ' }), folder, 30)).toHaveProperty(
      'request.passphrase',
      ' spaced out ',
    )
  })

  it('takes a download limit of at least 1, or none', () => {
    for (const downloadLimit of ['0', 'ten', '2.5'])
      expect(shareLinkRequest(filled({ downloadLimit }), folder, 30)).toHaveProperty('errors.downloadLimit')
    expect(shareLinkRequest(filled({ downloadLimit: '   ' }), folder, 30)).not.toHaveProperty(
      'request.download_limit',
    )
  })

  it('reports every field wrong at once', () => {
    const checked = shareLinkRequest(filled({ label: '', expireDays: '99', passphrase: 'abc' }), folder, 30)
    expect(Object.keys('errors' in checked ? checked.errors : {}).sort()).toEqual([
      'expireDays',
      'label',
      'passphrase',
    ])
  })
})

describe('the list’s cells', () => {
  const link = (overrides: Partial<ShareLink>): ShareLink => ({
    share_link_id: 1,
    label: 'Client review',
    user_id: 2,
    email: 'm@example.com',
    user_name: null,
    media_grant_id: 3,
    grant_name: 'Projects',
    media_id: null,
    target_path: 'cuts/',
    target_kind: 'folder',
    create_time: '2026-11-28T10:00:00Z',
    expires_at: '2026-12-05T10:00:00Z',
    has_passphrase: true,
    download_limit: null,
    download_count: 0,
    view_only: false,
    last_used: null,
    revoked_at: null,
    state: 'active',
    ...overrides,
  })

  it('joins the page’s origin and the answered path into the address', () => {
    expect(shareUrl('https://console.example.com', '/s/abc')).toBe('https://console.example.com/s/abc')
    expect(shareUrl('http://localhost:8080/', '/s/abc')).toBe('http://localhost:8080/s/abc')
  })

  it('names the target by container and path', () => {
    expect(shareTargetText(link({}))).toBe('Projects/cuts/')
    expect(shareTargetText(link({ target_path: '' }))).toBe('Projects/')
    expect(shareTargetText(link({ target_path: 'a/b.mov' }))).toBe('Projects/a/b.mov')
  })

  it('counts downloads against the limit when there is one', () => {
    expect(shareDownloadsText(link({ download_count: 3 }))).toBe('3')
    expect(shareDownloadsText(link({ download_count: 3, download_limit: 10 }))).toBe('3 of 10')
    expect(shareDownloadsText(link({ download_count: 1200, download_limit: 5000 }))).toBe('1,200 of 5,000')
  })

  it('words each state and offers Revoke only while the link may still work', () => {
    expect(shareStateText('used_up')).toBe('Used up')
    expect(shareStateText('revoked')).toBe('Revoked')
    expect(canRevoke(link({ state: 'active' }))).toBe(true)
    expect(canRevoke(link({ state: 'used_up' }))).toBe(true)
    for (const state of ['expired', 'revoked', 'stopped'] as const)
      expect(canRevoke(link({ state }))).toBe(false)
  })
})

describe('shareSummaryText', () => {
  const expires = new Date(2026, 11, 5, 19, 58, 30).toISOString()
  it('says the expiry to the minute, the passphrase, the limit and view only', () => {
    expect(
      shareSummaryText({ expires_at: expires, has_passphrase: true, download_limit: 5, view_only: true }),
    ).toBe('Expires 12/5/26 7:58 PM · Passphrase · Up to 5 downloads · View only')
    expect(
      shareSummaryText({ expires_at: expires, has_passphrase: false, download_limit: 1, view_only: false }),
    ).toBe('Expires 12/5/26 7:58 PM · No passphrase · Up to 1 download')
    expect(
      shareSummaryText({
        expires_at: expires,
        has_passphrase: false,
        download_limit: null,
        view_only: false,
      }),
    ).toBe('Expires 12/5/26 7:58 PM · No passphrase')
  })
})
