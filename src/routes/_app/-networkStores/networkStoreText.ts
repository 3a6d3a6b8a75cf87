// How a network store's state and health read (specification 001, section 4: Enabled or Disabled).
import type { NetworkStore } from '../../../api/networkStores.ts'

export function networkStoreStatusText(store: Pick<NetworkStore, 'is_disabled' | 'is_default'>): string {
  if (store.is_default === 1) return 'Default'
  return store.is_disabled ? 'Disabled' : 'Enabled'
}

/** Failed calls per call the server made to the store, as a percentage. */
export function errorRateText(store: Pick<NetworkStore, 'error_count' | 'request_count'>): string {
  if (store.request_count === 0) return 'No requests yet'
  const rate = (100 * store.error_count) / store.request_count
  return `${rate.toFixed(rate < 10 ? 1 : 0)}% (${store.error_count} of ${store.request_count})`
}

export function probeText(store: Pick<NetworkStore, 'last_probe_ok' | 'last_probe_at'>): string {
  if (store.last_probe_at === null) return 'Never'
  return store.last_probe_ok ? 'Answered' : 'Failed'
}
