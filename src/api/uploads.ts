// Moving content into the store (specification 000, section 7): the single-PUT offer and its confirmation,
// the multipart part plan and its completion. The bytes themselves go to the signed URLs these answer,
// from the transfer workers; these calls only sign and confirm. Confirmations may make the server read a
// whole object, so they get the transfer timeout of the file's size, not the default 10 s.
import type {
  MultipartCompleteRequest,
  MultipartRequest,
  MultipartResponse,
  S3ObjectRequest,
  UploadItem,
} from '../../server/contract/media.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { transferTimeoutMs } from '../transfers/limits.ts'
import { call } from './client.ts'
import { grantParams, type GrantRef } from './media.ts'

/** Where to PUT one file of up to SINGLE_PART_MAX_BYTES, or skip_upload when the content is stored. */
export async function offerUpload(
  grant: GrantRef,
  file: { file_hash: string; file_size: number },
): Promise<UploadItem> {
  const answer = await call(endpoints.upload, {
    params: grantParams(grant),
    body: { file_list: [file] },
  })
  const [item] = answer.upload_list
  if (!item) throw new Error('the upload offer answered no item')
  return item
}

/** Confirms a single PUT; 412 while the store does not show the object. */
export async function confirmObject(grant: GrantRef, request: S3ObjectRequest): Promise<void> {
  await call(
    endpoints.s3Object,
    { params: grantParams(grant), body: request },
    { timeoutMs: transferTimeoutMs(request.file_size) },
  )
}

/** The part plan: signed PUTs for the parts the store lacks, skip_upload for those it holds. */
export function planMultipart(grant: GrantRef, request: MultipartRequest): Promise<MultipartResponse> {
  return call(endpoints.multipart, { params: grantParams(grant), body: request })
}

/** Puts the parts together; 412 parts_missing while some part is not stored yet. */
export async function completeMultipart(grant: GrantRef, request: MultipartCompleteRequest): Promise<void> {
  await call(
    endpoints.multipartComplete,
    { params: grantParams(grant), body: request },
    { timeoutMs: transferTimeoutMs(request.file_size) },
  )
}
