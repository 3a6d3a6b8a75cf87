// Heartbeats: one as the pass starts, then another whenever the interval the server asks for has passed
// between two transfers. Each answer carries the device's switches, so uploads or downloads turned off
// during a pass are seen before the next phase starts.
import type { DeviceSelf } from '../../server/contract/device.ts'
import { endpoints } from '../../server/contract/endpointSchemas.ts'
import { AgentApiError, type AgentClient } from '../client.ts'
import { refusalOf } from '../refusals.ts'
import type { StateStore } from '../state.ts'
import type { SyncEvent } from './report.ts'

/** Sends a heartbeat and keeps its answer (or its refusal) in the state. */
export async function heartbeat(
  client: AgentClient,
  store: StateStore,
  deviceId: number,
  version: string,
  signal?: AbortSignal,
): Promise<DeviceSelf> {
  const at = new Date().toISOString()
  try {
    const answer = await client.call(
      endpoints.deviceHeartbeat,
      { body: { version } },
      { ...(signal ? { signal } : {}) },
    )
    store.writeHeartbeat({ at, server: client.server, device_id: deviceId, version, device: answer.device })
    return answer.device
  } catch (error) {
    if (error instanceof AgentApiError) {
      store.writeHeartbeat({ at, server: client.server, device_id: deviceId, version, error: error.code })
    }
    throw refusalOf(error) ?? error
  }
}

export interface Heartbeats {
  /** The device as the last heartbeat answered: its switches and the interval between heartbeats. */
  readonly device: DeviceSelf
  /** Sends a heartbeat when the interval has passed since the last one. */
  beatIfDue(): Promise<void>
}

export interface HeartbeatOptions {
  client: AgentClient
  store: StateStore
  deviceId: number
  version: string
  signal: AbortSignal | undefined
  now: () => number
  onEvent: (event: SyncEvent) => void
}

/** Sends the pass's first heartbeat; the answer keeps the next ones due. */
export async function startHeartbeats(options: HeartbeatOptions): Promise<Heartbeats> {
  const { client, store, deviceId, version, signal, now, onEvent } = options
  let device = await heartbeat(client, store, deviceId, version, signal)
  onEvent({ type: 'heartbeat', device })
  let lastBeat = now()
  return {
    get device() {
      return device
    },
    async beatIfDue() {
      if (now() - lastBeat < device.heartbeat_seconds * 1000) return
      device = await heartbeat(client, store, deviceId, version, signal)
      lastBeat = now()
      onEvent({ type: 'heartbeat', device })
    },
  }
}
