// The origin's private file system standing in for the user's disk: Playwright cannot drive the native
// File System Access pickers, so a test answers them with handles of the page's own private file system,
// which are real FileSystemHandles the browser keeps in IndexedDB like picked ones.
import type { Page } from '@playwright/test'

/** The pickers answer the private directory of this name (and its files, for the file picker). */
export async function pickFromOrigin(page: Page, directory: string): Promise<void> {
  await page.addInitScript((name) => {
    const folder = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true })
    const files = async () => {
      const found: FileSystemFileHandle[] = []
      for await (const handle of (await folder()).values())
        if (handle.kind === 'file') found.push(handle as FileSystemFileHandle)
      return found
    }
    Object.assign(window, { showDirectoryPicker: folder, showOpenFilePicker: files })
  }, directory)
}

/**
 * Writes a file of the private directory in the page: text files as given, and big files of `size` bytes
 * where mebibyte i repeats `${seed}:${i}:`, the bytes of e2e/support/uploads.ts bigFileBlocks.
 */
export async function writeInOrigin(
  page: Page,
  directory: string,
  files: { texts: Record<string, string>; big?: { name: string; seed: string; size: number } },
): Promise<void> {
  await page.evaluate(
    async ({ directory, texts, big }) => {
      const folder = await (
        await navigator.storage.getDirectory()
      ).getDirectoryHandle(directory, {
        create: true,
      })
      const write = async (name: string, chunks: () => AsyncIterable<Uint8Array<ArrayBuffer>>) => {
        const writable = await (await folder.getFileHandle(name, { create: true })).createWritable()
        for await (const chunk of chunks()) await writable.write(chunk)
        await writable.close()
      }
      for (const [name, text] of Object.entries(texts))
        await write(name, async function* () {
          yield new TextEncoder().encode(text)
        })
      if (big) {
        const MiB = 1024 * 1024
        await write(big.name, async function* () {
          const block = new Uint8Array(MiB)
          for (let i = 0; i < big.size / MiB; i++) {
            const pattern = new TextEncoder().encode(`${big.seed}:${i}:`)
            for (let at = 0; at < MiB; at++) block[at] = pattern[at % pattern.length] ?? 0
            yield block
          }
        })
      }
    },
    { directory, texts: files.texts, big: files.big },
  )
}

/**
 * From the first reload on, the browser wants the user's permission again for every kept handle, as it
 * does after a restart: queryPermission answers 'prompt' until requestPermission (a click) is called.
 */
export async function losePermissionOnReload(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const key = 'e2e-loaded-before'
    const reloaded = sessionStorage.getItem(key) === 'yes'
    sessionStorage.setItem(key, 'yes')
    if (!reloaded) return
    let granted = false
    Object.assign(FileSystemHandle.prototype, {
      queryPermission: () => Promise.resolve(granted ? 'granted' : 'prompt'),
      requestPermission: () => {
        granted = true
        return Promise.resolve('granted')
      },
    })
  })
}

/** Every file under the picked directory, by path, with its bytes. */
export async function readBack(page: Page, directory: string): Promise<Map<string, Buffer>> {
  const files = await page.evaluate(async (name) => {
    const found: Array<[string, string]> = []
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      for await (const [entry, handle] of dir.entries()) {
        if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${prefix}${entry}/`)
        else {
          const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer())
          let binary = ''
          for (let start = 0; start < bytes.length; start += 0x8000)
            binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
          found.push([`${prefix}${entry}`, btoa(binary)])
        }
      }
    }
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true }), '')
    return found
  }, directory)
  return new Map(files.map(([path, base64]) => [path, Buffer.from(base64, 'base64')]))
}
