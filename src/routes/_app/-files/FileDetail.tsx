// One file (specification 000, section 2): Open, Download, Share (where links are offered to the member),
// Delete or Undelete, and the tabs Properties, Versions and, for admins, Audit Tracking. The address names
// the file by path; its id comes from the listing of its directory.
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import {
  mediaQueries,
  thumbnailUrl,
  useRestoreVersion,
  useSetFilesDeleted,
  type MediaDetail,
  type MediaVersion,
} from '../../../api/media.ts'
import type { HashContainer } from '../../../../server/contract/media.ts'
import { ApiError } from '../../../api/transport.ts'
import { showAlert, showConfirm } from '../../../app/dialogs.tsx'
import { NotFound } from '../../../app/NotFound.tsx'
import { navigateRemembering } from '../../../app/navigation.ts'
import { areaHref, baseName, parentDirectory, relativeMediaPath } from '../../../lib/filePaths.ts'
import { changedByText, formatBytes, formatLongTime } from '../../../lib/format.ts'
import { refusalOf, type FileAction } from '../../../lib/fileCapabilities.ts'
import { findListedFile } from '../../../lib/listing.ts'
import {
  DELETE_FAILED_MESSAGE,
  RESTORE_FAILED_MESSAGE,
  RESTORE_FILE_FAILED_MESSAGE,
} from '../../../lib/messages.ts'
import { AuditTable, type AuditColumn } from '../../../ui/AuditTable.tsx'
import { DateTime } from '../../../ui/DateTime.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { PanelTabs } from '../../../ui/Tabs.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import type { OpenGrant } from './openGrant.ts'
import { ListingUnavailable } from './ListingUnavailable.tsx'
import { NoAccess } from './NoAccess.tsx'
import { downloadFile, openInWindow, type Target } from './transfer.ts'
import { MediaStage } from '../../../ui/viewer/MediaStage.tsx'
import { hasThumbnail } from '../../../lib/thumbnails.ts'
import { fileKindOf } from '../../../lib/fileKinds.ts'
import { mediaInfoRows } from '../../../lib/mediaPlayback.ts'
import { ShareDialog } from '../-shareLinks/ShareDialog.tsx'
import { useShareOffer } from '../-shareLinks/useShareOffer.ts'

type TabName = 'Properties' | 'Versions' | 'Audit Tracking'

/** The kinds shown at the top of the screen: a picture, or a player. */
const PREVIEWED_KINDS = new Set(['image', 'video', 'audio'])

const DEVICE_COLUMNS: Array<Column<HashContainer>> = [
  { key: 'device', header: 'Device Name', rowHeader: true, render: (device) => device.device_name },
  { key: 'seen', header: 'Last Seen', render: (device) => <DateTime value={device.last_seen} /> },
]

function Properties({ media, path }: { media: MediaDetail; path: string }) {
  const fields: Array<[string, ReactNode]> = [
    ['File Name', baseName(path)],
    ['Full Path', path],
    ['Size', formatBytes(media.file_size)],
    ['Size in Bytes', media.file_size.toLocaleString('en-US')],
    ['Status', media.is_deleted ? 'Deleted' : 'Active'],
    ['Media ID', media.media_id],
    ['File Hash', <code key="hash">{media.file_hash}</code>],
    ['Last Updated', <DateTime key="updated" value={media.last_updated} long />],
    [
      'Last Modified By',
      changedByText({
        user_name: media.last_update_user_name,
        email: media.last_update_user_email,
        device_name: media.last_update_device_name,
      }),
    ],
    ['Network Status', media.in_s3 ? 'In Cloud' : 'Not Uploaded'],
    // Duration, Dimensions, Video Codec, Audio Codec: what the server found in the content.
    ...mediaInfoRows(media.media_info),
  ]
  return (
    <>
      <dl className="properties">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 id="devices-heading">Devices With Media</h2>
      <Table
        label="Devices With Media"
        columns={DEVICE_COLUMNS}
        rows={media.hash_containers}
        rowKey={(device, index) => `${device.device_name}-${index}`}
        empty="Not found on any devices."
      />
    </>
  )
}

interface VersionsProps {
  versions: MediaVersion[]
  onOpen: (version: MediaVersion) => void
  onDownload: (version: MediaVersion) => void
  onRestore: (version: MediaVersion) => void
  busy: boolean
}

function Versions({ versions, onOpen, onDownload, onRestore, busy }: VersionsProps) {
  const [selectedId, setSelectedId] = useState<number>()
  const selected = versions.find((version) => version.media_version_id === selectedId)
  const name = useId()
  const columns: Array<Column<MediaVersion>> = [
    {
      key: 'select',
      header: 'Select',
      hideHeader: true,
      phone: 'lead',
      render: (version) => (
        <input
          type="radio"
          name={name}
          aria-label={`Select version of ${formatLongTime(version.create_time)}`}
          checked={version.media_version_id === selectedId}
          onChange={() => setSelectedId(version.media_version_id)}
        />
      ),
    },
    {
      key: 'created',
      header: 'Create Date',
      rowHeader: true,
      render: (version) => <DateTime value={version.create_time} />,
    },
    { key: 'size', header: 'Size', render: (version) => formatBytes(version.file_size) },
    {
      key: 'hash',
      header: 'File Hash',
      className: 'cell-hash',
      phone: 'hidden',
      ellipsis: true,
      width: '30%',
      title: (version) => version.file_hash,
      render: (version) => <code>{version.file_hash}</code>,
    },
    {
      key: 'by',
      header: 'Modified By',
      render: changedByText,
    },
  ]
  return (
    <>
      <div className="toolbar-actions" role="toolbar" aria-label="Version actions">
        <button
          type="button"
          className="button secondary"
          disabled={!selected}
          onClick={() => selected && onOpen(selected)}
        >
          Open
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={!selected}
          onClick={() => selected && onDownload(selected)}
        >
          Download
        </button>
        <button
          type="button"
          className="button"
          // Only content with a hash exists to be restored.
          disabled={!selected?.file_hash || busy}
          onClick={() => selected && onRestore(selected)}
        >
          Restore to Folder
        </button>
      </div>
      <Table
        label="Versions"
        columns={columns}
        rows={versions}
        rowKey={(version) => version.media_version_id}
        rowClassName={(version) => (version.media_version_id === selectedId ? 'selected' : undefined)}
      />
    </>
  )
}

/** A file's trail: Source is the file itself (specification 000, section 2). */
const AUDIT_COLUMNS: readonly AuditColumn[] = ['timestamp', 'user', 'destination']

function AuditTracking({ orgId, mediaId }: { orgId: number; mediaId: number }) {
  const audit = useQuery(mediaQueries.audit(orgId, mediaId))
  if (audit.isPending) return <p>Loading…</p>
  if (audit.isError) throw audit.error
  return <AuditTable label="Audit Tracking" events={audit.data} columns={AUDIT_COLUMNS} />
}

export function FileDetail({ openGrant, path }: { openGrant: OpenGrant; path: string }) {
  const router = useRouter()
  const { grant, org, ref } = openGrant
  const directory = parentDirectory(path)
  const name = baseName(path)
  const listing = useQuery(mediaQueries.directory(ref, directory))
  const found = listing.data ? findListedFile(listing.data, name) : undefined
  const detail = useQuery({
    ...mediaQueries.detail(ref, found?.media_id ?? 0),
    enabled: found !== undefined,
  })
  const setDeleted = useSetFilesDeleted(ref)
  const restoreVersion = useRestoreVersion(ref)
  const busy = setDeleted.isPending || restoreVersion.isPending
  const shareOffer = useShareOffer(org)
  const [sharing, setSharing] = useState(false)

  const failure = listing.error ?? detail.error
  if (failure) {
    if (failure instanceof ApiError && failure.status === 404) return <NoAccess isAdmin={org.is_admin} />
    throw failure
  }
  // The route's loader answers a file that is not there with 'Page not found'; one gone since is the same.
  if (listing.isSuccess && !found) return <NotFound />
  // Never loaded here, and no network to load it: said, rather than a 'Loading…' that would never end.
  const paused = (query: { isPending: boolean; fetchStatus: string }) =>
    query.isPending && query.fetchStatus === 'paused'
  if (!detail.data && (paused(listing) || paused(detail)))
    return (
      <ListingUnavailable
        offline
        what="file"
        onRetry={() => void (listing.data ? detail.refetch() : listing.refetch())}
      />
    )
  if (!detail.data) return <p className="page-loading">Loading…</p>
  const media = detail.data
  const fullPath = relativeMediaPath(media.media_path, grant.prefix_path)

  /** The capability check of src/lib/fileCapabilities.ts: false, with the refusal shown, when lacking. */
  function allowed(action: FileAction): boolean {
    const refusal = refusalOf(org, action)
    if (refusal) showAlert(refusal)
    return refusal === undefined
  }

  function transfer(target: Target, open: boolean) {
    if (!allowed(open ? 'open' : 'download')) return
    void (open ? openInWindow(ref, target) : downloadFile(ref, target))
  }

  function changeStatus() {
    const undelete = media.is_deleted
    if (!allowed(undelete ? 'undelete' : 'delete')) return
    showConfirm(
      {
        text: `${undelete ? 'Undelete' : 'Delete'} ${name}?`,
        positive: undelete ? 'Undelete' : 'Delete',
        destructive: !undelete,
      },
      (positive) => {
        if (!positive) return
        setDeleted.mutate(
          { mediaIds: [media.media_id], deleted: !undelete },
          {
            onSuccess: (result) => {
              if (result.failed.length > 0)
                showAlert(undelete ? RESTORE_FAILED_MESSAGE : DELETE_FAILED_MESSAGE)
            },
          },
        )
      },
    )
  }

  function restore(version: MediaVersion) {
    if (!allowed('restore')) return
    showConfirm(
      { text: `Restore this version of ${name} to its folder?`, positive: 'Restore' },
      (positive) => {
        if (!positive) return
        restoreVersion.mutate(
          { mediaId: media.media_id, mediaVersionId: version.media_version_id, directory, name },
          {
            onSuccess: (outcome) => {
              if (outcome === 'no_content') return showAlert(RESTORE_FILE_FAILED_MESSAGE)
              navigateRemembering(router, areaHref('home', grant.grant_name, directory))
            },
            onError: () => showAlert(RESTORE_FAILED_MESSAGE),
          },
        )
      },
    )
  }

  const tabs: TabName[] = org.is_admin
    ? ['Properties', 'Versions', 'Audit Tracking']
    : ['Properties', 'Versions']
  return (
    <section aria-labelledby="file-heading" className="file-detail">
      <Breadcrumbs grantName={grant.grant_name} directory={directory} leaf={name} />
      {/* One line with an ellipsis on a narrow screen (src/styles/paths.css): the whole name on hover and in
          the Properties tab. */}
      <h1 id="file-heading" className={media.is_deleted ? 'deleted' : undefined} title={name}>
        {name}
      </h1>
      <div className="toolbar-actions" role="toolbar" aria-label="File actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => transfer({ mediaId: media.media_id }, true)}
        >
          Open
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => transfer({ mediaId: media.media_id }, false)}
        >
          Download
        </button>
        {shareOffer && !media.is_deleted ? (
          <button type="button" className="button secondary" onClick={() => setSharing(true)}>
            Share
          </button>
        ) : null}
        {/* Red only for the loss: undeleting gives a file back, so it is an ordinary secondary action. */}
        <button
          type="button"
          className={media.is_deleted ? 'button secondary' : 'button danger'}
          disabled={busy}
          onClick={changeStatus}
        >
          {media.is_deleted ? 'Undelete' : 'Delete'}
        </button>
      </div>
      {PREVIEWED_KINDS.has(fileKindOf(name)) ? (
        <div className="file-preview" data-kind={fileKindOf(name)}>
          <MediaStage
            file={{
              id: media.media_id,
              name,
              kind: fileKindOf(name),
              size: media.file_size,
              poster: hasThumbnail(media) ? thumbnailUrl(ref, media, 'large') : undefined,
            }}
            inlineQuery={(id) => mediaQueries.inlineUrl(ref, id)}
            info={media.media_info}
            onDownload={() => transfer({ mediaId: media.media_id }, false)}
          />
        </div>
      ) : null}
      {sharing && shareOffer ? (
        <ShareDialog
          orgId={org.org_id}
          mediaGrantId={grant.media_grant_id}
          target={{ kind: 'file', mediaId: media.media_id, name }}
          maxDays={shareOffer.max_link_days}
          onClose={() => setSharing(false)}
        />
      ) : null}
      <PanelTabs label="File details" tabs={tabs}>
        {(tab) =>
          tab === 'Properties' ? (
            <Properties media={media} path={fullPath} />
          ) : tab === 'Versions' ? (
            <Versions
              versions={media.version_list}
              busy={busy}
              onOpen={(version) => transfer({ mediaVersionId: version.media_version_id }, true)}
              onDownload={(version) => transfer({ mediaVersionId: version.media_version_id }, false)}
              onRestore={restore}
            />
          ) : (
            <AuditTracking orgId={org.org_id} mediaId={media.media_id} />
          )
        }
      </PanelTabs>
    </section>
  )
}
