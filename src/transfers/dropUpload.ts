// What a drop on a listing sends to the upload queue and what it says: the dropped files under the listed
// directory, by the upload screen's rules (uploadSelection.ts selectPicked: hidden and empty files skipped
// and counted, one file per path), leaving out paths the queue already holds (the queue would ignore them:
// uploadReducer.ts), and one toast line: how many go where, then the upload screen's skipped sentence.
import { selectPicked, skippedMessage, type ChosenFile, type SelectedUpload } from './uploadSelection.ts'

function counted(count: number, what: string): string {
  return `${count} ${what}${count === 1 ? '' : 's'}`
}

export interface DropPlan<F extends { name: string; size: number }, H> {
  /** The files to add to the queue. */
  uploads: Array<SelectedUpload<F, H>>
  /** The toast's text; its kind is an error when nothing was uploaded for a reason the user should see. */
  text: string
  failed: boolean
}

/**
 * The uploads of a drop into directory ('/a/b/'), given the paths the queue holds already and how many
 * dropped items could not be read.
 */
export function planDrop<F extends { name: string; size: number }, H>(
  chosen: ReadonlyArray<ChosenFile<F, H>>,
  directory: string,
  queued: Iterable<string>,
  unreadable = 0,
): DropPlan<F, H> {
  const { selection, skipped } = selectPicked([], chosen, directory)
  const taken = new Set(Array.from(queued, (path) => path.toLowerCase()))
  const uploads = selection.filter((each) => !taken.has(each.media_path.toLowerCase()))
  const already = selection.length - uploads.length
  const lines = [
    uploads.length > 0
      ? `Uploading ${counted(uploads.length, 'file')} to ${directory}.`
      : already > 0
        ? `Nothing new to upload to ${directory}.`
        : `No files to upload to ${directory}.`,
    already > 0 ? `${counted(already, 'file')} already in the upload queue.` : null,
    skippedMessage(skipped),
    unreadable > 0 ? `${counted(unreadable, 'dropped item')} could not be read.` : null,
  ]
  return {
    uploads,
    text: lines.filter((line): line is string => line !== null).join(' '),
    failed: uploads.length === 0 && already === 0,
  }
}
