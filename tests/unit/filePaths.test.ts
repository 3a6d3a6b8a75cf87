import { describe, expect, it } from 'vitest'
import {
  areaHref,
  baseName,
  breadcrumbs,
  childPath,
  grantRoot,
  findName,
  isDirectoryPath,
  parentDirectory,
  parseAreaPath,
  relativeMediaPath,
  restoreName,
} from '../../src/lib/filePaths.ts'

describe('paths in the address', () => {
  it('reads the container and the path; a trailing / is a directory', () => {
    expect(parseAreaPath('/home/Projects/')).toEqual({ grantName: 'Projects', path: '/' })
    expect(parseAreaPath('/home/Projects')).toEqual({ grantName: 'Projects', path: '/' })
    expect(parseAreaPath('/home/My%20Box/a/b%20c/')).toEqual({ grantName: 'My Box', path: '/a/b c/' })
    expect(parseAreaPath('/home/g/a/clip.mov')).toEqual({ grantName: 'g', path: '/a/clip.mov' })
    expect(parseAreaPath('/home/g/100%/')).toEqual({ grantName: 'g', path: '/100%/' })
    expect(parseAreaPath('/home/')).toBeUndefined()
    expect(isDirectoryPath('/a/')).toBe(true)
    expect(isDirectoryPath('/a/clip.mov')).toBe(false)
  })

  it('writes an address with every segment escaped, and reads it back', () => {
    const href = areaHref('home', 'My Box', '/a #1/clip?.mov')
    expect(href).toBe('/home/My%20Box/a%20%231/clip%3F.mov')
    expect(parseAreaPath(href)).toEqual({ grantName: 'My Box', path: '/a #1/clip?.mov' })
    expect(areaHref('create_folder', 'g', '/')).toBe('/create_folder/g/')
    expect(areaHref('upload', 'g', '/a/')).toBe('/upload/g/a/')
  })
})

describe('path helpers', () => {
  it('finds parents, names and children', () => {
    expect(parentDirectory('/a/b/clip.mov')).toBe('/a/b/')
    expect(parentDirectory('/a/b/')).toBe('/a/')
    expect(parentDirectory('/clip.mov')).toBe('/')
    expect(parentDirectory('/')).toBe('/')
    expect(baseName('/a/b/clip.mov')).toBe('clip.mov')
    expect(baseName('/a/b/')).toBe('b')
    expect(baseName('/')).toBe('')
    expect(childPath('/a/', 'b', true)).toBe('/a/b/')
    expect(childPath('/a/', 'clip.mov', false)).toBe('/a/clip.mov')
  })

  it('lists the breadcrumbs from the container down', () => {
    expect(breadcrumbs('Box', '/')).toEqual([{ label: 'Box', path: '/' }])
    expect(breadcrumbs('Box', '/a/b/')).toEqual([
      { label: 'Box', path: '/' },
      { label: 'a', path: '/a/' },
      { label: 'b', path: '/a/b/' },
    ])
  })

  it('maps media paths under /media/ and the container prefix to paths in the container', () => {
    expect(grantRoot('/')).toBe('/media/')
    expect(grantRoot('/team/')).toBe('/media/team/')
    expect(grantRoot('/team')).toBe('/media/team/')
    expect(relativeMediaPath('/media/a/clip.mov', '/')).toBe('/a/clip.mov')
    expect(relativeMediaPath('/media/Team/a/clip.mov', '/team/')).toBe('/a/clip.mov')
    expect(relativeMediaPath('/elsewhere/clip.mov', '/')).toBe('/elsewhere/clip.mov')
  })

  it('compares names without regard to case', () => {
    expect(findName(['Photos', 'video'], 'photos')).toBe('Photos')
    expect(findName(['Photos'], 'Music')).toBeUndefined()
  })
})

describe('restoreName', () => {
  it('numbers the name before its extension', () => {
    expect(restoreName('clip.mov', 1)).toBe('clip (1).mov')
    expect(restoreName('clip.mov', 5)).toBe('clip (5).mov')
    expect(restoreName('archive.tar.gz', 2)).toBe('archive.tar (2).gz')
    expect(restoreName('README', 1)).toBe('README (1)')
    expect(restoreName('.env', 1)).toBe('.env (1)')
  })
})
