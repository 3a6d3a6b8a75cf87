// The transfer worker: hashes parts, sends slices to signed storage URLs and writes downloads, so file
// bytes go between the disk and the store without passing the UI thread. Cancelling is terminating the
// worker (src/transfers/pool.ts), so no call here takes a signal.
import { expose } from 'comlink'
import { combineDigests } from './sha256.ts'
import {
  checkpointedWritable,
  copyBlob,
  downloadTo,
  hashParts,
  sendSlice,
  type DownloadResult,
  type PartRange,
  type SignedRequest,
  type TransferResult,
} from './transferCore.ts'

function writableOf(handle: FileSystemFileHandle) {
  // keepExistingData: a resumed download appends to what the last try wrote.
  return handle.createWritable({ keepExistingData: true })
}

const api = {
  hashParts(file: Blob, parts: PartRange[], onProgress?: (hashedBytes: number) => void): Promise<string[]> {
    return hashParts(file, parts, onProgress)
  },

  combinedHash(partDigestsHex: string[]): Promise<string> {
    return combineDigests(partDigestsHex)
  },

  putPart(
    file: Blob,
    offset: number,
    size: number,
    signed: SignedRequest,
    timeoutMs: number,
    onProgress?: (sentBytes: number) => void,
  ): Promise<TransferResult> {
    // XMLHttpRequest is available in dedicated workers and, unlike fetch, reports upload progress.
    return sendSlice(() => new XMLHttpRequest(), file, { offset, size }, signed, timeoutMs, onProgress)
  },

  async download(
    url: string,
    handle: FileSystemFileHandle,
    fromByte: number,
    timeoutMs: number,
    onStart?: (fromByte: number) => void,
    onProgress?: (bytesReceived: number) => void,
  ): Promise<DownloadResult> {
    const writable = checkpointedWritable(() => writableOf(handle), await writableOf(handle))
    return downloadTo(fetch, url, writable, fromByte, timeoutMs, { onStart, onProgress })
  },

  /** The size of what is on disk at handle: a file already there whole is skipped, a part is resumed. */
  async sizeOnDisk(handle: FileSystemFileHandle): Promise<number> {
    return (await handle.getFile()).size
  },

  async copy(
    from: FileSystemFileHandle,
    to: FileSystemFileHandle,
    onProgress?: (bytesCopied: number) => void,
  ): Promise<void> {
    await copyBlob(await from.getFile(), await writableOf(to), onProgress)
  },
}

export type TransferApi = typeof api

expose(api)
