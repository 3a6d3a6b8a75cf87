// Opening and downloading one file through its signed address. A new window is opened before the address
// is asked for, while the click still counts as the user's, so that popup blockers let it through.
import { getDownloadUrl, getVersionDownloadUrl, type GrantRef } from '../../../api/media.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { downloadUrlMessage } from '../../../lib/messages.ts'
import { saveUrl } from '../../../lib/saveAs.ts'

export type Target = { mediaId: number } | { mediaVersionId: number }

function urlOf(grant: GrantRef, target: Target, inline: boolean): Promise<string> {
  return 'mediaId' in target
    ? getDownloadUrl(grant, target.mediaId, inline)
    : getVersionDownloadUrl(grant, target.mediaVersionId, inline)
}

/** Opens the content in a new window (inline). */
export async function openInWindow(grant: GrantRef, target: Target): Promise<void> {
  const opened = window.open('', '_blank')
  try {
    const url = await urlOf(grant, target, true)
    if (opened) {
      opened.opener = null
      opened.location.href = url
    } else window.open(url, '_blank', 'noopener')
  } catch (error) {
    opened?.close()
    showAlert(downloadUrlMessage(error))
  }
}

/** Saves the content as a file: the signed address answers as an attachment. */
export async function downloadFile(grant: GrantRef, target: Target): Promise<void> {
  try {
    saveUrl(await urlOf(grant, target, false))
  } catch (error) {
    showAlert(downloadUrlMessage(error))
  }
}
