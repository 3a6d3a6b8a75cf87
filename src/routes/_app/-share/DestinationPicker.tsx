// Where a share goes: a container the user can upload to, and a folder of it, typed as a path or reached
// by opening the folders listed under the one typed (a folder that is not there yet is made by the upload).
import { useQuery } from '@tanstack/react-query'
import { mediaQueries, type GrantRef } from '../../../api/media.ts'
import type { MediaGrant } from '../../../api/mediaGrants.ts'
import { useDebouncedValue } from '../../../lib/useDebouncedValue.ts'
import { SelectField, TextField } from '../../../ui/Field.tsx'
import { childOf, folderError, parentOf, typedDirectory } from './folderPath.ts'

/** Typing pauses this long before the folders under the typed path are asked for. */
const TYPING_PAUSE_MS = 300

interface FolderChoicesProps {
  grant: GrantRef
  directory: string
  onOpen: (directory: string) => void
}

function FolderChoices({ grant, directory, onOpen }: FolderChoicesProps) {
  const settled = useDebouncedValue(directory, TYPING_PAUSE_MS)
  const { data, isPending, isError } = useQuery({ ...mediaQueries.directory(grant, settled), retry: false })
  // A folder not made yet lists nothing (or is refused): there is nothing under it to open.
  const folders = (isError ? [] : (data?.dir_list ?? [])).filter((each) => !each.dir_name.startsWith('.'))
  return (
    <div className="folder-choices">
      <p className="hint" aria-live="polite">
        {isPending && !isError
          ? 'Loading…'
          : folders.length === 0
            ? `No folders in ${settled}`
            : `Folders in ${settled}`}
      </p>
      <ul aria-label={`Folders in ${settled}`}>
        {directory !== '/' ? (
          <li>
            <button type="button" className="button secondary" onClick={() => onOpen(parentOf(directory))}>
              Up to {parentOf(directory)}
            </button>
          </li>
        ) : null}
        {folders.map((folder) => (
          <li key={folder.dir_name}>
            <button
              type="button"
              className="button secondary folder-choice"
              title={folder.dir_name}
              onClick={() => onOpen(childOf(settled, folder.dir_name))}
            >
              <svg className="entry-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                <path d="M1 3.5A1.5 1.5 0 0 1 2.5 2h3.6l1.5 1.5h5.9A1.5 1.5 0 0 1 15 5v7.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 12.5z" />
              </svg>
              <span>{folder.dir_name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

interface Props {
  orgId: number
  grants: readonly MediaGrant[]
  grantId: number
  onGrant: (grantId: number) => void
  /** The folder as typed; typedDirectory() reads it. */
  folder: string
  onFolder: (folder: string) => void
}

export function DestinationPicker({ orgId, grants, grantId, onGrant, folder, onFolder }: Props) {
  const directory = typedDirectory(folder)
  return (
    <fieldset className="share-destination">
      <legend>Upload to</legend>
      <SelectField
        label="Container"
        value={String(grantId)}
        options={grants.map((grant) => ({ value: String(grant.media_grant_id), label: grant.grant_name }))}
        onChange={(value) => {
          onGrant(Number(value))
          onFolder('/')
        }}
      />
      <TextField
        label="Folder"
        value={folder}
        onChange={onFolder}
        autoComplete="off"
        spellCheck={false}
        hint="Type a path or open a folder below; a folder that does not exist yet is made."
        error={folderError(directory) ?? undefined}
      />
      <FolderChoices grant={{ orgId, mediaGrantId: grantId }} directory={directory} onOpen={onFolder} />
    </fieldset>
  )
}
