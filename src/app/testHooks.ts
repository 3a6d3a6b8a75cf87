// End-to-end tests and benchmarks drive the real worker pools through this hook. It exists only when the page
// has set window.__MEDIA_CONSOLE_TEST__ before the app loaded; it exposes nothing a page script could not
// already do.
import type { PartRange, SignedRequest, TransferResult } from '../../workers/transferCore.ts'

declare global {
  interface Window {
    __MEDIA_CONSOLE_TEST__?: boolean
    mediaConsoleTest?: {
      sha256(blob: Blob): Promise<string>
      hashPoolSize(): Promise<number>
      /** Each part's SHA-256 in the transfer pool, as an upload hashes a multipart file before planning it. */
      hashParts(file: Blob, parts: PartRange[]): Promise<string[]>
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

export function installTestHooks(): void {
  if (!window.__MEDIA_CONSOLE_TEST__) return
  const hashing = () => import('../transfers/hashing.ts')
  // One pool for the page, made on first use, as the upload runner keeps one.
  const pool = () => import('../transfers/pool.ts')
  let transfers: Promise<ReturnType<Awaited<ReturnType<typeof pool>>['createTransferPool']>> | undefined
  const transferPool = () => (transfers ??= pool().then((module) => module.createTransferPool()))
  const limits = () => import('../transfers/limits.ts')
  let task = 0
  window.mediaConsoleTest = {
    sha256: async (blob) => (await hashing()).sha256(blob),
    hashPoolSize: async () => (await hashing()).hashPool.size,
    hashParts: async (file, parts) =>
      (await transferPool()).run(`test-${++task}`, (api) => api.hashParts(file, parts)),
    putPart: async (file, part, signed, onProgress) => {
      const [tasks, { progressCallback }, { transferTimeoutMs }] = await Promise.all([
        transferPool(),
        pool(),
        limits(),
      ])
      const progress = onProgress ? progressCallback(onProgress) : undefined
      return tasks.run<TransferResult>(`test-${++task}`, (api) =>
        api.putPart(file, part.offset, part.size, signed, transferTimeoutMs(part.size), progress),
      )
    },
    transferPoolSize: async () => (await transferPool()).size,
  }
}
