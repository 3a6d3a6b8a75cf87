// The share screen: files shared to the installed app from another app's share sheet (the manifest's
// share_target; the service worker keeps them, sw/shareTarget.ts) are listed here with a choice of
// container and folder. Upload queues them as the upload screen's Start Upload does and opens that screen;
// Cancel discards them. Signed out, the guard sends to sign-in and back here with the same ?id=.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { Suspense, useState } from 'react'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { navigateRemembering } from '../../app/navigation.ts'
import { useSession } from '../../app/session.ts'
import { areaHref } from '../../lib/filePaths.ts'
import { NO_FILES_MESSAGE, NO_UPLOAD_PERMISSION_MESSAGE } from '../../lib/messages.ts'
import type { OrgListItem } from '../../api/user.ts'
import { useUploads } from '../../transfers/uploads.ts'
import { selectPicked, skippedMessage } from '../../transfers/uploadSelection.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { discardShare, type Share } from '../../../sw/sharedFiles.ts'
import { DestinationPicker } from './-share/DestinationPicker.tsx'
import { folderError, typedDirectory } from './-share/folderPath.ts'
import { SharedFileList } from './-share/SharedFileList.tsx'
import { SHARE_FAILED_MESSAGE, SHARE_MISSING_MESSAGE } from './-share/shareText.ts'
import { useShare } from './-share/useShare.ts'

interface ShareSearch {
  id?: string
  failed?: boolean
}

export const Route = createFileRoute('/_app/share')({
  validateSearch: (search: Record<string, unknown>): ShareSearch => ({
    ...(typeof search.id === 'string' ? { id: search.id } : {}),
    ...(search.failed === 1 || search.failed === '1' || search.failed === true ? { failed: true } : {}),
  }),
  component: SharePage,
})

/** Discards the share and leaves for home. */
function useDiscard(share: Share): { busy: boolean; setBusy: (busy: boolean) => void; cancel: () => void } {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const cancel = () => {
    setBusy(true)
    void discardShare(share.id)
      .catch(() => undefined)
      .then(() => navigateRemembering(router, '/home'))
  }
  return { busy, setBusy, cancel }
}

function CancelButton({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
      Cancel
    </button>
  )
}

/** A member who may not upload sees the files and may discard them: no container is offered. */
function NoUpload({ share }: { share: Share }) {
  const { busy, cancel } = useDiscard(share)
  return (
    <>
      <SharedFileList files={share.files} />
      <p className="notice">{NO_UPLOAD_PERMISSION_MESSAGE}</p>
      <div className="form-actions share-actions">
        <CancelButton busy={busy} onCancel={cancel} />
      </div>
    </>
  )
}

function ShareForm({ share, org }: { share: Share; org: OrgListItem }) {
  const router = useRouter()
  const { busy, setBusy, cancel } = useDiscard(share)
  const { ready, send } = useUploads()
  const { data: held } = useSuspenseQuery(mediaGrantQueries.list(org.org_id))
  const grants = held.filter((grant) => !grant.is_disabled)
  const [grantId, setGrantId] = useState(grants[0]?.media_grant_id)
  const [folder, setFolder] = useState('/')
  const grant = grants.find((each) => each.media_grant_id === grantId)
  const directory = typedDirectory(folder)
  const chosen = share.files.map((file) => ({ file, relativePath: file.name, handle: null }))
  const { selection, skipped } = selectPicked([], chosen, directory)
  const skippedLine = skippedMessage(skipped)

  async function upload() {
    if (!grant) return
    setBusy(true)
    send({
      type: 'add',
      files: selection.map((each) => ({
        ...each,
        org_id: org.org_id,
        media_grant_id: grant.media_grant_id,
      })),
    })
    // The queue holds the files now (a File read from the kept copy stays readable while it is held).
    await discardShare(share.id).catch(() => undefined)
    navigateRemembering(router, areaHref('upload', grant.grant_name, directory))
  }

  return (
    <>
      <SharedFileList files={share.files} />
      <p className="hint" role="status">
        {skippedLine}
      </p>
      {grants.length === 0 || grant === undefined ? (
        <p className="notice">{NO_FILES_MESSAGE}</p>
      ) : (
        <DestinationPicker
          orgId={org.org_id}
          grants={grants}
          grantId={grant.media_grant_id}
          onGrant={setGrantId}
          folder={folder}
          onFolder={setFolder}
        />
      )}
      <div className="form-actions share-actions">
        <button
          type="button"
          className="button"
          disabled={!ready || busy || !grant || selection.length === 0 || folderError(directory) !== null}
          onClick={() => void upload()}
        >
          Upload
        </button>
        <CancelButton busy={busy} onCancel={cancel} />
      </div>
    </>
  )
}

function ShareContent({ id, failed }: ShareSearch) {
  const { currentOrg } = useSession()
  const state = useShare(id)
  if (failed) return <p className="notice">{SHARE_FAILED_MESSAGE}</p>
  if (state.status === 'loading') return <p className="page-loading">Loading…</p>
  if (state.status === 'failed') return <p className="notice">{SHARE_FAILED_MESSAGE}</p>
  if (state.status === 'missing')
    return (
      <p className="notice">
        {SHARE_MISSING_MESSAGE} <AppLink href="/home">Home</AppLink>
      </p>
    )
  if (!currentOrg?.cap_web_upload) return <NoUpload share={state.share} />
  return (
    <Suspense fallback={<p className="page-loading">Loading…</p>}>
      <ShareForm share={state.share} org={currentOrg} />
    </Suspense>
  )
}

function SharePage() {
  const search = Route.useSearch()
  return (
    <main className="page">
      <section className="panel share" aria-labelledby="share-heading">
        <h1 id="share-heading">Upload Shared Files</h1>
        <ShareContent {...search} />
      </section>
    </main>
  )
}
