// A new folder in a directory (specification 000, sections 2 and 5): the name is compared without regard
// to case with what the directory holds, so an existing folder is entered rather than made twice; then
// the browser goes into the folder.
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { mediaQueries, useCreateDirectory } from '../../api/media.ts'
import { goBack, navigateRemembering } from '../../app/navigation.ts'
import { useSession } from '../../app/session.ts'
import { areaHref, childPath, findName } from '../../lib/filePaths.ts'
import { refusalOf } from '../../lib/fileCapabilities.ts'
import { CREATE_FAILED_MESSAGE } from '../../lib/messages.ts'
import { FormError } from '../../ui/FormError.tsx'
import { TextField } from '../../ui/Field.tsx'
import { useOpenGrantDirectory, type OpenGrant } from './-files/openGrant.ts'
import { Breadcrumbs } from './-files/Breadcrumbs.tsx'
import { NoAccess } from './-files/NoAccess.tsx'

export const Route = createFileRoute('/_app/create_folder/$grantName/$')({
  component: CreateFolderPage,
})

function CreateFolderForm({ openGrant, directory }: { openGrant: OpenGrant; directory: string }) {
  const router = useRouter()
  const listing = useQuery(mediaQueries.directory(openGrant.ref, directory))
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const create = useCreateDirectory(openGrant.ref)
  const trimmed = name.trim()
  const grantName = openGrant.grant.grant_name

  function submit(event: FormEvent) {
    event.preventDefault()
    // Reached by its address without the right to change the container: said before any call.
    const refusal = refusalOf(openGrant.org, 'createFolder')
    if (refusal) return setError(refusal)
    setError(undefined)
    const existing = findName(listing.data?.dir_list.map((dir) => dir.dir_name) ?? [], trimmed)
    const folder = childPath(directory, existing ?? trimmed, true)
    const enter = () => navigateRemembering(router, areaHref('home', grantName, folder))
    if (existing) return enter()
    create.mutate(folder, { onSuccess: enter, onError: () => setError(CREATE_FAILED_MESSAGE) })
  }

  return (
    <section className="panel" aria-labelledby="create-folder-heading">
      <h1 id="create-folder-heading">Create Folder</h1>
      <Breadcrumbs grantName={grantName} directory={directory} />
      <form className="form" onSubmit={submit}>
        <TextField label="Folder Name" name="folder_name" value={name} autoFocus onChange={setName} />
        <FormError message={error} />
        <div className="form-actions">
          <button type="button" className="button secondary" onClick={() => goBack(router)}>
            Cancel
          </button>
          <button
            type="submit"
            className="button"
            disabled={trimmed === '' || create.isPending || listing.isPending}
          >
            Create
          </button>
        </div>
      </form>
    </section>
  )
}

function CreateFolderPage() {
  const { openGrant, directory } = useOpenGrantDirectory()
  const { currentOrg } = useSession()
  return (
    <main className="page">
      {openGrant ? (
        <CreateFolderForm key={directory} openGrant={openGrant} directory={directory} />
      ) : (
        <NoAccess isAdmin={currentOrg?.is_admin ?? false} />
      )}
    </main>
  )
}
