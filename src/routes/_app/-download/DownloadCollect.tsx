// The first step of a multi-download: the chosen entries collected (folders walked to the bottom), listed
// with Path and Size, and Download All into a directory the user picks.
import { useQuery } from '@tanstack/react-query'
import { showAlert } from '../../../app/dialogs.tsx'
import { directoryPicker, isPickerCancel } from '../../../lib/directoryPicker.ts'
import { formatBytes } from '../../../lib/format.ts'
import {
  COLLECT_FAILED_MESSAGE,
  DOWNLOAD_START_FAILED_MESSAGE,
  NO_DOWNLOAD_PERMISSION_MESSAGE,
  NO_MULTI_DOWNLOAD_MESSAGE,
  NO_MULTI_DOWNLOAD_NOTICE,
} from '../../../lib/messages.ts'
import { mediaQueries } from '../../../api/media.ts'
import { downloadManager } from '../../../transfers/downloads.ts'
import { Breadcrumbs } from '../-files/Breadcrumbs.tsx'
import type { OpenGrant } from '../-files/openGrant.ts'
import { FormError } from '../../../ui/FormError.tsx'
import { Table } from '../../../ui/Table.tsx'

interface Props {
  openGrant: OpenGrant
  directory: string
  selected: string[]
  onStarted: () => void
}

export function DownloadCollect({ openGrant, directory, selected, onStarted }: Props) {
  const { grant, org, ref } = openGrant
  const files = useQuery(mediaQueries.downloadFiles(ref, grant.prefix_path, directory, selected))
  const picker = directoryPicker()

  async function downloadAll() {
    if (!org.cap_web_download) return showAlert(NO_DOWNLOAD_PERMISSION_MESSAGE)
    if (!picker) return showAlert(NO_MULTI_DOWNLOAD_MESSAGE)
    if (!files.data) return
    let dir: FileSystemDirectoryHandle
    try {
      dir = await picker()
    } catch (error) {
      if (!isPickerCancel(error)) showAlert(DOWNLOAD_START_FAILED_MESSAGE)
      return
    }
    try {
      downloadManager().send({
        type: 'add',
        dir,
        files: files.data.map((file) => ({
          ...file,
          id: crypto.randomUUID(),
          org_id: ref.orgId,
          media_grant_id: ref.mediaGrantId,
        })),
      })
      onStarted()
    } catch {
      showAlert(DOWNLOAD_START_FAILED_MESSAGE)
    }
  }

  return (
    <section className="panel" aria-labelledby="download-heading">
      <h1 id="download-heading">Download</h1>
      <Breadcrumbs grantName={grant.grant_name} directory={directory} />
      {picker ? null : <p className="notice">{NO_MULTI_DOWNLOAD_NOTICE}</p>}
      <FormError message={files.isError ? COLLECT_FAILED_MESSAGE : undefined} />
      <Table
        label="Files to download"
        columns={[
          { key: 'path', header: 'Path', render: (file) => file.path },
          { key: 'size', header: 'Size', render: (file) => formatBytes(file.file_size) },
        ]}
        rows={files.data ?? []}
        rowKey={(file) => file.media_id}
        empty={files.isPending ? 'Collecting files…' : undefined}
      />
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={!files.data || files.data.length === 0}
          onClick={() => void downloadAll()}
        >
          Download All
        </button>
      </div>
    </section>
  )
}
