// Dropped items turned into picked files: folders walked through handles (kept) or entries (readEntries in
// batches until an empty one), plain files as they are, hidden folders not walked, unreadable items
// counted, and the grab taking from each item only what it offers, once.
import { describe, expect, it } from 'vitest'
import { chosenOfDropped, readAllEntries } from '../../src/transfers/droppedFiles.ts'
import {
  carriesFiles,
  grabDropped,
  type DirectoryEntryLike,
  type DirectoryHandleLike,
  type DroppedItem,
  type EntryLike,
  type FileHandleLike,
  type HandleLike,
  type TransferItemLike,
} from '../../src/transfers/droppedItems.ts'

type Fake = { name: string; size: number }

/** A tree: a number is a file of that size, an object a folder. */
type Tree = { [name: string]: number | Tree }

function fileHandle(name: string, size: number): FileHandleLike<Fake> {
  return { kind: 'file', name, getFile: () => Promise.resolve({ name, size }) }
}

function dirHandle(name: string, tree: Tree): DirectoryHandleLike<Fake> {
  return {
    kind: 'directory',
    name,
    async *values() {
      for (const [child, content] of Object.entries(tree))
        yield typeof content === 'number' ? fileHandle(child, content) : dirHandle(child, content)
    },
  }
}

function fileEntry(name: string, size: number): EntryLike<Fake> {
  return { isFile: true, isDirectory: false, name, file: (success) => success({ name, size }) }
}

/** A folder entry whose reader gives `batch` entries a call, as Chromium gives at most 100. */
function dirEntry(name: string, tree: Tree, batch = 2): DirectoryEntryLike<Fake> & { reads: number } {
  const entry = {
    isFile: false as const,
    isDirectory: true as const,
    name,
    reads: 0,
    createReader() {
      const children = Object.entries(tree).map(([child, content]) =>
        typeof content === 'number' ? fileEntry(child, content) : dirEntry(child, content, batch),
      )
      let at = 0
      return {
        readEntries(success: (entries: Array<EntryLike<Fake>>) => void) {
          entry.reads += 1
          const next = children.slice(at, at + batch)
          at += next.length
          // Answers come later, as the browser's do.
          setTimeout(() => success(next), 0)
        },
      }
    },
  }
  return entry
}

function byHandle(handle: HandleLike<Fake> | null): DroppedItem<Fake> {
  return { handle: Promise.resolve(handle), entry: null, file: null }
}

function paths(found: Awaited<ReturnType<typeof chosenOfDropped<Fake>>>) {
  return found.chosen.map((each) => [each.relativePath, each.file.size])
}

const TRIP: Tree = { 'a.jpg': 5, 'day 1': { 'b.jpg': 7, 'c.jpg': 9 }, '.git': { config: 3 }, '.DS_Store': 4 }

describe('chosenOfDropped', () => {
  it("walks a dropped folder's handles, keeping each file's handle and its path under the folder", async () => {
    const found = await chosenOfDropped([byHandle(dirHandle('Trip', TRIP)), byHandle(fileHandle('x.txt', 2))])
    expect(paths(found)).toEqual([
      ['Trip/a.jpg', 5],
      ['Trip/day 1/b.jpg', 7],
      ['Trip/day 1/c.jpg', 9],
      // Hidden files are listed, for the selection to count; hidden folders are not walked.
      ['Trip/.DS_Store', 4],
      ['x.txt', 2],
    ])
    expect(found.chosen.map((each) => each.handle?.name)).toEqual([
      'a.jpg',
      'b.jpg',
      'c.jpg',
      '.DS_Store',
      'x.txt',
    ])
    expect(found.unreadable).toBe(0)
  })

  it('walks entries where the browser gives no handle, reading each folder until an empty batch', async () => {
    const trip = dirEntry('Trip', { ...TRIP, 'd.jpg': 1, 'e.jpg': 1 })
    const found = await chosenOfDropped([{ handle: Promise.resolve(null), entry: trip, file: null }])
    expect(paths(found)).toEqual([
      ['Trip/a.jpg', 5],
      ['Trip/day 1/b.jpg', 7],
      ['Trip/day 1/c.jpg', 9],
      ['Trip/.DS_Store', 4],
      ['Trip/d.jpg', 1],
      ['Trip/e.jpg', 1],
    ])
    expect(found.chosen.every((each) => each.handle === null)).toBe(true)
    // Six entries two at a time, then the empty batch that ends it.
    expect(trip.reads).toBe(4)
  })

  it('reads every entry of a folder larger than one batch', async () => {
    const tree = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`f${i}.txt`, 1]))
    expect(await readAllEntries(dirEntry('many', tree, 100))).toHaveLength(250)
  })

  it('takes a plain file as it is, and counts an item nothing could read', async () => {
    const found = await chosenOfDropped([
      { handle: null, entry: null, file: { name: 'plain.txt', size: 3 } },
      { handle: null, entry: null, file: null },
    ])
    expect(paths(found)).toEqual([['plain.txt', 3]])
    expect(found.unreadable).toBe(1)
  })

  it('counts a folder whose walk fails as unreadable and keeps none of its files', async () => {
    const broken: DirectoryHandleLike<Fake> = {
      kind: 'directory',
      name: 'Gone',
      async *values() {
        yield fileHandle('first.txt', 1)
        throw new DOMException('removed', 'NotFoundError')
      },
    }
    const found = await chosenOfDropped([byHandle(broken), byHandle(fileHandle('ok.txt', 1))])
    expect(paths(found)).toEqual([['ok.txt', 1]])
    expect(found.unreadable).toBe(1)
  })
})

function item(offers: Partial<TransferItemLike<Fake>> & { kind?: string }): TransferItemLike<Fake> {
  return { kind: 'file', getAsFile: () => null, ...offers }
}

describe('grabDropped', () => {
  it('takes the handle, the entry and the file of each file item, leaving out text items', async () => {
    const handle = fileHandle('a.txt', 1)
    const entry = fileEntry('a.txt', 1)
    const grabbed = grabDropped<Fake>({
      types: ['Files', 'text/plain'],
      items: [
        item({
          getAsFileSystemHandle: () => Promise.resolve(handle),
          webkitGetAsEntry: () => entry,
          getAsFile: () => ({ name: 'a.txt', size: 1 }),
        }),
        item({ kind: 'string' }),
      ],
      files: [],
    })
    expect(grabbed).toHaveLength(1)
    expect(await grabbed[0]?.handle).toBe(handle)
    expect(grabbed[0]?.entry).toBe(entry)
    expect(grabbed[0]?.file).toEqual({ name: 'a.txt', size: 1 })
  })

  it('falls back to the entry when getAsFileSystemHandle is missing, throws or rejects', async () => {
    const entry = dirEntry('Trip', { 'a.jpg': 5 })
    const grabbed = grabDropped<Fake>({
      types: ['Files'],
      items: [
        item({ webkitGetAsEntry: () => entry }),
        item({
          getAsFileSystemHandle: () => {
            throw new Error('not here')
          },
          webkitGetAsEntry: () => entry,
        }),
        item({
          getAsFileSystemHandle: () => Promise.reject(new Error('refused')),
          webkitGetAsEntry: () => entry,
        }),
      ],
      files: [],
    })
    const found = await chosenOfDropped(grabbed)
    expect(paths(found)).toEqual([
      ['Trip/a.jpg', 5],
      ['Trip/a.jpg', 5],
      ['Trip/a.jpg', 5],
    ])
  })

  it('uses dataTransfer.files where the browser gives no items', async () => {
    const grabbed = grabDropped<Fake>({ types: ['Files'], files: [{ name: 'one.txt', size: 1 }] })
    expect(paths(await chosenOfDropped(grabbed))).toEqual([['one.txt', 1]])
  })
})

describe('carriesFiles', () => {
  it('is true only for drags that carry files', () => {
    expect(carriesFiles({ types: ['Files'] })).toBe(true)
    expect(carriesFiles({ types: ['text/plain', 'text/uri-list'] })).toBe(false)
    expect(carriesFiles(null)).toBe(false)
  })
})
