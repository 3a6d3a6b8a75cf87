// Network stores (specification 001, sections 2, 3 and 7): an organization's own S3-compatible buckets. The
// list in the order uploads try them (the service's own store last), adding one, its detail and edit (a
// blank secret keeps the stored one), Enable and Disable, and the reorder of Move Up and Move Down; with
// query options and mutation hooks.
import { queryOptions, useMutation } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  CreateNetworkStoreRequest,
  NetworkStore,
  NetworkStoreOrderRequest,
  UpdateNetworkStoreRequest,
} from '../../server/contract/networkStore.ts'
import { call } from './client.ts'
import { useInvalidateOrg } from './invalidation.ts'

export type { CreateNetworkStoreRequest, NetworkStore, UpdateNetworkStoreRequest }
export { DEFAULT_STORE_MAX_SIZE, MAX_ENDPOINT_ALIASES, SECRET_MASK } from '../../server/contract/limits.ts'

export async function listNetworkStores(orgId: number): Promise<NetworkStore[]> {
  return (await call(endpoints.networkStoreList, { params: { org_id: orgId } }, { retry: true }))
    .s3_bucket_list
}

export async function getNetworkStore(orgId: number, storeId: number): Promise<NetworkStore> {
  const params = { org_id: orgId, s3_bucket_id: storeId }
  return (await call(endpoints.networkStoreDetail, { params }, { retry: true })).s3_bucket
}

export const networkStoreQueries = {
  list: (orgId: number) =>
    queryOptions({ queryKey: ['org', orgId, 's3_bucket'], queryFn: () => listNetworkStores(orgId) }),
  detail: (orgId: number, storeId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 's3_bucket', storeId],
      queryFn: () => getNetworkStore(orgId, storeId),
    }),
}

// Each change below reads the organization's queries again (src/api/invalidation.ts).

export function useAddNetworkStore(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: async (body: CreateNetworkStoreRequest) =>
      (await call(endpoints.networkStoreAdd, { params: { org_id: orgId }, body })).s3_bucket_id,
    onSuccess: invalidate,
  })
}

export function useUpdateNetworkStore(orgId: number, storeId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (body: UpdateNetworkStoreRequest) =>
      call(endpoints.networkStoreUpdate, { params: { org_id: orgId, s3_bucket_id: storeId }, body }),
    onSuccess: invalidate,
  })
}

export function useNetworkStoreStatus(orgId: number, storeId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (isDisabled: boolean) =>
      call(endpoints.networkStoreStatus, {
        params: { org_id: orgId, s3_bucket_id: storeId },
        body: { is_disabled: isDisabled ? 1 : 0 },
      }),
    onSuccess: invalidate,
  })
}

export function useReorderNetworkStores(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (updateList: NetworkStoreOrderRequest['update_list']) =>
      call(endpoints.networkStoreOrder, {
        params: { org_id: orgId },
        body: { update_list: updateList },
      }),
    onSuccess: invalidate,
  })
}

/**
 * The priorities Move Up or Move Down sends: the store and its neighbour among the network stores swap
 * places (the service's own store, always last, never moves). Undefined when it cannot move that way.
 */
export function swapWithNeighbour(
  stores: readonly NetworkStore[],
  storeId: number,
  direction: -1 | 1,
): NetworkStoreOrderRequest['update_list'] | undefined {
  const movable = stores.filter((store) => store.is_default === 0)
  const index = movable.findIndex((store) => store.s3_bucket_id === storeId)
  const neighbour = movable[index + direction]
  const store = movable[index]
  if (!store || !neighbour) return undefined
  return [
    { s3_bucket_id: store.s3_bucket_id, priority: neighbour.priority },
    { s3_bucket_id: neighbour.s3_bucket_id, priority: store.priority },
  ]
}
