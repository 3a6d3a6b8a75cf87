// How a file travels (specification 000, section 9): files up to SINGLE_PART_MAX_BYTES go in one PUT and
// their hash is the SHA-256 of their bytes; larger files go in parts sized by the table below, and their
// hash is the SHA-256 of the parts' binary SHA-256 digests concatenated in order (as S3's composite
// checksums are built). Shared by the server, the app and the workers: no Node imports here.

const MiB = 1024 * 1024
const GiB = 1024 * MiB

export const SINGLE_PART_MAX_BYTES = 8 * MiB

/** The most parts one upload may have (S3's limit), and so, with the table's largest part, the largest file. */
export const MAX_PARTS = 10_000
export const MAX_PART_BYTES = 5 * GiB
export const MAX_FILE_BYTES = MAX_PARTS * MAX_PART_BYTES

/** Part size by total size: 8 MiB up to 16 MiB; 16 MiB up to about 7.5 GB; 512 MiB up to about 483 GB; 5 GiB above. */
export const PART_SIZE_TABLE: ReadonlyArray<{ upToBytes: number; partSize: number }> = [
  { upToBytes: 16 * MiB, partSize: 8 * MiB },
  { upToBytes: 7.5 * GiB, partSize: 16 * MiB },
  { upToBytes: 483 * GiB, partSize: 512 * MiB },
  { upToBytes: Number.POSITIVE_INFINITY, partSize: MAX_PART_BYTES },
]

export function isMultipart(fileSize: number): boolean {
  return fileSize > SINGLE_PART_MAX_BYTES
}

export function partSizeFor(fileSize: number): number {
  // The last row has no upper bound, so a row always matches.
  return PART_SIZE_TABLE.find((entry) => fileSize <= entry.upToBytes)?.partSize ?? MAX_PART_BYTES
}

export interface PlannedPart {
  part_num: number
  offset: number
  part_size: number
}

/**
 * The parts of a multipart file, numbered from 1, the last one holding the remainder. The work is
 * proportional to the size, so a size past MAX_FILE_BYTES (a claim no file can make) is refused here too.
 */
export function planParts(fileSize: number): PlannedPart[] {
  if (!Number.isSafeInteger(fileSize) || fileSize < 0 || fileSize > MAX_FILE_BYTES) {
    throw new RangeError(`a file size from 0 to ${MAX_FILE_BYTES} bytes, not ${fileSize}`)
  }
  const partSize = partSizeFor(fileSize)
  const parts: PlannedPart[] = []
  for (let offset = 0, partNum = 1; offset < fileSize; offset += partSize, partNum++) {
    parts.push({ part_num: partNum, offset, part_size: Math.min(partSize, fileSize - offset) })
  }
  return parts
}

/** A SHA-256 as the wire carries it: 64 lower-case hex digits. */
export const SHA256_HEX_PATTERN = /^[0-9a-f]{64}$/
