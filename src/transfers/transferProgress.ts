// Selectors for the progress bars of both queues (the transfer panel, the upload and download screens): the
// bytes done of each file and of the whole queue, and which files to show first. Pure functions of the
// queues; the queues themselves are unchanged by them.
import {
  downloadStatusText,
  downloadSummary,
  isActiveDownload,
  type DownloadItem,
  type DownloadQueue,
} from './downloadModel.ts'
import { isActiveUpload, type UploadItem, type UploadQueue } from './uploadModel.ts'
import { uploadSummary } from './uploadSelectors.ts'
import { uploadStatusText } from './uploadText.ts'
import type { TransferSummary } from './summary.ts'

/** Where a file stands, for the order the panel shows files in and the colour of its bar. */
export type FileState = 'active' | 'failed' | 'waiting' | 'done'

export interface FileProgress {
  id: string
  name: string
  size: number
  done_bytes: number
  /** 0-100, whole. */
  percent: number
  /** The status as the screens write it (Waiting, 42%, Done, Failed…). */
  status_text: string
  state: FileState
}

export interface TransferProgress {
  bytes_done: number
  bytes_total: number
  /** 0-100, whole; 100 for a queue of empty files. */
  percent: number
  files: FileProgress[]
  summary: TransferSummary
}

export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100
}

/** Bytes of an upload the store holds or is receiving: parts stored, and what is sent of the others. */
export function uploadedBytes(item: UploadItem): number {
  // A skipped file (its content is in the cloud already) is done without sending its parts.
  if (item.status === 'done') return item.file_size
  const sent = item.parts.reduce((sum, part) => sum + (part.done ? part.part_size : part.sent_bytes), 0)
  return Math.min(item.file_size, sent)
}

export function downloadedBytes(item: DownloadItem): number {
  return item.status === 'done' ? item.file_size : Math.min(item.file_size, item.bytes_received)
}

function uploadState(item: UploadItem): FileState {
  if (isActiveUpload(item)) return 'active'
  if (item.status === 'error') return 'failed'
  return item.status === 'done' ? 'done' : 'waiting'
}

function downloadState(item: DownloadItem): FileState {
  if (isActiveDownload(item)) return 'active'
  if (item.status === 'error') return 'failed'
  return item.status === 'done' ? 'done' : 'waiting'
}

function totals(files: FileProgress[], summary: TransferSummary): TransferProgress {
  const bytes_done = files.reduce((sum, file) => sum + file.done_bytes, 0)
  const bytes_total = files.reduce((sum, file) => sum + file.size, 0)
  return { bytes_done, bytes_total, percent: percentOf(bytes_done, bytes_total), files, summary }
}

export function uploadProgress(queue: UploadQueue): TransferProgress {
  const files = queue.items.map((item): FileProgress => {
    const done_bytes = uploadedBytes(item)
    return {
      id: item.id,
      name: item.name,
      size: item.file_size,
      done_bytes,
      percent: percentOf(done_bytes, item.file_size),
      status_text: uploadStatusText(item),
      state: uploadState(item),
    }
  })
  return totals(files, uploadSummary(queue))
}

export function downloadProgress(queue: DownloadQueue): TransferProgress {
  const files = queue.items.map((item): FileProgress => {
    const done_bytes = downloadedBytes(item)
    return {
      id: item.id,
      name: item.path,
      size: item.file_size,
      done_bytes,
      percent: percentOf(done_bytes, item.file_size),
      status_text: downloadStatusText(item),
      state: downloadState(item),
    }
  })
  return totals(files, downloadSummary(queue))
}

const SHOW_ORDER: Record<FileState, number> = { active: 0, failed: 1, waiting: 2, done: 3 }

/** The few files worth a bar of their own (those moving, then failures, waiting, done), and how many more. */
export function filesToShow(
  files: readonly FileProgress[],
  limit: number,
): { shown: FileProgress[]; more: number } {
  // Array.prototype.sort is stable: within a state the queue's order stays.
  const ordered = [...files].sort((a, b) => SHOW_ORDER[a.state] - SHOW_ORDER[b.state])
  return { shown: ordered.slice(0, limit), more: Math.max(0, files.length - limit) }
}
