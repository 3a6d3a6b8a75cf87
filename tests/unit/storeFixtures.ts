// What the download tests fetch from: bytes that differ at every offset, and a store that answers closed
// Range requests with 206 in chunks, as the storage hosts do.

/** `size` bytes that differ from their neighbours and from another seed's. */
export function content(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  for (let index = 0; index < size; index++) bytes[index] = (index * 13 + seed) & 255
  return bytes
}

/**
 * A store answering closed Range requests (`bytes=a-b`) with 206, `chunk` bytes at a time; anything else, or
 * every request when `refuse` is set, gets the whole body with 200. `asked` keeps each request's Range.
 */
export function rangeStore(
  bytes: Uint8Array<ArrayBuffer>,
  { chunk, refuse = false }: { chunk: number; refuse?: boolean },
) {
  const asked: string[] = []
  const fetchFn = (async (_url: string, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range') ?? ''
    asked.push(range)
    const match = /^bytes=(\d+)-(\d+)$/.exec(range)
    if (!match || refuse) return new Response(bytes.slice(), { status: 200 })
    const last = Number(match[2])
    let at = Number(match[1])
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at > last) return controller.close()
        const size = Math.min(chunk, last + 1 - at)
        controller.enqueue(bytes.slice(at, at + size))
        at += size
      },
    })
    return new Response(body, { status: 206 })
  }) as typeof fetch
  return { fetchFn, asked }
}
