import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  chunkLoadState,
  classifyChunkError,
  loadChunk,
} from '../../src/lib/chunkLoad.ts'

let chunkNumber = 0
/** A fresh address per test, so the states of earlier tests never show through. */
const nextAddress = () => `http://console.test/assets/account-${++chunkNumber}Ab_Cd-9.js`

async function failureOf(promise: Promise<unknown>): Promise<ChunkLoadError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ChunkLoadError)
  return error as ChunkLoadError
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ChunkLoadError', () => {
  it('is named ChunkLoadError and says which chunk failed, how, and where', () => {
    const cause = new TypeError('Failed to fetch dynamically imported module')
    const error = new ChunkLoadError('account', 'missing', 'http://console.test/assets/account-C9likpaC.js', {
      cause,
    })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ChunkLoadError')
    expect(error.message).toBe('Loading chunk account failed.')
    expect(error.type).toBe('missing')
    expect(error.request).toBe('http://console.test/assets/account-C9likpaC.js')
    expect(error.chunk).toBe('account')
    expect(error.cause).toBe(cause)
    expect(String(error)).toBe('ChunkLoadError: Loading chunk account failed.')
  })

  it('waits 120000 ms for a chunk, as the spec says', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
  })
})

describe('classifyChunkError', () => {
  it("calls a module script the browser could not fetch missing, in each browser's words", () => {
    const url = 'http://console.test/assets/account-C9likpaC.js'
    expect(classifyChunkError(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(
      'missing',
    )
    expect(classifyChunkError(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(
      'missing',
    )
    expect(classifyChunkError(new TypeError('Importing a module script failed.'))).toBe('missing')
  })

  it('calls anything else other', () => {
    expect(classifyChunkError(new SyntaxError("Unexpected token '<'"))).toBe('other')
    expect(classifyChunkError(new TypeError('Cannot read properties of undefined'))).toBe('other')
    expect(classifyChunkError(new Error('Failed to fetch dynamically imported module'))).toBe('other')
    expect(classifyChunkError(new Error('Unable to preload CSS for /assets/index.css'))).toBe('other')
    expect(classifyChunkError('Failed to fetch dynamically imported module')).toBe('other')
    expect(classifyChunkError(undefined)).toBe('other')
  })
})

describe('loadChunk', () => {
  it('answers the module, and the chunk is pending, then loaded', async () => {
    const address = nextAddress()
    const module = { component: () => null }
    let answer!: (value: typeof module) => void
    const loading = loadChunk(
      () => new Promise<typeof module>((resolve) => (answer = resolve)),
      'account',
      address,
    )
    expect(chunkLoadState(address)).toBe('pending')
    answer(module)
    await expect(loading).resolves.toBe(module)
    expect(chunkLoadState(address)).toBe('loaded')
  })

  it('turns a module script the browser could not fetch into a missing ChunkLoadError', async () => {
    const address = nextAddress()
    const cause = new TypeError(`Failed to fetch dynamically imported module: ${address}`)
    const error = await failureOf(loadChunk(() => Promise.reject(cause), 'account', address))
    expect(error.message).toBe('Loading chunk account failed.')
    expect(error.type).toBe('missing')
    expect(error.request).toBe(address)
    expect(error.cause).toBe(cause)
    expect(chunkLoadState(address)).toBe('failed')
  })

  it('turns a chunk that throws as it runs into an other ChunkLoadError', async () => {
    const address = nextAddress()
    const error = await failureOf(
      loadChunk(() => Promise.reject(new ReferenceError('x is not defined')), 'account', address),
    )
    expect(error.type).toBe('other')
    expect(chunkLoadState(address)).toBe('failed')
  })

  it('turns an importer that throws at once into an other ChunkLoadError', async () => {
    const error = await failureOf(
      loadChunk(
        () => {
          throw new Error('no import here')
        },
        'account',
        nextAddress(),
      ),
    )
    expect(error.type).toBe('other')
  })

  it('gives up after 120000 ms with a timeout ChunkLoadError, and ignores a late answer', async () => {
    vi.useFakeTimers()
    const address = nextAddress()
    let answer!: (value: object) => void
    const loading = loadChunk(() => new Promise<object>((resolve) => (answer = resolve)), 'account', address)
    const failure = failureOf(loading)

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1)
    expect(chunkLoadState(address)).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    const error = await failure
    expect(error.message).toBe('Loading chunk account failed.')
    expect(error.type).toBe('timeout')
    expect(error.request).toBe(address)
    expect(chunkLoadState(address)).toBe('failed')

    answer({})
    await vi.runAllTimersAsync()
    expect(chunkLoadState(address)).toBe('failed')
  })

  it('takes a shorter timeout when given one', async () => {
    vi.useFakeTimers()
    const failure = failureOf(loadChunk(() => new Promise(() => {}), 'account', nextAddress(), 5_000))
    await vi.advanceTimersByTimeAsync(5_000)
    expect((await failure).type).toBe('timeout')
  })

  it('leaves no timer behind once the chunk has answered', async () => {
    vi.useFakeTimers()
    await loadChunk(() => Promise.resolve({}), 'account', nextAddress())
    await expect(
      failureOf(loadChunk(() => Promise.reject(new Error('x')), 'account', nextAddress())),
    ).resolves.toMatchObject({ type: 'other' })
    expect(vi.getTimerCount()).toBe(0)
  })
})
