// End-to-end tests and benchmarks drive the real worker pools through this hook. It exists only when the page
// has set window.__MEDIA_CONSOLE_TEST__ before the app loaded; it exposes nothing a page script could not
// already do.
import type { PartRange, SignedRequest, TransferResult } from '../../workers/transferCore.ts'

declare global {
  interface Window {
    __MEDIA_CONSOLE_TEST__?: boolean
    /**
     * The range size of new ranged downloads, set with __MEDIA_CONSOLE_TEST__ before the app loads: a file
     * of a few MiB then comes in several ranges on loopback (DOWNLOAD_RANGE_BYTES is 16 MiB).
     */
    __MEDIA_CONSOLE_DOWNLOAD_RANGE_BYTES__?: number
    mediaConsoleTest?: {
      /** Each part's SHA-256 in the transfer pool, as an upload hashes a multipart file before planning it. */
      hashParts(file: Blob, parts: PartRange[]): Promise<string[]>
      /** A multipart file's hash as an upload computes it: its parts hashed in parallel across the pool. */
      compositeHash(file: Blob): Promise<string>
      /** One part sent to its signed URL by the transfer pool, with the timeout an upload gives it. */
      putPart(
        file: Blob,
        part: PartRange,
        signed: SignedRequest,
        onProgress?: (sentBytes: number) => void,
      ): Promise<TransferResult>
      transferPoolSize(): Promise<number>
    }
  }
}

/** The range size an end-to-end test set for downloads, or undefined (the product's own). */
export function testDownloadRangeBytes(): number | undefined {
  if (typeof window === 'undefined' || !window.__MEDIA_CONSOLE_TEST__) return undefined
  const bytes = window.__MEDIA_CONSOLE_DOWNLOAD_RANGE_BYTES__
  return typeof bytes === 'number' && Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined
}

export function installTestHooks(): void {
  if (!window.__MEDIA_CONSOLE_TEST__) return
  // One pool for the page, made on first use, as the upload runner keeps one.
  const pool = () => import('../transfers/pool.ts')
  let transfers: Promise<ReturnType<Awaited<ReturnType<typeof pool>>['createTransferPool']>> | undefined
  const transferPool = () => (transfers ??= pool().then((module) => module.createTransferPool()))
  const limits = () => import('../transfers/limits.ts')
  let task = 0
  window.mediaConsoleTest = {
    hashParts: async (file, parts) =>
      (await transferPool()).run(`test-${++task}`, (api) => api.hashParts(file, parts)),
    compositeHash: async (file) => {
      const [tasks, { compositeHash }] = await Promise.all([
        transferPool(),
        import('../transfers/partHashing.ts'),
      ])
      return compositeHash(tasks, `test-${++task}`, file)
    },
    putPart: async (file, part, signed, onProgress) => {
      const [tasks, { putPartTask }, { transferTimeoutMs }] = await Promise.all([
        transferPool(),
        pool(),
        limits(),
      ])
      const send = putPartTask(file, part, signed, transferTimeoutMs(part.size), onProgress)
      return tasks.send<TransferResult>(`test-${++task}`, send)
    },
    transferPoolSize: async () => (await transferPool()).size,
  }
}
