import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { planParts } from '../../server/contract/parts.ts'
import {
  combineDigests,
  fromHex,
  PartBuffer,
  readInto,
  sha256Blob,
  WHOLE_BUFFER_LIMIT,
} from '../../workers/sha256.ts'
import {
  copyBlob,
  DOWNLOAD_PROGRESS_INTERVAL_MS,
  downloadTo,
  hashParts,
  rangeHeader,
  sendSlice,
  type WritableLike,
  type XhrLike,
} from '../../workers/transferCore.ts'

const MiB = 1024 * 1024
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

describe('hashes', () => {
  it('combines part digests as SHA-256 over the concatenated binary digests', async () => {
    const parts = ['first part', 'second part', 'third']
    const digests = parts.map((text) => sha256(text))
    const expected = sha256(Buffer.concat(digests)).toString('hex')
    expect(await combineDigests(digests.map((digest) => digest.toString('hex')))).toBe(expected)
    // A known vector: one part of "abc".
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    expect(sha256('abc').toString('hex')).toBe(abc)
    expect(await combineDigests([abc])).toBe(sha256(fromHex(abc)).toString('hex'))
    expect(await combineDigests([abc])).not.toBe(abc)
  })

  it('refuses what is not a list of 32-byte hex digests', async () => {
    await expect(combineDigests([])).rejects.toThrow(RangeError)
    await expect(combineDigests(['abcd'])).rejects.toThrow(RangeError)
    expect(() => fromHex('xyz0')).toThrow(RangeError)
    expect(Array.from(fromHex('00ff10'))).toEqual([0, 255, 16])
  })

  it('hashes a blob read whole, and one streamed chunk by chunk, as node:crypto does', async () => {
    const small = randomBytes(1000)
    expect(await sha256Blob(new Blob([small]))).toBe(sha256(small).toString('hex'))
    const large = randomBytes(WHOLE_BUFFER_LIMIT + 123)
    // Made of 1 MiB pieces, so its stream gives many chunks, as a file's does.
    const pieces = Array.from({ length: 17 }, (_, index) => large.subarray(index * MiB, (index + 1) * MiB))
    const seen: number[] = []
    expect(await sha256Blob(new Blob(pieces), (bytes) => seen.push(bytes))).toBe(
      sha256(large).toString('hex'),
    )
    expect(seen).toEqual([8 * MiB, 16 * MiB, WHOLE_BUFFER_LIMIT + 123])
  })

  it('hashes a large blob whose stream gives its own chunks, where the stream takes no buffer to fill', async () => {
    const large = randomBytes(WHOLE_BUFFER_LIMIT + 5)
    // A default (not byte) stream: a reader that fills given buffers cannot be had of it.
    const chunked = {
      size: large.length,
      stream: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < large.length; at += MiB) controller.enqueue(large.subarray(at, at + MiB))
            controller.close()
          },
        }),
    } as unknown as Blob
    expect(await sha256Blob(chunked)).toBe(sha256(large).toString('hex'))
  })

  it("hashes each planned part and gives the file's composite hash", async () => {
    const data = randomBytes(17 * MiB)
    const plan = planParts(data.length)
    expect(plan.map((part) => part.part_size)).toEqual([16 * MiB, 1 * MiB])
    const progress: number[] = []
    const digests = await hashParts(
      new Blob([data]),
      plan.map((part) => ({ offset: part.offset, size: part.part_size })),
      (bytes) => progress.push(bytes),
    )
    const expected = plan.map((part) => sha256(data.subarray(part.offset, part.offset + part.part_size)))
    expect(digests).toEqual(expected.map((digest) => digest.toString('hex')))
    expect(progress.at(-1)).toBe(17 * MiB)
    expect(await combineDigests(digests)).toBe(sha256(Buffer.concat(expected)).toString('hex'))
  })
})

/**
 * A blob of `bytes` whose stream is a byte stream (as a browser's Blob has) giving chunks of `chunk` bytes,
 * and closing after `gives` bytes (fewer than its size: the file shrank under the reader).
 */
function byteStreamBlob(bytes: Uint8Array, chunk: number, gives = bytes.length): Blob {
  return {
    size: bytes.length,
    stream: () => {
      let at = 0
      return new ReadableStream({
        type: 'bytes',
        pull(controller) {
          if (at >= gives) {
            // A read waiting on a closed byte stream is answered (done) once its request gets 0 bytes.
            controller.close()
            return controller.byobRequest?.respond(0)
          }
          // A copy: enqueueing moves the chunk's memory into the stream (and a Buffer's slice is a view).
          controller.enqueue(Uint8Array.from(bytes.subarray(at, Math.min(at + chunk, gives))))
          at += chunk
        },
      })
    },
  } as unknown as Blob
}

/** A blob whose stream is a default stream (no reader that fills given buffers) of the given chunks. */
function chunkedBlob(size: number, chunks: Uint8Array[]): Blob {
  return {
    size,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk)
          controller.close()
        },
      }),
  } as unknown as Blob
}

describe('a part read into a reused buffer', () => {
  const CAPACITY = 256 * 1024
  const CHUNK = 64 * 1024
  // Below, at and across the chunk size, several chunks with a remainder, and the whole buffer.
  const SIZES = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 7, CAPACITY - 1, CAPACITY]
  const fresh = async (blob: Blob) => toHex(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()))
  const toHex = (digest: ArrayBuffer) => Buffer.from(digest).toString('hex')

  it('gives the digest of a fresh read for every size, through one buffer read into again and again', async () => {
    const buffer = new PartBuffer(CAPACITY)
    // Largest first, so a shorter part after it would show any byte left over from the one before.
    for (const size of [...SIZES].reverse()) {
      const bytes = randomBytes(size)
      const blob = new Blob([bytes])
      const expected = sha256(bytes).toString('hex')
      expect(await fresh(blob)).toBe(expected)
      expect(await buffer.sha256(blob)).toBe(expected)
      // Chunks of another size than the reads ask for: reads end mid-chunk and chunks end mid-read.
      expect(await buffer.sha256(byteStreamBlob(bytes, 1000))).toBe(expected)
      expect(await buffer.sha256(byteStreamBlob(bytes, CHUNK))).toBe(expected)
    }
    expect(buffer.allocations).toBe(1)
  })

  it('gives exactly the bytes of the blob, in the memory of the buffer it was given', async () => {
    const memory = new ArrayBuffer(CAPACITY)
    new Uint8Array(memory).fill(0xee)
    const bytes = randomBytes(CHUNK + 1)
    const view = await readInto(new Blob([bytes]), memory)
    expect(view.byteLength).toBe(CHUNK + 1)
    expect(view.buffer.byteLength).toBe(CAPACITY)
    expect(Buffer.from(view).equals(bytes)).toBe(true)
  })

  it('fills the buffer from a stream that gives its own chunks, where none takes a buffer to fill', async () => {
    const buffer = new PartBuffer(CAPACITY)
    for (const size of SIZES) {
      const bytes = randomBytes(size)
      const chunks = Array.from({ length: Math.ceil(size / 1000) }, (_, index) =>
        bytes.subarray(index * 1000, (index + 1) * 1000),
      )
      expect(await buffer.sha256(chunkedBlob(size, chunks))).toBe(sha256(bytes).toString('hex'))
    }
    expect(buffer.allocations).toBe(1)
  })

  it('refuses a read that ends short of the size, or gives more, and reads the next part whole', async () => {
    const buffer = new PartBuffer(CAPACITY)
    const bytes = randomBytes(3 * CHUNK)
    await expect(buffer.sha256(byteStreamBlob(bytes, CHUNK, 2 * CHUNK))).rejects.toThrow(/short read/)
    await expect(buffer.sha256(byteStreamBlob(bytes, 1000, 0))).rejects.toThrow(/short read/)
    await expect(buffer.sha256(chunkedBlob(bytes.length, [bytes.subarray(0, CHUNK)]))).rejects.toThrow(
      /short read/,
    )
    await expect(buffer.sha256(chunkedBlob(CHUNK, [bytes]))).rejects.toThrow(/long read/)
    await expect(buffer.sha256(new Blob([randomBytes(CAPACITY + 1)]))).rejects.toThrow(RangeError)
    expect(await buffer.sha256(new Blob([bytes]))).toBe(sha256(bytes).toString('hex'))
  })

  it('lends its buffer to one read at a time: reads at once each get one, and all digests are right', async () => {
    const buffer = new PartBuffer(CAPACITY)
    const parts = SIZES.map((size) => randomBytes(size))
    const digests = await Promise.all(parts.map((bytes) => buffer.sha256(byteStreamBlob(bytes, 1000))))
    expect(digests).toEqual(parts.map((bytes) => sha256(bytes).toString('hex')))
    expect(buffer.allocations).toBeGreaterThan(1)
  })
})

class FakeXhr implements XhrLike {
  timeout = 0
  status = 0
  upload: XhrLike['upload'] = { onprogress: null }
  onload: XhrLike['onload'] = null
  onerror: XhrLike['onerror'] = null
  ontimeout: XhrLike['ontimeout'] = null
  onabort: XhrLike['onabort'] = null
  opened: [string, string] | undefined
  headers: Record<string, string> = {}
  body: Blob | undefined
  open(method: string, url: string) {
    this.opened = [method, url]
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: Blob) {
    this.body = body
  }
  abort() {
    this.onabort?.({} as ProgressEvent)
  }
  fire(handler: 'onload' | 'onerror' | 'ontimeout') {
    this[handler]?.({} as ProgressEvent)
  }
}

describe('sending a slice', () => {
  const signed = {
    method: 'PUT',
    url: 'https://store.example/o',
    headers: { 'x-amz-checksum-sha256': 'abc' },
  }
  const file = new Blob(['0123456789'])

  function start(signal?: AbortSignal) {
    const xhr = new FakeXhr()
    const progress: number[] = []
    const result = sendSlice(
      () => xhr,
      file,
      { offset: 2, size: 5 },
      signed,
      120_000,
      (bytes) => progress.push(bytes),
      signal,
    )
    return { xhr, result, progress }
  }

  it('sends only the slice, with the signed method, headers and timeout, and reports progress', async () => {
    const { xhr, result, progress } = start()
    expect(xhr.opened).toEqual(['PUT', 'https://store.example/o'])
    expect(xhr.headers).toEqual(signed.headers)
    expect(xhr.timeout).toBe(120_000)
    expect(await xhr.body?.text()).toBe('23456')
    xhr.upload.onprogress?.({ loaded: 3 } as ProgressEvent)
    xhr.status = 200
    xhr.fire('onload')
    expect(await result).toEqual({ ok: true })
    expect(progress).toEqual([3])
  })

  it('answers bad_status with the status, xhr_error, timeout and aborted', async () => {
    const bad = start()
    bad.xhr.status = 403
    bad.xhr.fire('onload')
    expect(await bad.result).toEqual({ ok: false, kind: 'bad_status', status: 403 })
    const network = start()
    network.xhr.fire('onerror')
    expect(await network.result).toEqual({ ok: false, kind: 'xhr_error' })
    const slow = start()
    slow.xhr.fire('ontimeout')
    expect(await slow.result).toEqual({ ok: false, kind: 'timeout' })
    const controller = new AbortController()
    const cancelled = start(controller.signal)
    controller.abort()
    expect(await cancelled.result).toEqual({ ok: false, kind: 'aborted' })
  })
})

class MemoryWritable implements WritableLike {
  constructor(public data: Uint8Array = new Uint8Array()) {}
  position = 0
  closed = false
  async seek(position: number) {
    this.position = position
  }
  async truncate(size: number) {
    this.data = this.data.slice(0, size)
  }
  async write(chunk: Uint8Array) {
    const next = new Uint8Array(Math.max(this.data.length, this.position + chunk.length))
    next.set(this.data)
    next.set(chunk, this.position)
    this.data = next
    this.position += chunk.length
  }
  async close() {
    this.closed = true
  }
  async abort() {
    this.closed = true
  }
}

describe('downloading', () => {
  const whole = new TextEncoder().encode('hello world')

  it('resumes with a Range request and appends after the bytes kept', async () => {
    const writable = new MemoryWritable(whole.slice(0, 6))
    const asked: Array<Record<string, string>> = []
    const fetchFn = (async (_url: string, init?: RequestInit) => {
      asked.push(init?.headers as Record<string, string>)
      return new Response(whole.slice(6), { status: 206 })
    }) as typeof fetch
    const starts: number[] = []
    const progress: number[] = []
    const result = await downloadTo(fetchFn, 'https://store.example/o', writable, 6, 120_000, {
      onStart: (from) => starts.push(from),
      onProgress: (bytes) => progress.push(bytes),
    })
    expect(asked).toEqual([{ Range: 'bytes=6-' }])
    expect(result).toEqual({ ok: true, bytes_received: 11 })
    expect(new TextDecoder().decode(writable.data)).toBe('hello world')
    expect(starts).toEqual([6])
    expect(progress.at(-1)).toBe(11)
    expect(writable.closed).toBe(true)
  })

  it('tells its progress at most every 50 ms however many chunks arrive, and the last byte always', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    try {
      const chunks = 1000
      let sent = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === chunks) return controller.close()
          sent++
          // Each chunk arrives 1 ms after the one before.
          vi.advanceTimersByTime(1)
          controller.enqueue(new Uint8Array(10))
        },
      })
      const fetchFn = (async () => new Response(body, { status: 200 })) as typeof fetch
      const progress: number[] = []
      const result = await downloadTo(fetchFn, 'u', new MemoryWritable(new Uint8Array()), 0, 120_000, {
        onProgress: (bytes) => progress.push(bytes),
      })
      expect(result).toEqual({ ok: true, bytes_received: 10 * chunks })
      expect(progress.length).toBeGreaterThanOrEqual(chunks / DOWNLOAD_PROGRESS_INTERVAL_MS)
      expect(progress.length).toBeLessThanOrEqual(chunks / DOWNLOAD_PROGRESS_INTERVAL_MS + 2)
      expect(progress.at(-1)).toBe(10 * chunks)
    } finally {
      vi.useRealTimers()
    }
  })

  it('starts over when the server sends the whole file instead of the range', async () => {
    const writable = new MemoryWritable(new TextEncoder().encode('garbage'))
    const fetchFn = (async () => new Response(whole, { status: 200 })) as typeof fetch
    const result = await downloadTo(fetchFn, 'u', writable, 7, 120_000)
    expect(result).toEqual({ ok: true, bytes_received: 11 })
    expect(new TextDecoder().decode(writable.data)).toBe('hello world')
  })

  it('answers bad_status, and xhr_error for a network failure, keeping the bytes written', async () => {
    const missing = await downloadTo(
      (async () => new Response('no', { status: 404 })) as typeof fetch,
      'u',
      new MemoryWritable(),
      3,
      120_000,
    )
    expect(missing).toEqual({ ok: false, kind: 'bad_status', status: 404, bytes_received: 3 })
    const offline = await downloadTo(
      (async () => Promise.reject(new TypeError('failed'))) as typeof fetch,
      'u',
      new MemoryWritable(),
      0,
      120_000,
    )
    expect(offline).toEqual({ ok: false, kind: 'xhr_error', bytes_received: 0 })
    expect(rangeHeader(0)).toEqual({})
  })

  it('copies a downloaded file slice by slice', async () => {
    const writable = new MemoryWritable(new TextEncoder().encode('old content that is longer'))
    const progress: number[] = []
    await copyBlob(new Blob([whole]), writable, (bytes) => progress.push(bytes), 4)
    expect(new TextDecoder().decode(writable.data)).toBe('hello world')
    expect(progress).toEqual([4, 8, 11])
  })
})
