import { describe, expect, it } from 'vitest'
import { DOMAIN_PREFIX_PATTERN } from '../../server/contract/org.ts'
import {
  UNDERSCORE_WARNING,
  canSaveOrg,
  orgDraftOf,
  orgHost,
  orgUpdateBody,
  prefixWarning,
  savedStatus,
  typedPrefix,
} from '../../src/routes/_app/-org/orgDetail.ts'

const saved = orgDraftOf({ org_name: 'Acme', domain_prefix: 'acme' })

describe('the organization detail rules', () => {
  it('lower-cases the prefix as typed and warns about underscores', () => {
    expect(typedPrefix('My-Studio_1')).toBe('my-studio_1')
    expect(prefixWarning('my_studio')).toBe(UNDERSCORE_WARNING)
    expect(UNDERSCORE_WARNING).toBe(
      'Underscores are allowed, but some browsers and certificate authorities refuse host names with them.',
    )
    expect(prefixWarning('my-studio')).toBeUndefined()
  })

  it('shows the host as {prefix}{domain suffix}', () => {
    expect(orgHost('acme', '.media.test')).toBe('acme.media.test')
    expect(orgHost(null, '.media.test')).toBeUndefined()
    expect(orgHost('', '.media.test')).toBeUndefined()
  })

  it('sends only changed fields, an emptied prefix as null', () => {
    expect(orgDraftOf({ org_name: 'A', domain_prefix: null })).toEqual({ org_name: 'A', domain_prefix: '' })
    expect(orgUpdateBody(saved, saved)).toEqual({})
    expect(orgUpdateBody(saved, { ...saved, org_name: ' Acme 2 ' })).toEqual({ org_name: 'Acme 2' })
    expect(orgUpdateBody(saved, { ...saved, domain_prefix: 'studio' })).toEqual({ domain_prefix: 'studio' })
    expect(orgUpdateBody(saved, { ...saved, domain_prefix: '' })).toEqual({ domain_prefix: null })
    expect(orgUpdateBody(saved, { org_name: 'Acme ', domain_prefix: 'acme' })).toEqual({})
  })

  it('says where a given-up prefix now leads, and for how long', () => {
    expect(savedStatus(saved, { domain_prefix: 'studio' }, '.media.test')).toBe(
      'Organization saved. acme.media.test redirects to studio.media.test for 30 days.',
    )
    expect(savedStatus(saved, { domain_prefix: null }, '.media.test')).toBe(
      'Organization saved. acme.media.test redirects to the main site for 30 days.',
    )
    expect(savedStatus(saved, { org_name: 'Acme 2' }, '.media.test')).toBe('Organization saved.')
    const noPrefix = orgDraftOf({ org_name: 'Acme', domain_prefix: null })
    expect(savedStatus(noPrefix, { domain_prefix: 'studio' }, '.media.test')).toBe('Organization saved.')
  })

  it('allows Save once something changed and the name is not empty', () => {
    expect(canSaveOrg(saved, saved)).toBe(false)
    expect(canSaveOrg(saved, { ...saved, org_name: 'Other' })).toBe(true)
    expect(canSaveOrg(saved, { ...saved, org_name: '  ' })).toBe(false)
    expect(canSaveOrg(saved, { org_name: '', domain_prefix: 'other' })).toBe(false)
    expect(canSaveOrg(saved, { ...saved, domain_prefix: 'other' })).toBe(true)
  })
})

describe('the domain prefix rule', () => {
  it('takes a-z, 0-9, dash and underscore, as a host name label', () => {
    for (const good of ['acme', 'a', 'my-studio', 'my_studio', '_acme', '0', 'a'.repeat(63)]) {
      expect(DOMAIN_PREFIX_PATTERN.test(good)).toBe(true)
    }
    for (const bad of ['', '-acme', 'acme-', '-', 'Acme', 'a.b', 'a b', 'a'.repeat(64)]) {
      expect(DOMAIN_PREFIX_PATTERN.test(bad)).toBe(false)
    }
  })
})
