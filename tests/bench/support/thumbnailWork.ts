// Work for the server's thumbnail worker while the load bench measures: pictures uploaded through the API as
// the console uploads them (register, plan, PUT, confirm), each of distinct content so that each is a job of
// its own. Large flat pictures: cheap to make and to send, but the decoder still reads every pixel, so each
// job costs about as much CPU as a camera's photo. The derivative table says how many are still waiting.
import crypto from 'node:crypto'
import type pg from 'pg'
import sharp from 'sharp'
import type { UploadResponse } from '../../../server/contract/media.ts'
import { call } from '../../server/helpers/http.ts'

export interface PictureTarget {
  url: string
  key: string
  orgId: number
  grantId: number
}

/** Pictures of 7,000 × 7,000 pixels (49 million, under the decoder's cap), each of its own colour. */
export async function makePictures(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      sharp({
        create: {
          width: 7000,
          height: 7000,
          channels: 3,
          background: { r: (index * 37) % 256, g: (index * 91) % 256, b: 200 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  )
}

/** The local store's signed URL, aimed at the server's own address (PUBLIC_URL may name another). */
function atServer(serverUrl: string, signed: string): string {
  const parsed = new URL(signed, serverUrl)
  return `${serverUrl}${parsed.pathname}${parsed.search}`
}

/** Uploads each picture to a folder of its own; answers once all are confirmed (their jobs sent). */
export async function uploadPictures(target: PictureTarget, pictures: readonly Buffer[]): Promise<void> {
  const base = `/web/1/org/${target.orgId}/media_grant/${target.grantId}`
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await call<T>(target.url, 'POST', `${base}${path}`, { key: target.key, body })
    if (answer.status !== 200)
      throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body
  }
  await Promise.all(
    pictures.map(async (bytes, index) => {
      const ref = {
        file_hash: crypto.createHash('sha256').update(bytes).digest('hex'),
        file_size: bytes.length,
      }
      await post('/media', { media_path: `thumbnail-work/picture-${index}.jpg`, ...ref })
      const plan = await post<UploadResponse>('/upload', { file_list: [ref] })
      const item = plan.upload_list[0]
      if (!item?.signed_opts) throw new Error('the upload plan answered no PUT')
      const sent = await fetch(atServer(target.url, item.signed_opts.url), {
        method: item.signed_opts.method,
        headers: item.signed_opts.headers,
        body: new Uint8Array(bytes),
      })
      if (!sent.ok) throw new Error(`the PUT answered ${sent.status}`)
      await post('/s3_object', { s3_bucket_id: item.s3_bucket_id, ...ref })
    }),
  )
}

/** How many of the organization's contents still wait for their thumbnails. */
export async function pendingThumbnails(client: pg.Client, orgId: number): Promise<number> {
  const { rows } = await client.query<{ pending: string }>(
    `SELECT count(*) AS pending FROM media_derivative WHERE org_id = $1 AND state = 'pending'`,
    [orgId],
  )
  return Number(rows[0]?.pending ?? 0)
}
