// Download All on a share link's page: the visitor picks a directory, then every file of the folder shown
// and its subfolders goes into the download queue, which saves them there (the console's own: ranges, hash
// check, resume after reload, copies of one content, files already there skipped). A browser without a
// directory picker is told so, in the console's words; each file's own Download still saves it.
import { useState } from 'react'
import { openShare } from '../../api/shareVisit.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { directoryPicker, isPickerCancel } from '../../lib/directoryPicker.ts'
import {
  COLLECT_FAILED_MESSAGE,
  DOWNLOAD_START_FAILED_MESSAGE,
  NO_MULTI_DOWNLOAD_MESSAGE,
  NO_MULTI_DOWNLOAD_NOTICE,
} from '../../lib/messages.ts'
import { collectSharedFiles, joinLinkDownloads, linkDownloadFiles } from './shareDownloads.ts'
import { VISIT_ENDED_MESSAGE } from '../../lib/shareVisitText.ts'

class VisitEnded extends Error {}

interface Props {
  token: string
  linkSession: string
  /** The folder shown, relative to the link's folder ('' its root). */
  path: string
}

export function ShareDownloadAll({ token, linkSession, path }: Props) {
  const picker = directoryPicker()
  const [collecting, setCollecting] = useState(false)

  async function downloadAll() {
    if (!picker) return showAlert(NO_MULTI_DOWNLOAD_MESSAGE)
    // The picker first, while the click still counts as the visitor's.
    let dir: FileSystemDirectoryHandle
    try {
      dir = await picker()
    } catch (error) {
      if (!isPickerCancel(error)) showAlert(DOWNLOAD_START_FAILED_MESSAGE)
      return
    }
    setCollecting(true)
    try {
      let files
      try {
        files = await collectSharedFiles(async (folder) => {
          const listing = await openShare(token, linkSession, folder)
          // The visit ended while the page stood open: the link answers a new one, or asks the passphrase.
          if (listing.link_session !== linkSession) throw new VisitEnded()
          return listing
        }, path)
      } catch (error) {
        return showAlert(error instanceof VisitEnded ? VISIT_ENDED_MESSAGE : COLLECT_FAILED_MESSAGE)
      }
      try {
        const [manager, { linkDownloadId }] = await Promise.all([
          joinLinkDownloads(),
          import('../../transfers/linkDownloads.ts'),
        ])
        manager.send({
          type: 'add',
          dir,
          files: linkDownloadFiles(files, token, linkSession, linkDownloadId),
        })
      } catch {
        showAlert(DOWNLOAD_START_FAILED_MESSAGE)
      }
    } finally {
      setCollecting(false)
    }
  }

  return (
    <div className="share-download-all">
      <button type="button" className="button" disabled={collecting} onClick={() => void downloadAll()}>
        {collecting ? 'Collecting files…' : 'Download All'}
      </button>
      {picker ? null : <p className="share-muted share-download-all-note">{NO_MULTI_DOWNLOAD_NOTICE}</p>}
    </div>
  )
}
