// The first view of the upload screen: pick files or a folder, see what will go where (Name, Folder,
// Size), remove what should not, then Start Upload hands the files to the queue. Files the rules leave out
// (empty, hidden) are counted in a status line under the toolbar, so a pick never loses files silently.
import { useRef, useState } from 'react'
import { formatBytes } from '../../../lib/format.ts'
import type { UploadCommand } from '../../../transfers/uploadRunner.ts'
import { selectPicked, skippedMessage, type SelectedUpload } from '../../../transfers/uploadSelection.ts'
import type { OpenGrant } from '../-files/openGrant.ts'
import {
  filesOfInput,
  hasDirectoryPicker,
  hasFilePicker,
  pickFiles,
  pickFolder,
  type PickedFile,
} from './pickers.ts'
import { Table } from '../../../ui/Table.tsx'

type Selected = SelectedUpload<File, FileSystemFileHandle>

interface Props {
  openGrant: OpenGrant
  directory: string
  send: (command: UploadCommand) => void
}

export function UploadPicker({ openGrant, directory, send }: Props) {
  const [selection, setSelection] = useState<Selected[]>([])
  /** What the last pick left out; each pick replaces it. */
  const [skipped, setSkipped] = useState<string | null>(null)
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)

  const add = (picked: PickedFile[]) => {
    setSelection((current) => selectPicked(current, picked, directory).selection)
    // The skipped count does not depend on what is listed already (a file listed twice is not skipped).
    setSkipped(skippedMessage(selectPicked([], picked, directory).skipped))
  }

  async function chooseFiles() {
    if (hasFilePicker()) add(await pickFiles())
    else filesInput.current?.click()
  }

  async function chooseFolder() {
    if (hasDirectoryPicker()) add(await pickFolder())
    else folderInput.current?.click()
  }

  function start() {
    send({
      type: 'add',
      files: selection.map((each) => ({
        ...each,
        org_id: openGrant.ref.orgId,
        media_grant_id: openGrant.ref.mediaGrantId,
      })),
    })
  }

  return (
    <>
      <div className="toolbar-actions" role="toolbar" aria-label="Upload actions">
        <button type="button" className="button secondary" onClick={() => void chooseFiles()}>
          Choose Files
        </button>
        <button type="button" className="button secondary" onClick={() => void chooseFolder()}>
          Choose Folder
        </button>
        <button type="button" className="button" disabled={selection.length === 0} onClick={start}>
          Start Upload
        </button>
      </div>
      {/* Always in the page, so screen readers announce the line when a pick fills it. */}
      <p className="hint" role="status">
        {skipped}
      </p>
      <input
        ref={filesInput}
        type="file"
        name="files"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Files to upload"
        onChange={(event) => {
          add(filesOfInput(event.currentTarget))
          event.currentTarget.value = ''
        }}
      />
      <input
        ref={(input) => {
          folderInput.current = input
          if (input) input.webkitdirectory = true
        }}
        type="file"
        name="folder"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Folder to upload"
        onChange={(event) => {
          add(filesOfInput(event.currentTarget))
          event.currentTarget.value = ''
        }}
      />
      <Table
        label="Files to upload"
        columns={[
          { key: 'name', header: 'Name', render: (each) => each.file.name },
          {
            key: 'folder',
            header: 'Folder',
            render: (each) => `${directory}${each.folder ? `${each.folder}/` : ''}`,
          },
          { key: 'size', header: 'Size', render: (each) => formatBytes(each.file.size) },
          {
            key: 'remove',
            header: 'Remove',
            hideHeader: true,
            className: 'row-actions',
            render: (each) => (
              <button
                type="button"
                className="button link"
                aria-label={`Remove ${each.media_path}`}
                onClick={() => setSelection((current) => current.filter((other) => other !== each))}
              >
                Remove
              </button>
            ),
          },
        ]}
        rows={selection}
        rowKey={(each) => each.media_path.toLowerCase()}
        empty={`Choose files or a folder to upload to ${directory}`}
      />
    </>
  )
}
