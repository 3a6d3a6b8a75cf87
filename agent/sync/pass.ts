// What the phases of a pass share: the mount, its state (locked for the pass, written as work goes on and
// always at the end, with how the pass ended), the report, the lines it prints, and the rules every phase
// follows: a refusal, a stop or a server that does not answer ends the pass; another failure is the file's.
import type { DeviceMount } from '../../server/contract/device.ts'
import { AgentApiError, type AgentClient } from '../client.ts'
import { refusalOf } from '../refusals.ts'
import { mountStateFor, type MountState, type StateStore, type SyncSummary } from '../state.ts'
import type { Heartbeats } from './heartbeat.ts'
import { describeError, emptyReport, formatBytes, type SyncEvent, type SyncReport } from './report.ts'

/** The state is written at most this often while work goes on, and always at the end of a pass. */
export const STATE_SAVE_INTERVAL_MS = 2_000

export interface SyncPass {
  client: AgentClient
  signal: AbortSignal | undefined
  mount: DeviceMount
  /** The local folder, resolved. */
  folder: string
  state: MountState
  report: SyncReport
  heartbeats: Heartbeats
  /** Parts of one file sent at once, when the caller chose. */
  parallelParts: number | undefined
  /** A line of progress (not shown when quiet). */
  say: (line: string) => void
  /** A line always shown: a conflict, a failure, a switch turned off. */
  print: (line: string) => void
  onEvent: (event: SyncEvent) => void
  /** Writes the state: at once when forced, else when STATE_SAVE_INTERVAL_MS has passed since the last time. */
  save: (force?: boolean) => void
}

export interface PassSetup extends Omit<SyncPass, 'state' | 'report' | 'save'> {
  store: StateStore
  deviceId: number
  now: () => number
}

/**
 * Runs a pass's phases on the mount's state, locked for the pass. Whatever happens, the state is written at
 * the end with how the pass ended (done, refused, interrupted or failed), so the next pass continues here.
 */
export async function runPass(
  setup: PassSetup,
  phases: (pass: SyncPass) => Promise<void>,
): Promise<SyncReport> {
  const { client, store, signal, mount, folder, now } = setup
  const report = emptyReport(mount, folder)
  const release = store.lockMount(mount.media_grant_id)
  let state: MountState
  try {
    state = mountStateFor(store.readMount(mount.media_grant_id), {
      media_grant_id: mount.media_grant_id,
      grant_name: mount.grant_name,
      server: client.server,
      device_id: setup.deviceId,
      folder,
    })
  } catch (error) {
    release()
    throw error
  }
  let lastSave = now()
  const pass: SyncPass = {
    ...setup,
    state,
    report,
    save(force = false) {
      if (!force && now() - lastSave < STATE_SAVE_INTERVAL_MS) return
      store.writeMount(pass.state)
      lastSave = now()
    },
  }
  let outcome: SyncSummary['result'] = 'failed'
  let outcomeMessage: string | undefined
  try {
    await phases(pass)
    outcome = 'done'
    return report
  } catch (error) {
    const refusal = refusalOf(error)
    if (refusal) {
      outcome = 'refused'
      outcomeMessage = refusal.message
      throw refusal
    }
    if (signal?.aborted) {
      outcome = 'interrupted'
      throw error
    }
    outcomeMessage = describeError(error)
    throw error
  } finally {
    pass.state.last_sync = {
      at: new Date(now()).toISOString(),
      result: outcome,
      ...(outcomeMessage ? { message: outcomeMessage } : {}),
      uploaded: report.uploaded,
      downloaded: report.downloaded,
      failed: report.failures.length,
    }
    try {
      pass.save(true)
    } finally {
      release()
    }
  }
}

/** A refusal, a stop or a server that does not answer ends the pass; another failure is the file's. */
export function failOrThrow(pass: SyncPass, filePath: string, error: unknown): void {
  const refusal = refusalOf(error)
  if (refusal) throw refusal
  if (pass.signal?.aborted) throw error
  if (error instanceof AgentApiError && error.retryable) throw error
  const text =
    error instanceof AgentApiError && error.code === 'different_file'
      ? 'Different file already exists in the volume.'
      : describeError(error)
  pass.report.failures.push({ path: filePath, error: text })
  pass.print(`failed: ${filePath}: ${text}`)
}

/** How far a phase's transfers have come, in files and bytes. */
export interface TransferProgress {
  files: number
  totalFiles: number
  bytes: number
  totalBytes: number
}

/** Counts a transfer done and says how far the phase has come: '3/10 files, 1.5 MiB of 20.0 MiB'. */
export function countDone(progress: TransferProgress, bytes: number): string {
  progress.files++
  progress.bytes += bytes
  return `${progress.files}/${progress.totalFiles} files, ${formatBytes(progress.bytes)} of ${formatBytes(progress.totalBytes)}`
}

/**
 * Runs a phase's transfers one after the other, each numbered ('2/5'), with a heartbeat between two when one
 * is due, so a long phase keeps the device seen and learns of a switch turned off.
 */
export async function runTransfers<T>(
  pass: SyncPass,
  transfers: readonly T[],
  sizeOf: (transfer: T) => number,
  run: (transfer: T, counter: string, progress: TransferProgress) => Promise<void>,
): Promise<void> {
  const progress: TransferProgress = {
    files: 0,
    totalFiles: transfers.length,
    bytes: 0,
    totalBytes: transfers.reduce((sum, transfer) => sum + sizeOf(transfer), 0),
  }
  let index = 0
  for (const transfer of transfers) {
    index++
    pass.signal?.throwIfAborted()
    await pass.heartbeats.beatIfDue()
    await run(transfer, `${index}/${transfers.length}`, progress)
  }
}
