// Multipart uploads for server tests: random bytes in parts, with the part list and composite hash the
// console would send (spec 000's multipart call).
import crypto from 'node:crypto'
import { SINGLE_PART_MAX_BYTES } from '../../../server/contract/parts.ts'
import { compositeSha256Hex } from '../../../server/storage/checksums.ts'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

/** A file of the given parts, as the console would plan it: their bytes, part list and composite hash. */
export function multipartFile(pieces: readonly Buffer[]) {
  const whole = Buffer.concat(pieces)
  const part_list = pieces.map((bytes, index) => ({
    part_num: index + 1,
    part_hash: sha256(bytes),
    part_size: bytes.length,
  }))
  const file_hash = compositeSha256Hex(part_list.map((part) => part.part_hash))
  return {
    whole,
    pieces,
    part_list,
    file_hash,
    file_size: whole.length,
    /** The body of the multipart call that plans it. */
    request: { file_hash, file_size: whole.length, part_list },
  }
}

/** The smallest multipart upload: random bytes just over the single-part limit, as parts of 8 MiB and 1 KiB. */
export function twoPartFile() {
  const whole = crypto.randomBytes(SINGLE_PART_MAX_BYTES + 1024)
  return multipartFile([whole.subarray(0, SINGLE_PART_MAX_BYTES), whole.subarray(SINGLE_PART_MAX_BYTES)])
}
