// What a drop sends to the queue and says: the upload screen's rules, paths already queued left out, and
// one toast line.
import { describe, expect, it } from 'vitest'
import { planDrop } from '../../src/transfers/dropUpload.ts'
import type { ChosenFile } from '../../src/transfers/uploadSelection.ts'

type Fake = { name: string; size: number }

function chosen(relativePath: string, size = 10): ChosenFile<Fake, string> {
  const name = relativePath.split('/').at(-1) ?? relativePath
  return { file: { name, size }, relativePath, handle: `handle of ${relativePath}` }
}

describe('planDrop', () => {
  it('puts the dropped files under the directory, keeping folders and handles', () => {
    const plan = planDrop([chosen('Trip/a.jpg'), chosen('Trip/day 1/b.jpg'), chosen('x.txt')], '/Photos/', [])
    expect(plan.uploads.map((each) => [each.folder, each.media_path, each.handle])).toEqual([
      ['Trip', '/Photos/Trip/a.jpg', 'handle of Trip/a.jpg'],
      ['Trip/day 1', '/Photos/Trip/day 1/b.jpg', 'handle of Trip/day 1/b.jpg'],
      ['', '/Photos/x.txt', 'handle of x.txt'],
    ])
    expect(plan.text).toBe('Uploading 3 files to /Photos/.')
    expect(plan.failed).toBe(false)
  })

  it('skips and counts hidden and empty files in the upload screen’s words', () => {
    const plan = planDrop(
      [chosen('Trip/a.jpg'), chosen('Trip/.DS_Store'), chosen('Trip/empty.txt', 0)],
      '/',
      [],
    )
    expect(plan.uploads.map((each) => each.media_path)).toEqual(['/Trip/a.jpg'])
    expect(plan.text).toBe(
      'Uploading 1 file to /. Skipped 2 files: 1 empty file (nothing to upload), ' +
        '1 hidden file (a name in its path starts with a dot).',
    )
  })

  it('leaves out paths the queue holds already, without regard to case', () => {
    const plan = planDrop([chosen('Trip/A.jpg'), chosen('Trip/b.jpg')], '/', ['/trip/a.JPG'])
    expect(plan.uploads.map((each) => each.media_path)).toEqual(['/Trip/b.jpg'])
    expect(plan.text).toBe('Uploading 1 file to /. 1 file already in the upload queue.')

    const again = planDrop([chosen('Trip/b.jpg')], '/', ['/Trip/b.jpg'])
    expect(again.uploads).toEqual([])
    expect(again.text).toBe('Nothing new to upload to /. 1 file already in the upload queue.')
    expect(again.failed).toBe(false)
  })

  it('says when a drop held nothing to upload, and how many items could not be read', () => {
    const plan = planDrop([chosen('.hidden')], '/Docs/', [], 2)
    expect(plan.uploads).toEqual([])
    expect(plan.text).toBe(
      'No files to upload to /Docs/. Skipped 1 file: 1 hidden file (a name in its path starts with a dot). ' +
        '2 dropped items could not be read.',
    )
    expect(plan.failed).toBe(true)
  })
})
