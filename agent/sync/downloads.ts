// Downloading what the mount has and the folder lacks, or what changed in the mount while the local copy
// did not. Nothing is fetched while the device's download switch is off.
import path from 'node:path'
import { downloadFile } from '../download.ts'
import { REFUSAL_TEXT } from '../refusals.ts'
import { countDone, failOrThrow, runTransfers, type SyncPass, type TransferProgress } from './pass.ts'
import type { DownloadPlan } from './plan.ts'
import { formatBytes } from './report.ts'

/** A large download prints a line each time this much more arrived. */
export const PROGRESS_STEP_BYTES = 256 * 1024 * 1024

export async function runDownloads(pass: SyncPass, downloads: readonly DownloadPlan[]): Promise<void> {
  if (downloads.length && pass.heartbeats.device.is_download_disabled) {
    pass.report.download_off = downloads.length
    pass.print(`download: ${downloads.length} files not downloaded: ${REFUSAL_TEXT.download_not_allowed}`)
    return
  }
  await runTransfers(
    pass,
    downloads,
    (plan) => plan.remote.file_size,
    (plan, counter, progress) => downloadOne(pass, plan, counter, progress),
  )
}

async function downloadOne(pass: SyncPass, plan: DownloadPlan, counter: string, progress: TransferProgress) {
  const { folder, signal, state, report, say } = pass
  const { remote, local } = plan
  say(`download ${counter}: ${remote.path} (${formatBytes(remote.file_size)})`)
  let shown = 0
  try {
    const done = await downloadFile(pass.client, pass.mount.media_grant_id, folder, remote, {
      ...(signal ? { signal } : {}),
      // A line every PROGRESS_STEP_BYTES of a large file, so a long download shows it moves.
      onBytes: (received) => {
        if (received - shown < PROGRESS_STEP_BYTES || received === remote.file_size) return
        shown = received
        say(`  ${formatBytes(received)} of ${formatBytes(remote.file_size)} received`)
      },
      // Replacing a copy: only the copy as it was hashed (under its own spelling), never a change made
      // during the download.
      replacing: local ? { abs: local.abs, size: local.size, mtime_ms: local.mtime_ms } : null,
    })
    const rel = path.relative(folder, done.abs).split(path.sep).join('/')
    // A replaced copy keeps its own spelling (done.abs is its path), so its entry is the one written.
    state.files[rel] = { size: done.size, mtime_ms: done.mtime_ms, hash: done.hash, synced_hash: done.hash }
    report.downloaded++
    report.downloaded_bytes += done.size
    say(`  done (${countDone(progress, done.size)})`)
    pass.onEvent({ type: 'downloaded', path: rel, size: done.size })
  } catch (error) {
    failOrThrow(pass, remote.path, error)
  }
  pass.save()
}
