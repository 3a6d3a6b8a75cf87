// Loading the app's code-split chunks (specification 000: section 4, chunk load states; section 8, the
// ChunkLoadError; section 9, the 120000 ms timeout). Every dynamic import in src/ goes through loadChunk:
// the Vite plugin in vite-plugins/chunkLoad.ts rewrites `import(x)` into `loadChunk(() => import(x), name,
// request)` at build time, so route components split by TanStack Router, React.lazy components and the test
// hooks are all covered without anyone writing the call by hand.
//
// {n} in 'Loading chunk {n} failed.' is the chunk's name: its file name without the content hash and the
// extension (/assets/account-C9likpaC.js is chunk account). The name stays the same from one release to the
// next while the hash changes with every build, so a user reading it out to support names the same screen
// each time; the exact address, hash and all, travels beside it in `request`.
//
// A failed chunk rejects with a ChunkLoadError, whose message does not start as the browsers' own do. That
// is deliberate: TanStack Router's lazy route components reload the page by themselves once when the
// browser's message says a module was not found, and this app never reloads on its own (a transfer running
// in the tab would be cut short; see src/app/serviceWorker.ts). The route error page offers Reload instead.

/** Spec 000, section 9. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

/** Spec 000, section 4: a chunk's load is pending, then loaded or failed (by an error or the timeout). */
export type ChunkLoadState = 'pending' | 'loaded' | 'failed'

/**
 * missing: the browser could not fetch the chunk's module script (404, network failure, wrong type: a
 * release that removed it, mostly); timeout: no answer within CHUNK_LOAD_TIMEOUT_MS; other: anything else,
 * such as the chunk throwing as it ran.
 */
export type ChunkLoadFailure = 'missing' | 'timeout' | 'other'

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'

  constructor(
    /** The chunk's name: its file name without hash and extension. */
    readonly chunk: string,
    readonly type: ChunkLoadFailure,
    /** The chunk's address (an absolute URL). */
    readonly request: string,
    options?: ErrorOptions,
  ) {
    super(`Loading chunk ${chunk} failed.`, options)
  }
}

// What each browser says when import() cannot fetch a module script: Chromium, Firefox, then Safari.
const MODULE_FETCH_FAILED =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/

/** Whether an error from import() means its module script could not be fetched. */
export function classifyChunkError(error: unknown): Exclude<ChunkLoadFailure, 'timeout'> {
  return error instanceof TypeError && MODULE_FETCH_FAILED.test(error.message) ? 'missing' : 'other'
}

const states = new Map<string, ChunkLoadState>()

/** The state of the latest load of the chunk at this address, or undefined when it was never asked for. */
export function chunkLoadState(request: string): ChunkLoadState | undefined {
  return states.get(absolute(request))
}

function absolute(request: string): string {
  return typeof document === 'undefined' ? request : new URL(request, document.baseURI).href
}

/**
 * Runs the import of one chunk, giving up after timeoutMs (the spec's 120000 ms unless told otherwise), and
 * turns any failure into a ChunkLoadError. An import cannot be cancelled: one that answers after the timeout
 * is ignored here, and the browser keeps the module for the next try.
 */
export function loadChunk<T>(
  importer: () => Promise<T>,
  name: string,
  request: string,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  const address = absolute(request)
  states.set(address, 'pending')
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const settle = (state: ChunkLoadState) => {
      settled = true
      clearTimeout(timer)
      states.set(address, state)
    }
    const fail = (type: ChunkLoadFailure, cause: unknown) => {
      settle('failed')
      reject(new ChunkLoadError(name, type, address, { cause }))
    }
    const timer = setTimeout(() => fail('timeout', new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
    let imported: Promise<T>
    try {
      imported = importer()
    } catch (error) {
      imported = Promise.reject(error)
    }
    imported.then(
      (module) => {
        if (settled) return
        settle('loaded')
        resolve(module)
      },
      (error: unknown) => {
        if (!settled) fail(classifyChunkError(error), error)
      },
    )
  })
}
