import { describe, expect, it } from 'vitest'
import { addToSelection, type ChosenFile } from '../../src/transfers/uploadSelection.ts'

type Fake = { name: string; size: number }

function chosen(relativePath: string, size = 10): ChosenFile<Fake, null> {
  const name = relativePath.split('/').at(-1) ?? relativePath
  return { file: { name, size }, relativePath, handle: null }
}

describe('addToSelection', () => {
  it('puts plain files in the destination and a folder’s files in their folders under it', () => {
    const selection = addToSelection([], [chosen('a.txt'), chosen('Trip/day 1/b.jpg')], '/Photos/')
    expect(selection.map((each) => [each.folder, each.media_path])).toEqual([
      ['', '/Photos/a.txt'],
      ['Trip/day 1', '/Photos/Trip/day 1/b.jpg'],
    ])
  })

  it('skips empty files and paths with a segment starting with a dot', () => {
    const selection = addToSelection(
      [],
      [chosen('empty.txt', 0), chosen('.hidden'), chosen('Trip/.git/config'), chosen('ok.txt')],
      '/',
    )
    expect(selection.map((each) => each.media_path)).toEqual(['/ok.txt'])
  })

  it('ignores a path already listed, without regard to case, in one pick and across picks', () => {
    const first = addToSelection([], [chosen('Clip.MOV'), chosen('clip.mov')], '/')
    expect(first.map((each) => each.media_path)).toEqual(['/Clip.MOV'])
    const second = addToSelection(first, [chosen('CLIP.mov'), chosen('other.mov')], '/')
    expect(second.map((each) => each.media_path)).toEqual(['/Clip.MOV', '/other.mov'])
  })
})
