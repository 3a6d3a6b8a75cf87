// Each volume's own 256-bit key, which devices use to encrypt what they keep of the volume. It is made on
// first use, kept sealed under the server key (auth/sealing.ts), and given only to admins, for a device's
// mount; every retrieval is an admin event that names the device. The key is sealed for its volume's row, so
// a sealed key written into another volume's row does not open there.
import crypto from 'node:crypto'
import { sealedLabels } from '../auth/sealedValues.ts'
import type { Sealer } from '../auth/sealing.ts'
import type { Queryable } from '../db/index.ts'

/** The volume's key; made, sealed and stored when it has none (the first writer wins a race). */
export async function volumeKey(
  db: Queryable,
  sealer: Sealer,
  orgId: number,
  volumeId: number,
): Promise<Buffer> {
  const label = sealedLabels.volumeKey(orgId, volumeId)
  await db.query(
    'UPDATE volume SET sealed_key = $3 WHERE org_id = $1 AND volume_id = $2 AND sealed_key IS NULL',
    [orgId, volumeId, sealer.seal(crypto.randomBytes(32), label)],
  )
  const [row] = await db.query<{ sealed_key: Uint8Array | null }>(
    'SELECT sealed_key FROM volume WHERE org_id = $1 AND volume_id = $2',
    [orgId, volumeId],
  )
  if (!row?.sealed_key) throw new Error('a volume key was not stored')
  return sealer.open(row.sealed_key, label)
}
