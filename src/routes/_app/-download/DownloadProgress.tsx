// The download under way (specification 000, sections 2 and 4): the summary (Succeeded, Skipped, Failed and
// the overall line) and each file's Name, Size, Status and Error, with Retry while some failure may pass on
// another try, and Close.
import { useRouter } from '@tanstack/react-router'
import { navigateRemembering } from '../../../app/navigation.ts'
import { useApi } from '../../../app/session.ts'
import { areaHref } from '../../../lib/filePaths.ts'
import { formatBytes } from '../../../lib/format.ts'
import { downloadStatusText, downloadSummary, type DownloadQueue } from '../../../transfers/downloadModel.ts'
import { downloadManager } from '../../../transfers/downloads.ts'
import type { Container } from '../-files/container.ts'

interface Props {
  queue: DownloadQueue
  directory: string
  container: Container
}

export function DownloadProgress({ queue, directory, container }: Props) {
  const api = useApi()
  const router = useRouter()
  const summary = downloadSummary(queue)
  const manager = downloadManager(api)

  function close() {
    manager.send({ type: 'close' })
    navigateRemembering(router, areaHref('home', container.grant.grant_name, directory))
  }

  return (
    <section className="panel" aria-labelledby="download-progress-heading">
      <h1 id="download-progress-heading">Download</h1>
      <dl className="transfer-summary" aria-label="Summary">
        <div>
          <dt>Status</dt>
          <dd role="status">{summary.text}</dd>
        </div>
        <div>
          <dt>Succeeded</dt>
          <dd>{summary.succeeded}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{summary.skipped}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{summary.failed}</dd>
        </div>
      </dl>
      <table className="table" aria-label="Downloads">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Size</th>
            <th scope="col">Status</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {queue.items.map((item) => (
            <tr key={item.id}>
              <td>{item.path}</td>
              <td>{formatBytes(item.file_size)}</td>
              <td>{downloadStatusText(item)}</td>
              <td className={item.error ? 'transfer-error' : undefined}>{item.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
