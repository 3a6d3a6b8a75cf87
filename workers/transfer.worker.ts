// The transfer worker: hashes parts, sends slices to signed storage URLs and writes downloads, so file
// bytes go between the disk and the store without passing the UI thread. Cancelling is terminating the
// worker (src/transfers/pool.ts), except for sends: a send worker carries many at once, so one send is
// stopped by abortSend, called in order after its putPart, without touching the others.
import { expose } from 'comlink'
import { combineDigests } from './sha256.ts'
import {
  copyPlaced,
  downloadRangesToStaging,
  downloadState,
  downloadToStaging,
  placeDownload,
  sweepStaging,
  verifyStaged,
  type DownloadState,
  type StagedRangeJob,
  type StagedRangeReport,
  type DownloadTarget,
  type FolderLike,
  type StagingScope,
} from './downloadFiles.ts'
import {
  hashParts,
  sendSlice,
  type DownloadResult,
  type PartDigests,
  type PartRange,
  type SignedRequest,
  type TransferResult,
} from './transferCore.ts'

/** Where a download goes: the directory the user chose and the path ('a/b.bin') under it. */
export interface DownloadPlace {
  dir: FileSystemDirectoryHandle
  path: string
}

const targetOf = (place: DownloadPlace) => place as unknown as DownloadTarget

/** The origin's private file system, where downloads are written before they go into the folder. */
const privateRoot = async () => (await navigator.storage.getDirectory()) as unknown as FolderLike

/** The sends in flight in this worker, by the id their caller gave them. */
const sending = new Map<string, AbortController>()

const api = {
  hashParts(file: Blob, parts: PartRange[], onProgress?: (hashedBytes: number) => void): Promise<string[]> {
    return hashParts(file, parts, onProgress)
  },

  combinedHash(partDigestsHex: string[]): Promise<string> {
    return combineDigests(partDigestsHex)
  },

  /**
   * Sends a slice; sendId names it for abortSend. A worker carries many sends at once: each call returns
   * while its request is in flight, so the next one starts meanwhile.
   */
  async putPart(
    file: Blob,
    offset: number,
    size: number,
    signed: SignedRequest,
    timeoutMs: number,
    onProgress?: (sentBytes: number) => void,
    sendId?: string,
  ): Promise<TransferResult> {
    const controller = new AbortController()
    if (sendId !== undefined) sending.set(sendId, controller)
    try {
      // XMLHttpRequest is available in dedicated workers and, unlike fetch, reports upload progress.
      const createXhr = () => new XMLHttpRequest()
      const range = { offset, size }
      return await sendSlice(createXhr, file, range, signed, timeoutMs, onProgress, controller.signal)
    } finally {
      if (sendId !== undefined) sending.delete(sendId)
    }
  },

  /** Aborts a send in flight (its item was removed); its putPart answers { kind: 'aborted' }. */
  abortSend(sendId: string): void {
    sending.get(sendId)?.abort()
  },

  /** What is on disk for a download: its file whole in the folder (skip it), and its bytes staged so far. */
  async downloadState(place: DownloadPlace, key: string, fileSize: number): Promise<DownloadState> {
    return downloadState(await privateRoot(), targetOf(place), key, fileSize)
  },

  /** Fetches a download into its staging file (workers/downloadFiles.ts), from fromByte on. */
  async download(
    url: string,
    key: string,
    fromByte: number,
    timeoutMs: number,
    onStart?: (fromByte: number) => void,
    onProgress?: (bytesReceived: number) => void,
  ): Promise<DownloadResult> {
    const callbacks = { onStart, onProgress }
    return downloadToStaging(fetch, await privateRoot(), key, url, fromByte, timeoutMs, callbacks)
  },

  /**
   * Fetches ranges of a large download into its staging file, `lanes` at once: the caller hands each lane
   * its next range (null: stop) and hears of each one's progress and end (workers/downloadFiles.ts).
   */
  async downloadRanges(
    key: string,
    fileSize: number,
    lanes: number,
    timeoutMs: number,
    next: () => Promise<StagedRangeJob | null>,
    report: (report: StagedRangeReport) => void,
  ): Promise<PartDigests> {
    return downloadRangesToStaging(fetch, await privateRoot(), key, fileSize, lanes, timeoutMs, next, report)
  },

  /**
   * Whether a staged download hashes to its file's hash; one that does not is dropped. knownPartDigests:
   * what downloadRanges answered in the same try, so only the parts without a digest are hashed.
   */
  async verifyDownload(
    key: string,
    fileSize: number,
    fileHash: string,
    knownPartDigests?: PartDigests,
  ): Promise<boolean> {
    return verifyStaged(await privateRoot(), key, fileSize, fileHash, undefined, knownPartDigests)
  },

  /** Puts a whole staged download into its folder. */
  async placeDownload(key: string, place: DownloadPlace): Promise<void> {
    await placeDownload(await privateRoot(), key, targetOf(place))
  },

  async copy(
    from: DownloadPlace,
    to: DownloadPlace,
    onProgress?: (bytesCopied: number) => void,
  ): Promise<void> {
    await copyPlaced(targetOf(from), targetOf(to), onProgress)
  },

  /** Drops the staged bytes of the scope's downloads but those kept (the unfinished items of its queue). */
  async sweepDownloads(keep: string[], scope: StagingScope = 'console'): Promise<void> {
    await sweepStaging(await privateRoot(), keep, scope)
  },
}

export type TransferApi = typeof api

expose(api)
