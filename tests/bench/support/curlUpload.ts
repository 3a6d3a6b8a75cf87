// The reference every upload bench measures the screen against: the same file's parts sent with curl -T to
// the signed part URLs of a fresh multipart upload of the same server, then completed. The part digests are
// computed in Node before the clock starts, so curl's own figure has no hashing in it (the link bench adds the time Node takes to hash them).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { PartRef } from '../../../server/contract/media.ts'
import { endpoints } from '../../../server/contract/endpoints.ts'
import { compositeSha256Hex } from '../../../server/storage/checksums.ts'
import { api } from '../../../e2e/support/api.ts'
import { planParts } from '../../../src/transfers/limits.ts'
import type { Container } from './containers.ts'
import { MiB, run } from './product.ts'

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

/** Each part's SHA-256 of the file as the console plans its parts. */
export function partDigests(file: string, size: number): string[] {
  const plan = planParts(size)
  const digests: string[] = []
  const handle = fs.openSync(file, 'r')
  const buffer = Buffer.alloc(plan[0]?.part_size ?? 0)
  try {
    for (const part of plan) {
      fs.readSync(handle, buffer, 0, part.part_size, part.offset)
      digests.push(createHash('sha256').update(buffer.subarray(0, part.part_size)).digest('hex'))
    }
  } finally {
    fs.closeSync(handle)
  }
  return digests
}

/** The server's part plan for the file in a container where it is new: every part signed. */
export async function planFreshUpload(container: Container, size: number, digests: readonly string[]) {
  const plan = planParts(size)
  if (digests.length !== plan.length)
    throw new Error(`${digests.length} part digests for ${plan.length} parts`)
  const part_list: PartRef[] = plan.map((part, index) => ({
    part_num: part.part_num,
    part_size: part.part_size,
    part_hash: digests[index] as string,
  }))
  const file_hash = compositeSha256Hex(digests)
  const answer = await api(
    endpoints.multipart,
    { params: container.params, body: { file_hash, file_size: size, part_list } },
    container.sessionKey,
  )
  const urls = answer.upload_list.map((item) => {
    if (item.skip_upload || !item.signed_opts) throw new Error(`part ${item.part_num} is not to be sent`)
    return item.signed_opts.url
  })
  if (answer.skip_upload || urls.length !== part_list.length) throw new Error('the upload is not a fresh one')
  const complete = () =>
    api(
      endpoints.multipartComplete,
      {
        params: container.params,
        body: { file_hash, file_size: size, part_list, upload_id: answer.upload_id, s3_bucket_id: 0 },
      },
      container.sessionKey,
    )
  return { urls, complete }
}

/**
 * Cuts the file into its parts (before the clock starts: curl -T needs a file per URL) and answers the
 * curl config that PUTs each to its URL.
 */
export async function curlPartsConfig(dir: string, file: string, size: number, urls: readonly string[]) {
  const plan = planParts(size)
  const partsDir = path.join(dir, 'parts')
  fs.mkdirSync(partsDir, { recursive: true })
  await run('split', ['-b', String(plan[0]?.part_size), '-d', '-a', '5', file, path.join(partsDir, 'p')])
  const partFiles = fs.readdirSync(partsDir).sort()
  if (partFiles.length !== urls.length) throw new Error(`split made ${partFiles.length} parts`)
  const config = urls
    .map((url, index) =>
      [
        `upload-file = "${path.join(partsDir, partFiles[index] as string)}"`,
        `url = "${url}"`,
        'output = "/dev/null"',
        'write-out = "%{http_code}\\n"',
      ].join('\n'),
    )
    .join('\n')
  const configFile = path.join(dir, 'curl.conf')
  fs.writeFileSync(configFile, config)
  return { configFile, removeParts: () => fs.rmSync(partsDir, { recursive: true, force: true }) }
}

/** Runs curl on the config (extra arguments such as --parallel first) and checks every PUT answered 200. */
export async function runCurl(configFile: string, parts: number, extra: readonly string[] = []) {
  const curl = await timed(() =>
    run('curl', ['--silent', '--show-error', ...extra, '--config', configFile], { maxBuffer: MiB }),
  )
  const statuses = curl.value.stdout.trim().split('\n')
  if (statuses.length !== parts || statuses.some((status) => status !== '200')) {
    throw new Error(`curl's PUTs answered ${[...new Set(statuses)].join(', ')}`)
  }
  return curl.ms
}
