// Every sealed value the database holds, in one place: the label each is sealed for (the row it belongs to,
// bound as associated data by auth/sealing.ts) and the column it lives in. The services seal and open with
// these labels; the check at start (auth/serverKeyCheck.ts) walks the columns to try a key on what is
// already sealed, and to seal values of the earlier, unlabelled format again for their rows. A new sealed
// column is added here, or the check would neither try it nor carry its old values forward.

/** What a value is and which row it belongs to. Ids are whole numbers, so ':' cannot run two together. */
export const sealedLabels = {
  /** The value that tells whether a key is the deployment's (auth/serverKeyCheck.ts). */
  keyCheck: () => 'server_key_check',
  volumeKey: (orgId: number, volumeId: number) => `volume_key:${orgId}:${volumeId}`,
  networkStoreSecret: (orgId: number, storeId: number) => `network_store:${orgId}:${storeId}:secret`,
}

export interface SealedColumn {
  /** How a log line or a refusal names one of its values: `${what} ${id}`. */
  what: string
  table: string
  idColumn: string
  column: string
  label(orgId: number, id: number): string
}

export const sealedColumns: readonly SealedColumn[] = [
  {
    what: 'volume key of volume',
    table: 'volume',
    idColumn: 'volume_id',
    column: 'sealed_key',
    label: sealedLabels.volumeKey,
  },
  {
    what: 'network store',
    table: 's3_bucket',
    idColumn: 's3_bucket_id',
    column: 'sealed_secret',
    label: sealedLabels.networkStoreSecret,
  },
]
