import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../server/logger.ts'

/** The product's logger writing into an array of parsed lines. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  return { log: createLogger('info', stream), lines }
}

describe('the logger', () => {
  it.each(['err', 'error'])('writes an Error logged under `%s` with its type, message and stack', (key) => {
    const { log, lines } = capturedLogger()
    const error = new TypeError('the bucket answered 403')
    log.warn({ [key]: error, s3_bucket_id: 7 }, 'a network store could not be used')

    expect(lines).toHaveLength(1)
    const logged = lines[0]?.[key] as Record<string, unknown> | undefined
    expect(logged).toMatchObject({ type: 'TypeError', message: 'the bucket answered 403' })
    expect(logged?.stack).toEqual(expect.stringContaining('TypeError: the bucket answered 403\n    at '))
    expect(lines[0]?.s3_bucket_id).toBe(7)
  })

  it('writes an error’s cause and own fields, and leaves values that are not errors as they are', () => {
    const { log, lines } = capturedLogger()
    const cause = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:443'), { code: 'ECONNREFUSED' })
    log.error({ error: new Error('the probe failed', { cause }), detail: 'kept' }, 'probe')
    log.warn({ error: 'a message already written out' }, 'text')

    const [first, second] = lines
    expect(first?.error).toMatchObject({ message: expect.stringContaining('the probe failed') })
    expect(JSON.stringify(first?.error)).toContain('ECONNREFUSED 10.0.0.5:443')
    expect(first?.detail).toBe('kept')
    expect(second?.error).toBe('a message already written out')
  })
})
