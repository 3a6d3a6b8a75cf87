import { describe, expect, it } from 'vitest'
import { HttpError } from '../../server/errors.ts'
import {
  dirChain,
  fileNameOf,
  grantRoot,
  isUnder,
  normalizeSegments,
  resolveDir,
  resolveFile,
} from '../../server/services/paths.ts'
import { compositeSha256Hex as compositeHash } from '../../server/storage/checksums.ts'

const invalid = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return error instanceof HttpError && error.statusCode === 400 && error.code === 'invalid_path'
  }
  return false
}

describe('media paths', () => {
  it('drops leading and trailing slashes and refuses bad segments', () => {
    expect(normalizeSegments('/a/b/')).toEqual(['a', 'b'])
    expect(normalizeSegments('')).toEqual([])
    expect(normalizeSegments('///')).toEqual([])
    for (const bad of ['a//b', '../a', 'a/..', 'a/.git', '.x', 'a/b\u0000', 'n'.repeat(256)]) {
      expect(
        invalid(() => normalizeSegments(bad)),
        bad,
      ).toBe(true)
    }
    expect(normalizeSegments('n'.repeat(255))).toHaveLength(1)
  })

  it('resolves directories and files under a grant root, within 1024 characters', () => {
    expect(grantRoot('/')).toBe('/media/')
    expect(grantRoot('/Team/Shared/')).toBe('/media/Team/Shared/')
    expect(resolveDir('/media/Team/', '')).toBe('/media/Team/')
    expect(resolveDir('/media/', 'a/b')).toBe('/media/a/b/')
    expect(resolveFile('/media/Team/', '/x/y.mov')).toEqual({
      mediaPath: '/media/Team/x/y.mov',
      dirPath: '/media/Team/x/',
      name: 'y.mov',
    })
    expect(invalid(() => resolveFile('/media/', '/'))).toBe(true)
    const dirs = `${'d'.repeat(200)}/`.repeat(4)
    const name = `${dirs}${'f'.repeat(1024 - '/media/'.length - dirs.length)}`
    expect(resolveFile('/media/', name).mediaPath).toHaveLength(1024)
    expect(invalid(() => resolveFile('/media/', `${name}g`))).toBe(true)
  })

  it('lists the chain of directories below /media/', () => {
    expect(dirChain('/media/')).toEqual([])
    expect(dirChain('/media/a/b/')).toEqual([
      { dirPath: '/media/a/', parentPath: '/media/', dirName: 'a' },
      { dirPath: '/media/a/b/', parentPath: '/media/a/', dirName: 'b' },
    ])
  })

  it('compares paths without case', () => {
    expect(isUnder('/media/TEAM/x', '/media/team/')).toBe(true)
    expect(isUnder('/media/teammate/x', '/media/team/')).toBe(false)
    expect(fileNameOf('/media/a/clip.mov')).toBe('clip.mov')
  })

  it('combines part digests into the composite hash', () => {
    // SHA-256 of the 64 bytes of two all-zero digests.
    expect(compositeHash(['00'.repeat(32), '00'.repeat(32)])).toBe(
      'f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b',
    )
  })
})
