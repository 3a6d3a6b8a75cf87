// Each volume's own 256-bit key, which devices use to encrypt what they keep of the volume. It is made on
// first use, kept sealed under the server key (auth/sealing.ts), and given only to admins, for a device's
// mount; every retrieval is an admin event that names the device. The key is sealed for its volume's row, so
// a sealed key written into another volume's row does not open there.
import crypto from 'node:crypto'
import { sealedLabels } from '../auth/sealedValues.ts'
import type { Sealer } from '../auth/sealing.ts'
import type { Queryable } from '../db/index.ts'
import { findSealedVolumeKey, storeSealedVolumeKey } from '../repositories/volumes.ts'

/** The volume's key; made, sealed and stored when it has none (the first writer wins a race). */
export async function volumeKey(
  db: Queryable,
  sealer: Sealer,
  orgId: number,
  volumeId: number,
): Promise<Buffer> {
  const label = sealedLabels.volumeKey(orgId, volumeId)
  await storeSealedVolumeKey(db, orgId, volumeId, sealer.seal(crypto.randomBytes(32), label))
  const sealedKey = await findSealedVolumeKey(db, orgId, volumeId)
  if (!sealedKey) throw new Error('a volume key was not stored')
  return sealer.open(sealedKey, label)
}
