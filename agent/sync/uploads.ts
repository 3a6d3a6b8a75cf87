// Uploading what is new or changed here: content first, then mountRegister at the path, so a file shows in
// the mount only once another device can download it; the version names this device. Nothing is sent while
// the device's upload switch is off.
import { endpoints } from '../../server/contract/endpointSchemas.ts'
import { isMultipart } from '../../server/contract/parts.ts'
import { FileChangedError, hashFile } from '../hashing.ts'
import { REFUSAL_TEXT } from '../refusals.ts'
import type { FileEntry } from '../state.ts'
import { uploadContent } from '../upload.ts'
import { countDone, failOrThrow, runTransfers, type SyncPass, type TransferProgress } from './pass.ts'
import type { UploadPlan } from './plan.ts'
import { formatBytes } from './report.ts'

export async function runUploads(pass: SyncPass, uploads: readonly UploadPlan[]): Promise<void> {
  if (uploads.length && pass.heartbeats.device.is_upload_disabled) {
    pass.report.upload_off = uploads.length
    pass.print(`upload: ${uploads.length} files not uploaded: ${REFUSAL_TEXT.upload_not_allowed}`)
    return
  }
  await runTransfers(
    pass,
    uploads,
    (plan) => plan.file.size,
    (plan, counter, progress) => uploadOne(pass, plan, counter, progress),
  )
}

async function uploadOne(pass: SyncPass, plan: UploadPlan, counter: string, progress: TransferProgress) {
  const { client, signal, state, report, say } = pass
  const mediaGrantId = pass.mount.media_grant_id
  const { file } = plan
  const entry = state.files[file.path] as FileEntry
  say(`upload ${counter}: ${file.path} (${formatBytes(file.size)})`)
  try {
    // The part hashes are dropped once a file is in step; sending its content again needs them back.
    if (isMultipart(file.size) && !entry.part_hashes) {
      const again = await hashFile(file.abs, file.size, { ...(signal ? { signal } : {}) })
      if (again.file_hash !== entry.hash) throw new FileChangedError('changed since it was read')
      entry.part_hashes = again.part_hashes ?? undefined
    }
    const sent = await uploadContent(
      client,
      mediaGrantId,
      { abs: file.abs, size: file.size, file_hash: entry.hash, part_hashes: entry.part_hashes ?? null },
      {
        ...(signal ? { signal } : {}),
        ...(pass.parallelParts ? { parallelParts: pass.parallelParts } : {}),
        onEvent: (event) => {
          if (event.type === 'plan' && event.parts > 1) {
            say(`  ${event.parts} parts${event.stored ? `, ${event.stored} stored already (resumed)` : ''}`)
          } else if (event.type === 'part_sent') {
            if (event.part_size < file.size)
              say(`  part ${event.part_num} sent (${formatBytes(event.part_size)})`)
            pass.onEvent({ type: 'part_sent', path: file.path, part_num: event.part_num })
          }
        },
      },
    )
    report.parts_sent += sent.parts_sent
    report.parts_skipped += sent.parts_skipped
    if (sent.already_stored) report.already_stored++
    if (plan.register) {
      await client.call(
        endpoints.mountRegister,
        {
          params: { media_grant_id: mediaGrantId },
          body: {
            media_path: `/${file.path}`,
            file_size: file.size,
            file_hash: entry.hash,
            mtime: file.mtime_ms,
            ...(plan.previous_hash ? { previous_hash: plan.previous_hash } : {}),
          },
        },
        { ...(signal ? { signal } : {}) },
      )
    }
    // In step with the mount now; the part hashes were only needed to send the parts.
    state.files[file.path] = {
      size: entry.size,
      mtime_ms: entry.mtime_ms,
      hash: entry.hash,
      synced_hash: entry.hash,
    }
    report.uploaded++
    report.uploaded_bytes += sent.bytes_sent
    const sentText = sent.already_stored
      ? 'content already stored: nothing sent'
      : `${formatBytes(sent.bytes_sent)} sent`
    say(`  done, ${sentText} (${countDone(progress, file.size)})`)
    pass.onEvent({ type: 'uploaded', path: file.path, size: file.size })
  } catch (error) {
    failOrThrow(pass, file.path, error)
  }
  pass.save(file.size > 64 * 1024 * 1024)
}
