// One load measurement: autocannon keeps a number of keep-alive connections busy against one URL for a
// few seconds, after a short warm-up (JIT, connection pools, database caches) that is not counted. The
// latency of every answer is kept, so p50, p95 and p99 come from the same samples; an answer that is not
// 2xx, or a connection error, fails the measurement rather than flattering it.
import autocannon from 'autocannon'

export interface LoadOptions {
  connections: number
  seconds: number
  warmupSeconds: number
}

export interface LoadFigures {
  label: string
  requestsPerSecond: number
  requests: number
  /** Milliseconds. */
  p50: number
  p95: number
  p99: number
}

interface Run {
  requests: number
  seconds: number
  latencies: number[]
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}

async function run(url: string, connections: number, seconds: number): Promise<Run> {
  const latencies: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, done) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    })
  })
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url} answered ${result.non2xx} non-2xx and ${result.errors} connection errors`)
  }
  return { requests: result.requests.total, seconds: result.duration, latencies }
}

export async function measureLoad(label: string, url: string, options: LoadOptions): Promise<LoadFigures> {
  await run(url, options.connections, options.warmupSeconds)
  const measured = await run(url, options.connections, options.seconds)
  const sorted = measured.latencies.sort((a, b) => a - b)
  return {
    label,
    requestsPerSecond: measured.requests / measured.seconds,
    requests: measured.requests,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  }
}
