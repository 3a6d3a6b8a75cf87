// The last phase of a pass: tell the server which contents this device holds in the mount, only what changed
// since the last report, in batches the server takes.
import { HOLDING_BATCH_MAX } from '../../server/contract/device.ts'
import { endpoints } from '../../server/contract/endpointSchemas.ts'
import type { SyncPass } from './pass.ts'

/** A holdings report as batches of at most `max` hashes added and `max` removed. */
export function holdingBatches(
  held: ReadonlySet<string>,
  reported: ReadonlySet<string>,
  max = HOLDING_BATCH_MAX,
): Array<{ add: string[]; remove: string[] }> {
  const add = [...held].filter((hash) => !reported.has(hash))
  const remove = [...reported].filter((hash) => !held.has(hash))
  const batches: Array<{ add: string[]; remove: string[] }> = []
  for (let start = 0; start < Math.max(add.length, remove.length); start += max) {
    batches.push({ add: add.slice(start, start + max), remove: remove.slice(start, start + max) })
  }
  return batches
}

/** Sends what changed in the set of hashes held here, in batches, keeping each batch sent. */
export async function reportHoldings(pass: SyncPass): Promise<void> {
  const { state, report, signal } = pass
  // Held: what is here and in step with the mount. The server records only content that is a file of
  // the mount, so a file not registered yet (its upload failed) is reported once it is.
  const held = new Set(
    Object.values(state.files)
      .filter((entry) => entry.synced_hash === entry.hash)
      .map((entry) => entry.hash),
  )
  const reported = new Set(state.reported)
  const batches = holdingBatches(held, reported)
  let heldCount = held.size
  for (const batch of batches) {
    signal?.throwIfAborted()
    const answer = await pass.client.call(
      endpoints.mountHolding,
      {
        params: { media_grant_id: pass.mount.media_grant_id },
        body: {
          ...(batch.add.length ? { add: batch.add } : {}),
          ...(batch.remove.length ? { remove: batch.remove } : {}),
        },
      },
      { ...(signal ? { signal } : {}) },
    )
    // Each batch the server took is kept at once: a stopped report resumes after it. A hash the server
    // did not record (no file of the mount has it yet) stays unreported, to be sent again next pass.
    const ignored = new Set(answer.ignored_list)
    for (const hash of batch.add) if (!ignored.has(hash)) reported.add(hash)
    for (const hash of batch.remove) reported.delete(hash)
    state.reported = [...reported]
    heldCount = answer.held_count
    pass.save(true)
  }
  const added = batches.reduce((sum, batch) => sum + batch.add.length, 0)
  const removed = batches.reduce((sum, batch) => sum + batch.remove.length, 0)
  report.held = heldCount
  report.held_added = added
  report.held_removed = removed
  if (added || removed) pass.say(`holdings: +${added} -${removed} (${heldCount} held)`)
  pass.onEvent({ type: 'holding', added, removed, held: heldCount })
}
