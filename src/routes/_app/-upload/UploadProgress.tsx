// The second view of the upload screen: the overall line (Running, 'Done - N Failed', Success) with the
// overall bar (bytes done of the total, speed, time left), each item with its bar and its status as the
// specification shows it (Waiting, the percent while uploading, Failed) and what went wrong, Retry while some failure is not fatal, otherwise Close, and the Automated Retry switch.
// An item restored without its file asks for the file again, or, when the browser kept the file's handle but
// wants the user's permission again, offers to allow access; either way the queue checks it is the same file.
import { useEffect, useRef, useState } from 'react'
import { useIsOnline } from '../../../app/OfflineStatus.tsx'
import { formatBytes } from '../../../lib/format.ts'
import { parentDirectory } from '../../../lib/filePaths.ts'
import type { UploadItem, UploadQueue } from '../../../transfers/uploadModel.ts'
import { uploadSummary } from '../../../transfers/uploadSelectors.ts'
import { uploadStatusText } from '../../../transfers/uploadText.ts'
import type { UploadCommand } from '../../../transfers/uploadRunner.ts'
import { askHandleAccess, hasHandleAccess } from '../../../transfers/handleAccess.ts'
import { openQueueStore } from '../../../transfers/queueStore.ts'
import { filesOfInput, hasFilePicker, pickFiles } from './pickers.ts'
import { Table } from '../../../ui/Table.tsx'
import { FileProgressBar, OverallProgress, useTransferRate } from '../../../app/TransferMeter.tsx'
import { uploadProgress } from '../../../transfers/transferProgress.ts'

interface Props {
  queue: UploadQueue
  send: (command: UploadCommand) => void
  onClose: () => void
}

/** What the Error column says: the fatal message, else the last failure of an item that failed. */
function errorText(item: UploadItem): string {
  if (item.fatal_err !== null) return item.fatal_err
  return item.status === 'error' || item.status === 'waiting_retry' ? (item.last_err ?? '') : ''
}

/**
 * The kept handles of the items waiting for their file that the browser wants the user's permission for
 * again, read once from the queue's database for all of them (any tab may show the items). An item whose
 * handle has access but still waits holds a file that changed on disk: only choosing again can help it.
 */
function useHandlesAskingAccess(queue: UploadQueue): ReadonlyMap<string, FileSystemFileHandle> {
  const [asking, setAsking] = useState<ReadonlyMap<string, FileSystemFileHandle>>(new Map())
  const waiting = queue.items
    .filter((item) => item.needs_file)
    .map((item) => item.id)
    .join(' ')
  useEffect(() => {
    let live = true
    const ids = waiting ? waiting.split(' ') : []
    void (async () => {
      const found = new Map<string, FileSystemFileHandle>()
      if (ids.length > 0) {
        const store = await openQueueStore()
        const { handles } = await store.loadUploads()
        store.close()
        for (const id of ids) {
          const handle = handles.get(id)
          if (handle && !(await hasHandleAccess(handle, 'read'))) found.set(id, handle)
        }
      }
      if (live) setAsking(found)
    })().catch(() => undefined)
    return () => {
      live = false
    }
  }, [waiting])
  return asking
}

function AllowAccess({ handle, send }: { handle: FileSystemFileHandle } & Pick<Props, 'send'>) {
  async function allow() {
    // One permission may cover several files (those of a picked folder): the queue looks at every item.
    if (await askHandleAccess(handle, 'read')) send({ type: 'access_granted' })
  }
  return (
    <button type="button" className="button link" onClick={() => void allow()}>
      Allow Access
    </button>
  )
}

function ChooseAgain({
  item,
  kept,
  send,
}: {
  item: UploadItem
  kept: FileSystemFileHandle | undefined
  send: Props['send']
}) {
  const input = useRef<HTMLInputElement>(null)
  async function choose() {
    if (!hasFilePicker()) return input.current?.click()
    const [picked] = await pickFiles()
    if (picked) send({ type: 'file_chosen', id: item.id, file: picked.file, handle: picked.handle })
  }
  return (
    <>
      {kept ? <AllowAccess handle={kept} send={send} /> : null}
      <button type="button" className="button link" onClick={() => void choose()}>
        Choose File Again
      </button>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={`Choose ${item.name} again`}
        onChange={(event) => {
          const [picked] = filesOfInput(event.currentTarget)
          if (picked) send({ type: 'file_chosen', id: item.id, file: picked.file, handle: null })
          event.currentTarget.value = ''
        }}
      />
    </>
  )
}

export function UploadProgress({ queue, send, onClose }: Props) {
  const summary = uploadSummary(queue)
  const progress = uploadProgress(queue)
  const fileProgress = new Map(progress.files.map((file) => [file.id, file]))
  const speed = useTransferRate('uploads', progress.bytes_done, summary.running > 0)
  const askingAccess = useHandlesAskingAccess(queue)
  const online = useIsOnline()
  return (
    <>
      <p className="upload-summary" role="status" aria-label="Upload summary">
        {summary.text}
      </p>
      <OverallProgress label="Uploads" progress={progress} speed={speed} />
      {/* Offline, every call of an upload fails: say why nothing moves, rather than let tries run out unexplained. */}
      <p className="upload-network" role="status" aria-live="polite">
        {!online && summary.running > 0
          ? 'Waiting for the network: the uploads go on when it is back.'
          : null}
      </p>
      <div className="toolbar-actions" role="toolbar" aria-label="Upload actions">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={queue.auto_retry}
            onChange={(event) => send({ type: 'set_auto_retry', on: event.currentTarget.checked })}
          />
          Automated Retry
        </label>
        {summary.show_retry ? (
          <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
            Retry
          </button>
        ) : summary.running === 0 ? (
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        ) : null}
      </div>
      <Table
        label="Uploads"
        columns={[
          { key: 'name', header: 'Name', render: (item) => item.name },
          { key: 'folder', header: 'Folder', render: (item) => parentDirectory(item.media_path) },
          { key: 'size', header: 'Size', render: (item) => formatBytes(item.file_size) },
          {
            key: 'status',
            header: 'Status',
            render: (item) => {
              const file = fileProgress.get(item.id)
              if (item.needs_file)
                return <ChooseAgain item={item} kept={askingAccess.get(item.id)} send={send} />
              // The bar has no text of its own: the cell still reads the status as the specification words it.
              return file ? (
                <FileProgressBar file={file}>{uploadStatusText(item)}</FileProgressBar>
              ) : (
                uploadStatusText(item)
              )
            },
          },
          {
            key: 'error',
            header: 'Error',
            render: (item) =>
              item.status === 'error' ? (
                <span className="transfer-error">{errorText(item)}</span>
              ) : (
                errorText(item)
              ),
          },
          {
            key: 'remove',
            header: 'Remove',
            hideHeader: true,
            className: 'row-actions',
            render: (item) => (
              <button
                type="button"
                className="button link"
                aria-label={`Remove ${item.media_path}`}
                onClick={() => send({ type: 'remove', id: item.id })}
              >
                Remove
              </button>
            ),
          },
        ]}
        rows={queue.items}
        rowKey={(item) => item.id}
        rowData={(item) => ({ 'data-status': item.status })}
      />
    </>
  )
}
