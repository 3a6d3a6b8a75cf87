// Apps (specification 001, sections 2 and 7): the clients devices register through. The list, adding one
// by name, its detail with the devices registered through it, renaming, enabling and disabling, and a new
// secret key (shown once: the server keeps only its hash); with query options and mutation hooks.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { App, AppDevice, AppListItem, UpdateAppRequest } from '../../server/contract/app.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { useApi } from '../app/session.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export type { App, AppDevice, AppListItem, UpdateAppRequest }

export async function listApps(api: Transport, orgId: number): Promise<AppListItem[]> {
  return (await callEndpoint(api, endpoints.appList, { params: { org_id: orgId } }, { retry: true })).app_list
}

export async function createApp(api: Transport, orgId: number, app_name: string): Promise<number> {
  return (await callEndpoint(api, endpoints.appCreate, { params: { org_id: orgId }, body: { app_name } }))
    .app_id
}

export async function getApp(api: Transport, orgId: number, appId: number): Promise<App> {
  const params = { org_id: orgId, app_id: appId }
  return (await callEndpoint(api, endpoints.appDetail, { params }, { retry: true })).app
}

export async function updateApp(
  api: Transport,
  orgId: number,
  appId: number,
  changes: UpdateAppRequest,
): Promise<void> {
  await callEndpoint(api, endpoints.appUpdate, { params: { org_id: orgId, app_id: appId }, body: changes })
}

/** A new secret key, replacing any earlier one; the answer is the only time it is shown. */
export async function newAppKey(api: Transport, orgId: number, appId: number): Promise<string> {
  return (await callEndpoint(api, endpoints.appNewKey, { params: { org_id: orgId, app_id: appId } }))
    .secret_key
}

export const appQueries = {
  list: (api: Transport, orgId: number) =>
    queryOptions({ queryKey: ['org', orgId, 'app'], queryFn: () => listApps(api, orgId) }),
  detail: (api: Transport, orgId: number, appId: number) =>
    queryOptions({ queryKey: ['org', orgId, 'app', appId], queryFn: () => getApp(api, orgId, appId) }),
}

/** An app's name and state show in its list, its detail and the devices registered through it. */
function useInvalidateOrg(orgId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['org', orgId] })
}

export function useCreateApp(orgId: number) {
  const api = useApi()
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (app_name: string) => createApp(api, orgId, app_name),
    onSuccess: invalidate,
  })
}

export function useUpdateApp(orgId: number, appId: number) {
  const api = useApi()
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (changes: UpdateAppRequest) => updateApp(api, orgId, appId, changes),
    onSuccess: invalidate,
  })
}

export function useNewAppKey(orgId: number, appId: number) {
  const api = useApi()
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: () => newAppKey(api, orgId, appId),
    onSuccess: invalidate,
  })
}
