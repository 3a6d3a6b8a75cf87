import { describe, expect, it } from 'vitest'
import {
  selectPicked,
  skippedMessage,
  type ChosenFile,
  type SelectedUpload,
} from '../../src/transfers/uploadSelection.ts'

type Fake = { name: string; size: number }

function chosen(relativePath: string, size = 10): ChosenFile<Fake, null> {
  const name = relativePath.split('/').at(-1) ?? relativePath
  return { file: { name, size }, relativePath, handle: null }
}

function addToSelection(
  selection: ReadonlyArray<SelectedUpload<Fake, null>>,
  chosen: ReadonlyArray<ChosenFile<Fake, null>>,
  directory: string,
) {
  return selectPicked(selection, chosen, directory).selection
}

describe('selectPicked', () => {
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

  it('counts the skipped files by reason, a hidden empty file as hidden; a path already listed is not skipped', () => {
    const { skipped } = selectPicked(
      [],
      [
        chosen('empty.txt', 0),
        chosen('blank.txt', 0),
        chosen('.hidden'),
        chosen('Trip/.git/empty', 0),
        chosen('ok.txt'),
        chosen('OK.txt'),
      ],
      '/',
    )
    expect(skipped).toEqual({ empty: 2, hidden: 2 })
  })
})

describe('skippedMessage', () => {
  it('says nothing when nothing was skipped', () => {
    expect(skippedMessage({ empty: 0, hidden: 0 })).toBeNull()
  })

  it('says how many were skipped and why, one reason or both', () => {
    expect(skippedMessage({ empty: 1, hidden: 0 })).toBe('Skipped 1 file: 1 empty file (nothing to upload).')
    expect(skippedMessage({ empty: 2, hidden: 1 })).toBe(
      'Skipped 3 files: 2 empty files (nothing to upload), 1 hidden file (a name in its path starts with a dot).',
    )
    expect(skippedMessage({ empty: 0, hidden: 2 })).toBe(
      'Skipped 2 files: 2 hidden files (a name in its path starts with a dot).',
    )
  })

  it('ignores a path already listed, without regard to case, in one pick and across picks', () => {
    const first = addToSelection([], [chosen('Clip.MOV'), chosen('clip.mov')], '/')
    expect(first.map((each) => each.media_path)).toEqual(['/Clip.MOV'])
    const second = addToSelection(first, [chosen('CLIP.mov'), chosen('other.mov')], '/')
    expect(second.map((each) => each.media_path)).toEqual(['/Clip.MOV', '/other.mov'])
  })
})
