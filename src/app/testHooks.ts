// End-to-end tests drive the real worker pool through this hook. It exists only when the test has set
// window.__MEDIA_CONSOLE_TEST__ before the app loaded; it exposes nothing a page script could not already do.
declare global {
  interface Window {
    __MEDIA_CONSOLE_TEST__?: boolean
    mediaConsoleTest?: {
      sha256(blob: Blob): Promise<string>
      hashPoolSize(): Promise<number>
    }
  }
}

export function installTestHooks(): void {
  if (!window.__MEDIA_CONSOLE_TEST__) return
  const hashing = () => import('../transfers/hashing.ts')
  window.mediaConsoleTest = {
    sha256: async (blob) => (await hashing()).sha256(blob),
    hashPoolSize: async () => (await hashing()).hashPool.size,
  }
}
