// Volumes of an organization. SQL only; the rules are in services/volumes.ts.
import type { Volume } from '../contract/volume.ts'
import type { Queryable } from '../db/index.ts'

const VOLUME_FIELDS =
  'volume_id, volume_name, is_disabled, is_user_volume, min_expire_size, live_expire_days, dead_expire_days'

export async function listVolumes(db: Queryable, orgId: number): Promise<Volume[]> {
  return db.query<Volume>(
    `SELECT ${VOLUME_FIELDS} FROM volume WHERE org_id = $1 ORDER BY lower(volume_name)`,
    [orgId],
  )
}

/** A volume of the organization, locked for the rest of the transaction when `forUpdate`. */
export async function findVolume(
  db: Queryable,
  orgId: number,
  volumeId: number,
  forUpdate = false,
): Promise<Volume | undefined> {
  const [volume] = await db.query<Volume>(
    `SELECT ${VOLUME_FIELDS} FROM volume WHERE org_id = $1 AND volume_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [orgId, volumeId],
  )
  return volume
}

/** Enabled volumes: the ones a plan's max_volume_count counts. */
export async function countEnabledVolumes(db: Queryable, orgId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM volume WHERE org_id = $1 AND NOT is_disabled',
    [orgId],
  )
  return row?.count ?? 0
}

export async function isVolumeNameTaken(
  db: Queryable,
  orgId: number,
  volumeName: string,
  exceptVolumeId = 0,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM volume WHERE org_id = $1 AND lower(volume_name) = lower($2) AND volume_id <> $3',
    [orgId, volumeName, exceptVolumeId],
  )
  return rows.length > 0
}

export interface NewVolume {
  orgId: number
  volumeName: string
  isDisabled: boolean
  liveExpireDays: number
  deadExpireDays: number
}

export async function insertVolume(db: Queryable, volume: NewVolume): Promise<number> {
  const [row] = await db.query<{ volume_id: number }>(
    `INSERT INTO volume (org_id, volume_name, is_disabled, live_expire_days, dead_expire_days)
     VALUES ($1, $2, $3, $4, $5) RETURNING volume_id`,
    [volume.orgId, volume.volumeName, volume.isDisabled, volume.liveExpireDays, volume.deadExpireDays],
  )
  if (!row) throw new Error('INSERT ... RETURNING answered no row')
  return row.volume_id
}

export type VolumeSettings = Partial<
  Pick<Volume, 'volume_name' | 'is_disabled' | 'min_expire_size' | 'live_expire_days' | 'dead_expire_days'>
>

export async function updateVolume(
  db: Queryable,
  orgId: number,
  volumeId: number,
  settings: VolumeSettings,
): Promise<void> {
  await db.query(
    `UPDATE volume
        SET volume_name = COALESCE($3, volume_name),
            is_disabled = COALESCE($4, is_disabled),
            min_expire_size = COALESCE($5, min_expire_size),
            live_expire_days = COALESCE($6, live_expire_days),
            dead_expire_days = COALESCE($7, dead_expire_days)
      WHERE org_id = $1 AND volume_id = $2`,
    [
      orgId,
      volumeId,
      settings.volume_name ?? null,
      settings.is_disabled ?? null,
      settings.min_expire_size ?? null,
      settings.live_expire_days ?? null,
      settings.dead_expire_days ?? null,
    ],
  )
}

/** Stores a volume's sealed key unless it has one already: the first writer wins a race. */
export async function storeSealedVolumeKey(
  db: Queryable,
  orgId: number,
  volumeId: number,
  sealedKey: Buffer,
): Promise<void> {
  await db.query(
    'UPDATE volume SET sealed_key = $3 WHERE org_id = $1 AND volume_id = $2 AND sealed_key IS NULL',
    [orgId, volumeId, sealedKey],
  )
}

export async function findSealedVolumeKey(
  db: Queryable,
  orgId: number,
  volumeId: number,
): Promise<Uint8Array | null> {
  const [row] = await db.query<{ sealed_key: Uint8Array | null }>(
    'SELECT sealed_key FROM volume WHERE org_id = $1 AND volume_id = $2',
    [orgId, volumeId],
  )
  return row?.sealed_key ?? null
}
