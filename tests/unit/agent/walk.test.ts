// What a sync takes from a folder, and what it leaves out with the reason it says: the web's upload rules
// (dot names, empty files) and what a folder can hold that a mount cannot.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DOWNLOAD_TEMP_SUFFIX, describeSkipped, nameRefusal, walkFolder } from '../../../agent/walk.ts'

let root: string
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-walk-'))
})
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true })
})

async function put(rel: string, content: string | Buffer = 'x'): Promise<void> {
  const file = path.join(root, ...rel.split('/'))
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, content)
}

describe('walking a folder', () => {
  it('lists the files below it by relative path, sorted, with size and time', async () => {
    await put('b.txt', 'bee')
    await put('a/deep/clip.mov', 'movie bytes')
    await put('a/note.txt', 'n')
    const when = new Date('2026-03-04T05:06:07.000Z')
    await fs.utimes(path.join(root, 'b.txt'), when, when)
    const result = await walkFolder(root)
    expect(result.files.map((file) => file.path)).toEqual(['a/deep/clip.mov', 'a/note.txt', 'b.txt'])
    const bee = result.files.find((file) => file.path === 'b.txt')
    expect(bee).toEqual({ path: 'b.txt', abs: path.join(root, 'b.txt'), size: 3, mtime_ms: when.getTime() })
    expect(result.skipped).toEqual([])
    expect(result.leftovers).toEqual([])
  })

  it('skips dot names (a hidden folder once, not what lies below it) and empty files, saying why', async () => {
    await put('.DS_Store')
    await put('.git/config')
    await put('.git/objects/aa/bb')
    await put('a/.hidden.mov')
    await put('a/empty.txt', '')
    await put('a/kept.txt')
    const result = await walkFolder(root)
    expect(result.files.map((file) => file.path)).toEqual(['a/kept.txt'])
    expect(result.skipped).toEqual([
      { path: '.DS_Store', reason: 'dot_name' },
      { path: '.git', reason: 'dot_name' },
      { path: 'a/.hidden.mov', reason: 'dot_name' },
      { path: 'a/empty.txt', reason: 'empty' },
    ])
    expect(describeSkipped(result.skipped)).toBe(
      '3 hidden (the name starts with a dot, which the server refuses); 1 empty (empty files are not uploaded)',
    )
  })

  it('does not follow links, and keeps one of two names that differ only by case', async () => {
    await put('real/file.txt')
    await fs.symlink(path.join(root, 'real/file.txt'), path.join(root, 'link.txt'))
    await fs.symlink(path.join(root, 'real'), path.join(root, 'linked-dir'))
    await put('Clip.mov')
    await put('clip.mov')
    const result = await walkFolder(root)
    expect(result.files.map((file) => file.path)).toEqual(['Clip.mov', 'real/file.txt'])
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { path: 'link.txt', reason: 'link' },
        { path: 'linked-dir', reason: 'link' },
        { path: 'clip.mov', reason: 'case_clash' },
      ]),
    )
    expect(result.skipped).toHaveLength(3)
  })

  it("skips names the server refuses and paths too long for the mount's root", async () => {
    await put('bad\u0001name.txt')
    await put(`${'d'.repeat(40)}/${'f'.repeat(40)}.txt`)
    await put('short.txt')
    const result = await walkFolder(root, { maxRelativeLength: 50 })
    expect(result.files.map((file) => file.path)).toEqual(['short.txt'])
    expect(result.skipped.map((entry) => entry.reason)).toEqual(['refused_name', 'refused_name'])
    expect(nameRefusal('x'.repeat(256))).toBe('refused_name')
    expect(nameRefusal('x'.repeat(255))).toBeUndefined()
    expect(nameRefusal('.x')).toBe('dot_name')
  })

  it('finds the temporary files of interrupted downloads, apart from what it syncs', async () => {
    await put(`a/.clip.mov.1a2b3c4d${DOWNLOAD_TEMP_SUFFIX}`, 'half')
    await put('a/clip.txt')
    const result = await walkFolder(root)
    expect(result.leftovers).toEqual([path.join(root, 'a', `.clip.mov.1a2b3c4d${DOWNLOAD_TEMP_SUFFIX}`)])
    expect(result.files.map((file) => file.path)).toEqual(['a/clip.txt'])
    expect(result.skipped).toEqual([])
  })
})
