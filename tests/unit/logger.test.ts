import { describe, expect, it } from 'vitest'
import { redactUrl } from '../../server/logger.ts'

describe('redactUrl', () => {
  it('hides the session key and keeps the rest', () => {
    expect(redactUrl('/api/1/user/current?session_key=abc123&x=1')).toBe(
      '/api/1/user/current?session_key=%5Bredacted%5D&x=1',
    )
  })

  it('hides storage signatures', () => {
    expect(redactUrl('/storage/o?expires=9&signature=deadbeef')).not.toContain('deadbeef')
  })

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/1/plan')).toBe('/api/1/plan')
    expect(redactUrl('/home?filter=1')).toBe('/home?filter=1')
  })
})
