import { describe, expect, it } from 'vitest'
import * as limits from '../../src/transfers/limits.ts'

const MiB = 1024 * 1024
const GiB = 1024 * MiB

describe('transfer limits', () => {
  it('holds the numbers of the specification', () => {
    expect({
      uploadFiles: limits.UPLOAD_PARALLEL_FILES,
      uploadTries: limits.UPLOAD_FILE_TRIES,
      uploadRetry: limits.UPLOAD_FILE_RETRY_INTERVAL_MS,
      parts: limits.UPLOAD_PARALLEL_PARTS,
      partTries: limits.UPLOAD_PART_TRIES,
      partRetry: limits.UPLOAD_PART_RETRY_INTERVAL_MS,
      planAge: limits.PART_PLAN_MAX_AGE_MS,
      downloadFiles: limits.DOWNLOAD_PARALLEL_FILES,
      downloadTries: limits.DOWNLOAD_FILE_TRIES,
      downloadRetry: limits.DOWNLOAD_RETRY_INTERVAL_MS,
    }).toEqual({
      uploadFiles: 10,
      uploadTries: 5,
      uploadRetry: 10_000,
      parts: 10,
      partTries: 5,
      partRetry: 1_000,
      planAge: 60_000,
      downloadFiles: 4,
      downloadTries: 5,
      downloadRetry: 10_000,
    })
  })

  it("caps the requests in flight above one file's parts and below what 10 files of 10 parts ask", () => {
    expect(limits.UPLOAD_MAX_REQUESTS_IN_FLIGHT).toBe(24)
    // Chromium's connections per host, and four hosts' worth over all.
    expect(limits.REQUESTS_PER_HOST).toBe(6)
    expect(limits.UPLOAD_MAX_REQUESTS_IN_FLIGHT).toBe(4 * limits.REQUESTS_PER_HOST)
    expect(limits.UPLOAD_MAX_REQUESTS_IN_FLIGHT).toBeGreaterThan(limits.UPLOAD_PARALLEL_PARTS)
    expect(limits.UPLOAD_MAX_REQUESTS_IN_FLIGHT).toBeGreaterThan(limits.UPLOAD_PARALLEL_FILES)
    expect(limits.UPLOAD_MAX_REQUESTS_IN_FLIGHT).toBeLessThan(
      limits.UPLOAD_PARALLEL_FILES * limits.UPLOAD_PARALLEL_PARTS,
    )
  })

  it('gives a request at least 120000 ms, and size / 131.072 ms when that is longer', () => {
    expect(limits.transferTimeoutMs(0)).toBe(120_000)
    // 120000 ms covers 15 MiB; a 16 MiB part gets 128000 ms.
    expect(limits.transferTimeoutMs(15 * MiB)).toBe(120_000)
    expect(limits.transferTimeoutMs(16 * MiB)).toBe(128_000)
    expect(limits.transferTimeoutMs(512 * MiB)).toBeCloseTo((512 * MiB) / 131.072)
    expect(limits.transferTimeoutMs(5 * GiB)).toBe((5 * GiB) / 131.072)
  })

  it('sizes parts by the table at its edges', () => {
    expect(limits.isMultipart(8 * MiB)).toBe(false)
    expect(limits.isMultipart(8 * MiB + 1)).toBe(true)
    expect(limits.partSizeFor(16 * MiB)).toBe(8 * MiB)
    expect(limits.partSizeFor(16 * MiB + 1)).toBe(16 * MiB)
    expect(limits.partSizeFor(7.5 * GiB)).toBe(16 * MiB)
    expect(limits.partSizeFor(7.5 * GiB + 1)).toBe(512 * MiB)
    expect(limits.partSizeFor(483 * GiB)).toBe(512 * MiB)
    expect(limits.partSizeFor(483 * GiB + 1)).toBe(5 * GiB)
    const parts = limits.planParts(7.5 * GiB + 1)
    expect(parts).toHaveLength(16)
    expect(parts.at(-1)).toEqual({ part_num: 16, offset: 15 * 512 * MiB, part_size: 1 })
    expect(parts.reduce((sum, part) => sum + part.part_size, 0)).toBe(7.5 * GiB + 1)
  })

  it('words the messages and summaries as the specification does', () => {
    expect(limits.UPLOAD_CONFLICT_MESSAGE).toBe('Different file already exists in the volume.')
    expect(limits.NETWORK_FAILURE_MESSAGE).toBe('Network failure')
    expect(limits.NOT_UPLOADED_MESSAGE).toBe('Not Uploaded')
    expect(limits.DOWNLOAD_FAILED_MESSAGE).toBe('Download Failed')
    expect([limits.SUMMARY_RUNNING, limits.SUMMARY_SUCCESS, limits.summaryDoneText(3)]).toEqual([
      'Running',
      'Success',
      'Done - 3 Failed',
    ])
  })
})
