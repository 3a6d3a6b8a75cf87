// One pass of keeping a local folder and a mount in step:
//  1. heartbeat (the answer says whether uploads and downloads are on for this device);
//  2. find the mount and check it is enabled;
//  3. walk the folder and hash what is new or changed (the state keeps size, time and hash per file, so an
//     unchanged file is not read again);
//  4. list the mount's files, a page at a time;
//  5. upload what is new or changed here: content first, then mountRegister at the path, so a file shows
//     in the mount only once another device can download it; the version names this device;
//  6. download what the mount has and the folder lacks, or what changed in the mount while the local copy
//     did not;
//  7. report the hashes this device holds, only what changed since the last report.
// The agent never deletes a file on either side: a file removed here comes back on the next pass (delete
// it in the console to remove it), and a file deleted in the mount is left here and not uploaded again.
// Two different contents at one path are a conflict: neither side is overwritten (the server refuses a new
// version whose caller did not see the current one, 409 different_file), and the pass says so.
//
// A refused call (the device, its app, the mount, the container or the volume disabled, or the device's
// upload or download switch turned off during the pass) stops the pass with SyncRefusedError after saving
// the state, so a later pass continues where this one stopped: stored parts are not sent again, hashed
// files are not read again, and reported holdings are not reported again.
//
// Each step is a module of agent/sync/: heartbeat.ts, mount.ts, local.ts (walk and hash), plan.ts (list the
// mount and decide), uploads.ts, downloads.ts and holdings.ts; pass.ts holds what they share and writes the
// state, report.ts what the pass tells.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { AgentClient } from './client.ts'
import type { StateStore } from './state.ts'
import { runDownloads } from './sync/downloads.ts'
import { startHeartbeats } from './sync/heartbeat.ts'
import { reportHoldings } from './sync/holdings.ts'
import { scanFolder } from './sync/local.ts'
import { openMount } from './sync/mount.ts'
import { runPass } from './sync/pass.ts'
import { planTransfers } from './sync/plan.ts'
import { summaryLine, type SyncEvent, type SyncReport } from './sync/report.ts'
import { runUploads } from './sync/uploads.ts'

// What a pass throws when refused, and what it tells and answers.
export { SyncRefusedError } from './refusals.ts'
export type { SyncEvent, SyncReport } from './sync/report.ts'

export interface SyncOptions {
  /** A client with the device's token. */
  client: AgentClient
  store: StateStore
  device_id: number
  /** The mount: its media_grant_id, or its container's name. */
  mount: string
  folder: string
  /** This agent's version, x.y.z, sent with heartbeats. */
  version: string
  quiet?: boolean
  /** Parts of one file sent at once (default PARALLEL_PARTS). */
  parallel_parts?: number
  print?: (line: string) => void
  signal?: AbortSignal
  onEvent?: (event: SyncEvent) => void
  now?: () => number
}

/** One pass: see the top of this file. Throws SyncRefusedError when the server refuses the device. */
export async function syncOnce(options: SyncOptions): Promise<SyncReport> {
  const { client, store, signal } = options
  const now = options.now ?? Date.now
  const print = options.print ?? ((line: string) => console.log(line))
  const say = (line: string) => {
    if (!options.quiet) print(line)
  }
  const onEvent = (event: SyncEvent) => options.onEvent?.(event)
  const folder = path.resolve(options.folder)
  const stat = await fs.stat(folder).catch(() => undefined)
  if (!stat?.isDirectory()) throw new Error(`${folder} is not a folder`)

  const deviceId = options.device_id
  const heartbeats = await startHeartbeats({
    client,
    store,
    deviceId,
    version: options.version,
    signal,
    now,
    onEvent,
  })
  const mount = await openMount(client, options.mount, signal)
  const parallelParts = options.parallel_parts
  const setup = {
    client,
    store,
    deviceId,
    signal,
    mount,
    folder,
    heartbeats,
    parallelParts,
    say,
    print,
    onEvent,
    now,
  }
  return runPass(setup, async (pass) => {
    say(
      `sync: mount ${mount.media_grant_id} "${mount.grant_name}" (volume "${mount.volume_name}", ${mount.prefix_path}) with ${folder}`,
    )
    const local = await scanFolder(pass)
    const { uploads, downloads } = await planTransfers(pass, local)
    await runUploads(pass, uploads)
    await runDownloads(pass, downloads)
    await reportHoldings(pass)
    say(summaryLine(pass.report))
  })
}
