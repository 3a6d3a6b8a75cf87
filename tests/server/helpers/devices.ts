// Devices for tests, made through the real calls: an app with its key, a device registered by a member
// through it (its token), and mounts added by the admin.
import { expect } from 'vitest'
import { endpoints } from '../../../server/contract/endpoints.ts'
import { callEndpoint } from './endpoint.ts'
import type { Suite } from './suite.ts'

export interface AppKey {
  appId: number
  secretKey: string
}

/** An app of the organization, with a key. */
export async function appWithKey(
  suite: Suite,
  admin: { key: string; orgId: number },
  name: string,
): Promise<AppKey> {
  const created = await callEndpoint(suite.url, endpoints.appCreate, {
    params: { org_id: admin.orgId },
    body: { app_name: name },
    key: admin.key,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const appId = created.body.app_id
  const key = await callEndpoint(suite.url, endpoints.appNewKey, {
    params: { org_id: admin.orgId, app_id: appId },
    key: admin.key,
  })
  expect(key.status, JSON.stringify(key.body)).toBe(200)
  return { appId, secretKey: key.body.secret_key }
}

export interface RegisteredDevice {
  deviceId: number
  token: string
}

/** A device the signed-in member registers through the app. */
export async function registerDevice(
  suite: Suite,
  member: { key: string },
  orgId: number,
  app: AppKey,
  deviceName: string,
): Promise<RegisteredDevice> {
  const answer = await callEndpoint(suite.url, endpoints.deviceRegister, {
    params: { org_id: orgId },
    body: { app_id: app.appId, secret_key: app.secretKey, device_name: deviceName },
    key: member.key,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { deviceId: answer.body.device_id, token: answer.body.device_token }
}

/** The admin mounts a container on the device. */
export async function addMount(
  suite: Suite,
  admin: { key: string; orgId: number },
  deviceId: number,
  grantId: number,
): Promise<void> {
  const answer = await callEndpoint(suite.url, endpoints.deviceGrantAdd, {
    params: { org_id: admin.orgId, device_id: deviceId },
    body: { media_grant_id: grantId },
    key: admin.key,
  })
  expect(answer, JSON.stringify(answer.body)).toEqual({ status: 200, body: {} })
}

/** The admin changes the device. */
export async function changeDevice(
  suite: Suite,
  admin: { key: string; orgId: number },
  deviceId: number,
  body: Record<string, number | string | boolean>,
): Promise<void> {
  const answer = await callEndpoint(suite.url, endpoints.deviceUpdate, {
    params: { org_id: admin.orgId, device_id: deviceId },
    body,
    key: admin.key,
  })
  expect(answer, JSON.stringify(answer.body)).toEqual({ status: 200, body: {} })
}
