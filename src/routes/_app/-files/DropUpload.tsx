// Dropping files and folders on a directory listing uploads them into that directory, through the upload
// queue as the upload screen's Start Upload does (src/transfers/dropUpload.ts says what is sent and the toast
// what went), keeping each dropped folder's tree (src/transfers/droppedFiles.ts walks it). While files are
// dragged over the listing an overlay (and a live message for screen readers) says where they will go; only
// drags that carry files show it, not text, links or the page's own elements. A member without the upload
// capability gets no drop target: the overlay says so, and a drop answers with the refusal the Upload button
// gives (src/lib/fileCapabilities.ts). Files dropped anywhere else on the page are refused, so that a drop
// beside the listing does not make the browser open the file in place of the console.
//
// The listing is read again as the container's uploads finish, whichever screen started them.
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { useInvalidateContainer } from '../../../api/media.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { refusalOf } from '../../../lib/fileCapabilities.ts'
import { carriesFiles, grabDropped, type DroppedItem } from '../../../transfers/droppedItems.ts'
import { useLiveQueue } from '../../../transfers/liveQueues.ts'
import { showToast } from '../../../ui/toasts.tsx'
import type { OpenGrant } from './openGrant.ts'

/**
 * The container is read again at most this often while its uploads finish: many small files finish several
 * a second, and each reading would cancel the one before it.
 */
const REFRESH_INTERVAL_MS = 1_000

/** Reads the container again as more of its uploads in this tab's queue are done. */
function useRefreshAsUploadsFinish(openGrant: OpenGrant): void {
  const uploads = useLiveQueue('uploads')
  const invalidate = useInvalidateContainer(openGrant.ref)
  const { orgId, mediaGrantId } = openGrant.ref
  const done = (uploads?.items ?? []).filter(
    (item) => item.org_id === orgId && item.media_grant_id === mediaGrantId && item.status === 'done',
  ).length
  const seen = useRef(done)
  const lastRefresh = useRef(0)
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    const more = done > seen.current
    seen.current = done
    if (!more || pending.current !== undefined) return
    const wait = Math.max(0, lastRefresh.current + REFRESH_INTERVAL_MS - Date.now())
    pending.current = setTimeout(() => {
      pending.current = undefined
      lastRefresh.current = Date.now()
      void invalidate()
    }, wait)
    // invalidate is made anew each render, for the same container: the one at hand serves.
  }, [done, invalidate])

  useEffect(
    () => () => {
      clearTimeout(pending.current)
      pending.current = undefined
    },
    [],
  )
}

async function uploadDropped(items: Array<DroppedItem<File>>, openGrant: OpenGrant, directory: string) {
  // The walk and the queue's code come with the first drop (or once the page is idle), not with the listing.
  const [{ chosenOfDropped }, { planDrop }, { uploadsManager }] = await Promise.all([
    import('../../../transfers/droppedFiles.ts'),
    import('../../../transfers/dropUpload.ts'),
    import('../../../transfers/uploads.ts'),
  ])
  const { chosen, unreadable } = await chosenOfDropped(items)
  const manager = uploadsManager()
  const queued = manager.getQueue().items.map((item) => item.media_path)
  // Handles are the browser's FileSystemFileHandles: the walk's interfaces are the little of them it uses.
  const plan = planDrop(
    chosen as Array<{ file: File; relativePath: string; handle: FileSystemFileHandle | null }>,
    directory,
    queued,
    unreadable,
  )
  if (plan.uploads.length > 0)
    manager.send({
      type: 'add',
      files: plan.uploads.map((each) => ({
        ...each,
        org_id: openGrant.ref.orgId,
        media_grant_id: openGrant.ref.mediaGrantId,
      })),
    })
  showToast(plan.text, plan.failed ? 'error' : 'info')
}

export function DropUpload({
  openGrant,
  directory,
  children,
}: {
  openGrant: OpenGrant
  directory: string
  children: ReactNode
}) {
  const [dragging, setDragging] = useState(false)
  // dragenter and dragleave fire for every element crossed inside the zone: the drag is over the zone
  // while more have entered than left.
  const depth = useRef(0)
  const refusal = refusalOf(openGrant.org, 'upload')
  useRefreshAsUploadsFinish(openGrant)

  // A file dropped outside the zone is refused rather than opened by the browser; a drag that ends anywhere
  // ends the overlay.
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      if (event.defaultPrevented || !carriesFiles(event.dataTransfer)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none'
    }
    const ended = () => {
      depth.current = 0
      setDragging(false)
    }
    window.addEventListener('dragover', refuse)
    window.addEventListener('drop', refuse)
    window.addEventListener('drop', ended)
    window.addEventListener('dragend', ended)
    return () => {
      window.removeEventListener('dragover', refuse)
      window.removeEventListener('drop', refuse)
      window.removeEventListener('drop', ended)
      window.removeEventListener('dragend', ended)
    }
  }, [])

  function onDragEnter(event: DragEvent<HTMLDivElement>) {
    if (!carriesFiles(event.dataTransfer)) return
    event.preventDefault()
    depth.current += 1
    setDragging(true)
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!carriesFiles(event.dataTransfer)) return
    event.preventDefault()
    // Refused, the drop still comes, so that it can say why.
    if (!refusal) event.dataTransfer.dropEffect = 'copy'
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (!carriesFiles(event.dataTransfer)) return
    depth.current = Math.max(0, depth.current - 1)
    if (depth.current === 0) setDragging(false)
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    if (!carriesFiles(event.dataTransfer)) return
    event.preventDefault()
    depth.current = 0
    setDragging(false)
    if (refusal) {
      showAlert(refusal)
      return
    }
    // The items die with this event: take them now, read them after.
    const items = grabDropped<File>(event.dataTransfer)
    uploadDropped(items, openGrant, directory).catch((error: unknown) => {
      console.warn('the dropped files could not be uploaded', error)
      showToast('The dropped files could not be read.', 'error')
    })
  }

  const message = refusal ?? `Drop to upload to ${directory}`
  return (
    <div
      className="drop-zone"
      data-dragging={dragging || undefined}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {dragging ? (
        <div className={refusal ? 'drop-overlay drop-refused' : 'drop-overlay'} aria-hidden="true">
          <p className="drop-message">{message}</p>
        </div>
      ) : null}
      {/* Always in the page, so that screen readers announce the line when a drag fills it. */}
      <p className="visually-hidden" role="status">
        {dragging ? message : ''}
      </p>
    </div>
  )
}
