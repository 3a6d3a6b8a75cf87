// The digests of a ranged download's parts, taken while the download runs: as soon as every byte of a part
// is in the staging file, the worker holding its sync access handle reads the part back into its one part
// buffer and hands it to WebCrypto, whose digest runs off the worker's thread while the lanes keep
// fetching. Verification (transferCore.ts contentHash) then hashes only the parts that have no digest here:
// hashing the whole staged file after its last byte cost about 4.5 s per GiB.
//
// The digest is of the bytes read back from the file, never of the bytes as they arrived: what is verified
// must be what gets placed, so a write that went wrong (a wrong offset, a short write, a range written twice
// with other bytes) still fails the check. A part is only digested once no range of this try will write it
// again: ranges do not overlap, and a range that ended whole is not fetched again.
import { planParts, isMultipart, type PlannedPart } from '../server/contract/parts.ts'
import { WHOLE_BUFFER_LIMIT, partBuffer } from './sha256.ts'
import type { PartDigests } from './transferCore.ts'

/** Reads bytes of the staging file at an offset into view; answers how many (a sync access handle's read). */
export type ReadAt = (view: Uint8Array<ArrayBuffer>, at: number) => number

export class StagedPartDigests {
  /** The parts digested while downloading: none unless the file is multipart and a part fits the buffer. */
  private readonly parts: PlannedPart[]
  /** Bytes of each part not yet in a range that ended whole in this try. */
  private readonly missing: number[]
  private readonly rangesCounted = new Set<number>()
  private readonly digests: Array<string | null>
  private readonly pending: Array<Promise<void>> = []
  /** Parts read back and digested, for tests and figures. */
  digested = 0

  constructor(
    fileSize: number,
    private readonly readAt: ReadAt,
    capacity = WHOLE_BUFFER_LIMIT,
  ) {
    const plan = isMultipart(fileSize) ? planParts(fileSize) : []
    // Parts larger than the buffer (512 MiB from about 7.5 GB on) are left to verification: digesting one
    // in a piece would hold more than the worker's one buffer, and hashing it in steps would hold the
    // worker's thread, and so the lanes' writes, for seconds.
    this.parts = plan.every((part) => part.part_size <= capacity) ? plan : []
    this.missing = this.parts.map((part) => part.part_size)
    this.digests = this.parts.map(() => null)
  }

  /** The range [start, end) of the file is whole in the staging file: parts it completes are digested. */
  rangeWhole(index: number, start: number, end: number): void {
    if (this.rangesCounted.has(index)) return
    this.rangesCounted.add(index)
    this.parts.forEach((part, at) => {
      const overlap = Math.min(end, part.offset + part.part_size) - Math.max(start, part.offset)
      if (overlap <= 0) return
      this.missing[at] = (this.missing[at] ?? 0) - overlap
      if (this.missing[at] === 0) this.digest(at, part)
    })
  }

  private digest(at: number, part: PlannedPart): void {
    const digesting = partBuffer
      .sha256Filled(part.part_size, (view) => {
        let filled = 0
        while (filled < view.byteLength) {
          const read = this.readAt(view.subarray(filled), part.offset + filled)
          if (read <= 0) throw new Error(`short read of part ${part.part_num}`)
          filled += read
        }
      })
      .then(
        (hex) => {
          this.digests[at] = hex
          this.digested++
        },
        // A part that could not be read back is hashed by verification instead.
        () => undefined,
      )
    this.pending.push(digesting)
  }

  /** The digests once every one started has ended; null where a part has none (verification hashes it). */
  async settled(): Promise<PartDigests> {
    await Promise.all(this.pending)
    return this.digests.slice()
  }
}
