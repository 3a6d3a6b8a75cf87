// Apps (specification 001, sections 2 and 7): the clients devices register through. The list, adding one
// by name, its detail with the devices registered through it, renaming, enabling and disabling, and a new
// secret key (shown once: the server keeps only its hash); with query options and mutation hooks.
import { queryOptions, useMutation } from '@tanstack/react-query'
import type { App, AppDevice, AppListItem, UpdateAppRequest } from '../../server/contract/app.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { call } from './client.ts'
import { useInvalidateOrg } from './invalidation.ts'

export type { App, AppDevice, AppListItem, UpdateAppRequest }

export async function listApps(orgId: number): Promise<AppListItem[]> {
  return (await call(endpoints.appList, { params: { org_id: orgId } }, { retry: true })).app_list
}

export async function createApp(orgId: number, app_name: string): Promise<number> {
  return (await call(endpoints.appCreate, { params: { org_id: orgId }, body: { app_name } })).app_id
}

export async function getApp(orgId: number, appId: number): Promise<App> {
  const params = { org_id: orgId, app_id: appId }
  return (await call(endpoints.appDetail, { params }, { retry: true })).app
}

export async function updateApp(orgId: number, appId: number, changes: UpdateAppRequest): Promise<void> {
  await call(endpoints.appUpdate, { params: { org_id: orgId, app_id: appId }, body: changes })
}

/** A new secret key, replacing any earlier one; the answer is the only time it is shown. */
export async function newAppKey(orgId: number, appId: number): Promise<string> {
  return (await call(endpoints.appNewKey, { params: { org_id: orgId, app_id: appId } })).secret_key
}

export const appQueries = {
  list: (orgId: number) => queryOptions({ queryKey: ['org', orgId, 'app'], queryFn: () => listApps(orgId) }),
  detail: (orgId: number, appId: number) =>
    queryOptions({ queryKey: ['org', orgId, 'app', appId], queryFn: () => getApp(orgId, appId) }),
}

// An app's name and state show in its list, its detail and the devices registered through it: each change
// below reads the organization's queries again (src/api/invalidation.ts).

export function useCreateApp(orgId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (app_name: string) => createApp(orgId, app_name),
    onSuccess: invalidate,
  })
}

export function useUpdateApp(orgId: number, appId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (changes: UpdateAppRequest) => updateApp(orgId, appId, changes),
    onSuccess: invalidate,
  })
}

export function useNewAppKey(orgId: number, appId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: () => newAppKey(orgId, appId),
    onSuccess: invalidate,
  })
}
