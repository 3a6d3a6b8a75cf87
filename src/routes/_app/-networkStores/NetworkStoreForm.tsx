// The fields of a network store (specification 001, sections 2 and 5): bucket name, region, host, prefix
// (optional), access key id, secret access key and max object size (4398046511104 bytes by default), typed
// with a unit or in bytes (src/ui/SizeField.tsx).
// Adding needs every required field; editing shows a stored secret as '****', keeps it when left blank,
// and sends only the fields that changed. Endpoint aliases (optional: other addresses of the same service,
// which signed URLs are spread over) are typed one per line or separated by commas. Save stays disabled while nothing changed or a required field is
// missing (section 4); a line under it names the fields still missing, so it is never disabled unexplained.
import { useId, useMemo, useState, type FormEvent } from 'react'
import {
  DEFAULT_STORE_MAX_SIZE,
  MAX_ENDPOINT_ALIASES,
  SECRET_MASK,
  type CreateNetworkStoreRequest,
  type NetworkStore,
  type UpdateNetworkStoreRequest,
} from '../../../api/networkStores.ts'
import { useDraft } from '../../../lib/draft.ts'
import { parseSize } from '../../../lib/sizeInput.ts'
import { Field, TextField } from '../../../ui/Field.tsx'
import { FormError } from '../../../ui/FormError.tsx'
import { SaveButton } from '../../../ui/SaveButton.tsx'
import { SizeField } from '../../../ui/SizeField.tsx'

export interface NetworkStoreDraft {
  s3_bucket: string
  s3_bucket_region: string
  s3_host: string
  /** One per line or separated by commas. */
  s3_host_aliases: string
  s3_bucket_prefix: string
  aws_access_key_id: string
  aws_secret_access_key: string
  max_size: string
}

const EMPTY: NetworkStoreDraft = {
  s3_bucket: '',
  s3_bucket_region: '',
  s3_host: '',
  s3_host_aliases: '',
  s3_bucket_prefix: '',
  aws_access_key_id: '',
  aws_secret_access_key: '',
  max_size: String(DEFAULT_STORE_MAX_SIZE),
}

/** The aliases typed: one per line or separated by commas, blanks dropped. */
export function parseAliases(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((alias) => alias.trim())
    .filter((alias) => alias !== '')
}

/**
 * Whether an alias reads as the server takes a host (services/networkStores.ts storeEndpoint): a host name
 * or host:port, or an http(s) address without a path, query or user. The server has the last word (plain
 * http only where it allows private hosts).
 */
function isEndpoint(alias: string): boolean {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(alias) ? alias : `https://${alias}`)
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      url.pathname === '/' &&
      !alias.replace(/^[a-z]+:\/\//i, '').includes('/') &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === ''
    )
  } catch {
    return false
  }
}

/** What is wrong with the aliases typed, or undefined when they read. */
export function aliasesProblem(text: string): string | undefined {
  const aliases = parseAliases(text)
  if (aliases.length > MAX_ENDPOINT_ALIASES) return `At most ${MAX_ENDPOINT_ALIASES} endpoint aliases.`
  const wrong = aliases.find((alias) => !isEndpoint(alias))
  return wrong === undefined
    ? undefined
    : `“${wrong}” is not a host name or an http(s):// address without a path.`
}

/** The bytes of a typed size, or undefined while it is not one (a size of 0 is none). */
function sizeBytes(text: string): number | undefined {
  const reading = parseSize(text)
  return reading.state === 'valid' && reading.bytes > 0 ? reading.bytes : undefined
}

const REQUIRED: ReadonlyArray<[keyof NetworkStoreDraft, string]> = [
  ['s3_bucket', 'Bucket Name'],
  ['s3_bucket_region', 'Region'],
  ['s3_host', 'Host'],
  ['aws_access_key_id', 'Access Key ID'],
  ['aws_secret_access_key', 'Secret Access Key'],
]

function draftOf(store: NetworkStore | undefined): NetworkStoreDraft {
  if (!store) return EMPTY
  return {
    s3_bucket: store.s3_bucket,
    s3_bucket_region: store.s3_bucket_region,
    s3_host: store.s3_host,
    s3_host_aliases: store.s3_host_aliases.join('\n'),
    s3_bucket_prefix: store.s3_bucket_prefix,
    aws_access_key_id: store.aws_access_key_id,
    // A stored secret is never sent to the console: blank keeps it.
    aws_secret_access_key: '',
    max_size: String(store.max_size),
  }
}

/** The labels of the required fields still empty (the secret only when adding), and a size not read. */
export function missingFields(draft: NetworkStoreDraft, adding: boolean): string[] {
  const missing = REQUIRED.filter(
    ([key]) => (adding || key !== 'aws_secret_access_key') && draft[key].trim() === '',
  ).map(([, label]) => label)
  if (sizeBytes(draft.max_size) === undefined) missing.push('Max File Size')
  return missing
}

/** Whether the required fields are filled (the secret only when adding) and the size reads. */
export function isComplete(draft: NetworkStoreDraft, adding: boolean): boolean {
  return missingFields(draft, adding).length === 0
}

/** The line that says what is missing: "Still needed: Bucket Name, Region and Host." */
export function missingText(missing: readonly string[]): string {
  const names =
    missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}` : missing[0]
  return `Still needed: ${names ?? ''}.`
}

export function createRequest(draft: NetworkStoreDraft): CreateNetworkStoreRequest {
  return {
    s3_bucket: draft.s3_bucket.trim(),
    s3_bucket_region: draft.s3_bucket_region.trim(),
    s3_host: draft.s3_host.trim(),
    s3_host_aliases: parseAliases(draft.s3_host_aliases),
    s3_bucket_prefix: draft.s3_bucket_prefix.trim(),
    aws_access_key_id: draft.aws_access_key_id.trim(),
    aws_secret_access_key: draft.aws_secret_access_key.trim(),
    max_size: sizeBytes(draft.max_size) ?? 0,
  }
}

/** Only the changed fields; a blank secret is not a change. */
export function updateRequest(changed: Partial<NetworkStoreDraft>): UpdateNetworkStoreRequest {
  const request: UpdateNetworkStoreRequest = {}
  for (const [key, value] of Object.entries(changed) as Array<[keyof NetworkStoreDraft, string]>) {
    if (key === 'max_size') request.max_size = sizeBytes(value) ?? 0
    else if (key === 's3_host_aliases') request.s3_host_aliases = parseAliases(value)
    else if (key === 'aws_secret_access_key') {
      if (value.trim() !== '') request.aws_secret_access_key = value.trim()
    } else request[key] = value.trim()
  }
  return request
}

export interface NetworkStoreFormProps {
  /** The store being edited; absent: the Add Network Store form. */
  store?: NetworkStore
  label: string
  submitLabel: string
  pending: boolean
  save: (draft: NetworkStoreDraft, changed: Partial<NetworkStoreDraft>) => Promise<string>
  failed: (error: unknown) => string
}

export function NetworkStoreForm({
  store,
  label,
  submitLabel,
  pending,
  save,
  failed,
}: NetworkStoreFormProps) {
  const saved = useMemo(() => draftOf(store), [store])
  const { draft, set, changed, reset } = useDraft(saved)
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()
  const adding = store === undefined
  // Adding: Create is enabled once the required fields are filled. Editing: once a field changed (a blank
  // secret is no change).
  const hasChange = adding || Object.keys(updateRequest(changed)).length > 0
  const missing = missingFields(draft, adding)
  const aliasError = aliasesProblem(draft.s3_host_aliases)
  const valid = missing.length === 0 && aliasError === undefined
  const missingId = useId()
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!hasChange || !valid) return
    setError(undefined)
    setStatus(undefined)
    save(draft, changed).then(
      (message) => {
        setStatus(message)
        if (adding) reset()
        else set('aws_secret_access_key', '')
      },
      (failure: unknown) => setError(failed(failure)),
    )
  }
  const field = (key: keyof NetworkStoreDraft, fieldLabel: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={fieldLabel}
      name={key}
      autoComplete="off"
      value={draft[key]}
      onChange={(value) => {
        setStatus(undefined)
        set(key, value)
      }}
      {...extra}
    />
  )
  return (
    <form className="form" onSubmit={submit} aria-label={label}>
      {field('s3_bucket', 'Bucket Name', { maxLength: 63 })}
      {field('s3_bucket_region', 'Region', { maxLength: 64 })}
      {field('s3_host', 'Host', { maxLength: 255, hint: 'A host name, or an https:// address.' })}
      <Field
        label="Endpoint Aliases"
        hint="Optional. Other addresses of the same service and bucket, one per line or separated by commas: uploads and downloads are spread over them."
        error={aliasError}
      >
        {(control) => (
          <textarea
            {...control}
            name="s3_host_aliases"
            rows={3}
            autoComplete="off"
            value={draft.s3_host_aliases}
            onChange={(event) => {
              setStatus(undefined)
              set('s3_host_aliases', event.target.value)
            }}
          />
        )}
      </Field>
      {field('s3_bucket_prefix', 'Prefix', { maxLength: 512, hint: 'Optional.' })}
      {field('aws_access_key_id', 'Access Key ID', { maxLength: 256 })}
      {field('aws_secret_access_key', 'Secret Access Key', {
        maxLength: 256,
        type: 'password',
        ...(adding ? {} : { placeholder: SECRET_MASK, hint: 'Leave blank to keep the stored secret.' }),
      })}
      <SizeField
        label="Max File Size"
        name="max_size"
        value={draft.max_size}
        onChange={(value) => {
          setStatus(undefined)
          set('max_size', value)
        }}
      />
      <FormError message={error} />
      <p className="form-status" role="status">
        {status ?? ''}
      </p>
      {missing.length === 0 ? null : (
        <p id={missingId} className="hint" data-testid="missing-fields">
          {missingText(missing)}
        </p>
      )}
      <SaveButton
        changed={hasChange}
        valid={valid}
        pending={pending}
        label={submitLabel}
        describedBy={missing.length === 0 ? undefined : missingId}
      />
    </form>
  )
}
