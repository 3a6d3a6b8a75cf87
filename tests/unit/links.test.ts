import { describe, expect, it } from 'vitest'
import { afterLoginPath, backTarget, isExternalHref, safeReturnPath } from '../../src/lib/links.ts'

describe('link rules', () => {
  it('opens http, tel and mail links in a new window', () => {
    for (const href of ['http://example.com', 'https://example.com', 'tel:+15551234', 'mailto:a@b.c'])
      expect(isExternalHref(href), href).toBe(true)
    for (const href of ['/home', '/account', 'home/x', '#top']) expect(isExternalHref(href), href).toBe(false)
  })
  it('goes back to the last remembered path, or to / with none', () => {
    expect(backTarget(['/home', '/account'])).toBe('/account')
    expect(backTarget([])).toBe('/')
  })
  it('returns only to paths on this site', () => {
    expect(safeReturnPath('/account?x=1')).toBe('/account?x=1')
    expect(safeReturnPath('//evil.example')).toBeUndefined()
    expect(safeReturnPath('https://evil.example')).toBeUndefined()
    expect(safeReturnPath(7)).toBeUndefined()
  })
  it('after login goes to the remembered path, or / when it came from /logout', () => {
    expect(afterLoginPath('/account')).toBe('/account')
    expect(afterLoginPath('/logout')).toBe('/')
    expect(afterLoginPath(undefined)).toBe('/')
    expect(afterLoginPath('//evil.example')).toBe('/')
  })
})
