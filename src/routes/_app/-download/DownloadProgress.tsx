// The download under way (specification 000, sections 2 and 4): the summary (Succeeded, Skipped, Failed and
// the overall line), the overall bar (bytes done of the total, speed, time left) and each file's Name,
// Size, Status (with its bar) and Error, with Retry while some failure may pass on
// another try, and Close.
import { useRouter } from '@tanstack/react-router'
import { navigateRemembering } from '../../../app/navigation.ts'
import { areaHref } from '../../../lib/filePaths.ts'
import { formatBytes } from '../../../lib/format.ts'
import { downloadStatusText, downloadSummary, type DownloadQueue } from '../../../transfers/downloadModel.ts'
import { downloadManager } from '../../../transfers/downloads.ts'
import { TRANSFERS_DB_NAME } from '../../../transfers/queueDatabases.ts'
import { AllowDirectoryAccess } from '../../../app/AllowDirectoryAccess.tsx'
import type { OpenGrant } from '../-files/openGrant.ts'
import { Table } from '../../../ui/Table.tsx'
import {
  DownloadCounts,
  FileProgressBar,
  OverallProgress,
  useTransferRate,
} from '../../../app/TransferMeter.tsx'
import { downloadProgress } from '../../../transfers/transferProgress.ts'

interface Props {
  queue: DownloadQueue
  directory: string
  openGrant: OpenGrant
}

export function DownloadProgress({ queue, directory, openGrant }: Props) {
  const router = useRouter()
  const summary = downloadSummary(queue)
  const progress = downloadProgress(queue)
  const fileProgress = new Map(progress.files.map((file) => [file.id, file]))
  const speed = useTransferRate('downloads', progress.bytes_done, summary.running > 0)
  const manager = downloadManager()

  function close() {
    manager.send({ type: 'close' })
    navigateRemembering(router, areaHref('home', openGrant.grant.grant_name, directory))
  }

  return (
    <section className="panel" aria-labelledby="download-progress-heading">
      <h1 id="download-progress-heading">Download</h1>
      <DownloadCounts summary={summary}>
        <div>
          <dt>Status</dt>
          {/* The live region sits inside the dd: a role on the dd itself would unmake the term's definition. */}
          <dd>
            <span role="status">{summary.text}</span>
          </dd>
        </div>
      </DownloadCounts>
      <OverallProgress label="Downloads" progress={progress} speed={speed} />
      {queue.needs_access.length > 0 ? (
        <AllowDirectoryAccess names={queue.needs_access} manager={manager} databaseName={TRANSFERS_DB_NAME} />
      ) : null}
      <Table
        label="Downloads"
        columns={[
          { key: 'name', header: 'Name', render: (item) => item.path },
          { key: 'size', header: 'Size', render: (item) => formatBytes(item.file_size) },
          {
            key: 'status',
            header: 'Status',
            render: (item) => {
              const file = fileProgress.get(item.id)
              // The bar has no text of its own: the cell still reads the status as the specification words it.
              return file ? (
                <FileProgressBar file={file}>{downloadStatusText(item)}</FileProgressBar>
              ) : (
                downloadStatusText(item)
              )
            },
          },
          {
            key: 'error',
            header: 'Error',
            render: (item) => (item.error ? <span className="transfer-error">{item.error}</span> : ''),
          },
        ]}
        rows={queue.items}
        rowKey={(item) => item.id}
      />
      <div className="form-actions">
        {summary.show_retry ? (
          <button type="button" className="button" onClick={() => manager.send({ type: 'retry' })}>
            Retry
          </button>
        ) : null}
        <button type="button" className="button secondary" onClick={close}>
          Close
        </button>
      </div>
    </section>
  )
}
