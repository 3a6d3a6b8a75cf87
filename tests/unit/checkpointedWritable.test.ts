import { describe, expect, it } from 'vitest'
import { checkpointedWritable, type WritableLike } from '../../workers/transferCore.ts'

/** A file whose writables keep their bytes aside until closed, as a file system writable does. */
function fakeFile() {
  const file = { disk: new Uint8Array(0), opened: 0 }
  const open = (): Promise<WritableLike> => {
    file.opened++
    let working = file.disk.slice()
    let position = 0
    return Promise.resolve({
      seek: (to) => {
        position = to
        return Promise.resolve()
      },
      truncate: (size) => {
        working = working.slice(0, size)
        return Promise.resolve()
      },
      write: (data) => {
        const next = new Uint8Array(Math.max(working.length, position + data.length))
        next.set(working)
        next.set(data, position)
        working = next
        position += data.length
        return Promise.resolve()
      },
      close: () => {
        file.disk = working
        return Promise.resolve()
      },
      abort: () => Promise.resolve(),
    })
  }
  return { file, open }
}

const chunk = (size: number, value: number) => new Uint8Array(size).fill(value)

describe('checkpointedWritable', () => {
  it('commits what it wrote every so often, so an interruption keeps most of it', async () => {
    const { file, open } = fakeFile()
    const writable = checkpointedWritable(open, await open(), 100)
    await writable.seek(0)
    for (let index = 0; index < 10; index++) await writable.write(chunk(50, index))
    // Never closed, as when the tab goes: what was committed is on disk, in order.
    expect(file.disk.length).toBeGreaterThanOrEqual(400)
    expect(file.disk.length).toBeLessThan(500)
    expect(file.disk[0]).toBe(0)
    expect(file.disk[file.disk.length - 1]).toBe(file.disk.length / 50 - 1)
    expect(file.opened).toBeGreaterThan(1)
  })

  it('continues after the bytes it resumed from and keeps the whole file on close', async () => {
    const { file, open } = fakeFile()
    file.disk = chunk(300, 7)
    const writable = checkpointedWritable(open, await open(), 100)
    await writable.truncate(200)
    await writable.seek(200)
    for (let index = 0; index < 4; index++) await writable.write(chunk(60, index))
    await writable.close()
    expect(file.disk.length).toBe(440)
    expect([...file.disk.slice(195, 205)]).toEqual([7, 7, 7, 7, 7, 0, 0, 0, 0, 0])
    expect(file.disk[439]).toBe(3)
  })

  it('steps grow with the file, a quarter of what is written', async () => {
    const { file, open } = fakeFile()
    const writable = checkpointedWritable(open, await open(), 10)
    await writable.seek(0)
    for (let index = 0; index < 100; index++) await writable.write(chunk(10, 1))
    // 1,000 bytes in steps of at least a quarter of the position: far fewer than 100 commits.
    expect(file.opened).toBeLessThan(20)
  })
})
