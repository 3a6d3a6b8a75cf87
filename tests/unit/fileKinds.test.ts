import { describe, expect, it } from 'vitest'
import { fileKindOf } from '../../src/lib/fileKinds.ts'

describe('fileKindOf', () => {
  it('tells pictures, clips, sound and documents apart by extension, without regard to case', () => {
    expect(fileKindOf('beach.JPG')).toBe('image')
    expect(fileKindOf('IMG_0001.heic')).toBe('image')
    expect(fileKindOf('A001_C002.MOV')).toBe('video')
    expect(fileKindOf('take 3.wav')).toBe('audio')
    expect(fileKindOf('report.pdf')).toBe('document')
    expect(fileKindOf('notes.txt')).toBe('document')
  })

  it('calls anything else other: unknown extensions, no extension, a leading dot only', () => {
    expect(fileKindOf('archive.zip')).toBe('other')
    expect(fileKindOf('Makefile')).toBe('other')
    expect(fileKindOf('.mov')).toBe('other')
    expect(fileKindOf('trailing.')).toBe('other')
  })
})
