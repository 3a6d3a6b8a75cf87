// The upload screen (specification 000, sections 2, 4 and 5): /upload/{grant_name}/a/b/ uploads into that
// directory of the container. While the queue holds items it shows their progress; otherwise it picks files.
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useInvalidateContainer } from '../../api/media.ts'
import { navigateRemembering } from '../../app/navigation.ts'
import { useSession } from '../../app/session.ts'
import { areaHref } from '../../lib/filePaths.ts'
import { NO_UPLOAD_PERMISSION_MESSAGE } from '../../lib/messages.ts'
import { useUploads } from '../../transfers/uploads.ts'
import { useOpenGrantDirectory, type OpenGrant } from './-files/openGrant.ts'
import { Breadcrumbs } from './-files/Breadcrumbs.tsx'
import { NoAccess } from './-files/NoAccess.tsx'
import { UploadPicker } from './-upload/UploadPicker.tsx'
import { UploadProgress } from './-upload/UploadProgress.tsx'

export const Route = createFileRoute('/_app/upload/$grantName/$')({
  component: UploadPage,
})

function Upload({ openGrant, directory }: { openGrant: OpenGrant; directory: string }) {
  const { queue, ready, send } = useUploads()
  const router = useRouter()
  // The uploads finished have changed the container: its listings are read again before returning to it.
  const invalidateContainer = useInvalidateContainer(openGrant.ref)
  const grantName = openGrant.grant.grant_name

  async function close() {
    send({ type: 'clear_finished' })
    await invalidateContainer()
    navigateRemembering(router, areaHref('home', grantName, directory))
  }

  return (
    <section className="panel" aria-labelledby="upload-heading">
      <h1 id="upload-heading">Upload</h1>
      <Breadcrumbs grantName={grantName} directory={directory} />
      {!ready ? (
        <p className="page-loading">Loading…</p>
      ) : queue.items.length > 0 ? (
        <UploadProgress queue={queue} send={send} onClose={() => void close()} />
      ) : (
        <UploadPicker openGrant={openGrant} directory={directory} send={send} />
      )}
    </section>
  )
}

function UploadPage() {
  const { openGrant, directory } = useOpenGrantDirectory()
  const { currentOrg } = useSession()
  return (
    <main className="page page-wide">
      {!openGrant ? (
        <NoAccess isAdmin={currentOrg?.is_admin ?? false} />
      ) : !openGrant.org.cap_web_upload ? (
        <p className="notice">{NO_UPLOAD_PERMISSION_MESSAGE}</p>
      ) : (
        <Upload key={directory} openGrant={openGrant} directory={directory} />
      )}
    </main>
  )
}
