import { describe, expect, it } from 'vitest'
import { detectEnvironment } from '../../src/lib/environment.ts'

describe('detectEnvironment', () => {
  it('reads a bundle identifier first', () => {
    expect(detectEnvironment({ bundleId: 'com.example.console.staging', port: '' })).toBe('staging')
    expect(detectEnvironment({ bundleId: 'com.example.console.dev', port: '' })).toBe('dev')
    expect(detectEnvironment({ bundleId: 'com.example.console', port: '8080' })).toBe('prod')
  })

  it('judges by the port without one', () => {
    expect(detectEnvironment({ port: '' })).toBe('prod')
    expect(detectEnvironment({ port: '443' })).toBe('prod')
    expect(detectEnvironment({ port: '8080' })).toBe('dev')
    expect(detectEnvironment({ port: '5173' })).toBe('dev')
  })
})
