import { describe, expect, it } from 'vitest'
import { childOf, folderError, parentOf, typedDirectory } from '../../src/routes/_app/-share/folderPath.ts'

describe('the folder a share goes to', () => {
  it('reads a typed path as a directory of the container, with or without slashes', () => {
    expect(typedDirectory('')).toBe('/')
    expect(typedDirectory('/')).toBe('/')
    expect(typedDirectory('Trips/2026')).toBe('/Trips/2026/')
    expect(typedDirectory(' /Trips//2026 / ')).toBe('/Trips/2026/')
  })

  it('refuses a folder whose name starts with a dot, anywhere in the path', () => {
    expect(folderError('/Trips/2026/')).toBeNull()
    expect(folderError('/.cache/')).toBe('A folder name cannot start with a dot.')
    expect(folderError('/Trips/.hidden/')).toBe('A folder name cannot start with a dot.')
  })

  it('goes up to the parent and down into a folder', () => {
    expect(parentOf('/Trips/2026/')).toBe('/Trips/')
    expect(parentOf('/Trips/')).toBe('/')
    expect(parentOf('/')).toBe('/')
    expect(childOf('/Trips/', '2026')).toBe('/Trips/2026/')
  })
})
