// One file (specification 000, section 2): Open, Download, Delete or Undelete, and the tabs Properties,
// Versions and, for admins, Audit Tracking. The address names the file by path; its id comes from the
// listing of its directory.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { notFound, useRouter } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import {
  deleteMedia,
  getMedia,
  mediaQueries,
  registerMedia,
  undeleteMedia,
  type MediaDetail,
  type MediaVersion,
} from '../../../api/media.ts'
import { ApiError } from '../../../api/transport.ts'
import { showAlert, showConfirm } from '../../../app/dialogs.tsx'
import { navigateRemembering } from '../../../app/navigation.ts'
import { useApi } from '../../../app/session.ts'
import { areaHref, baseName, parentDirectory, relativeMediaPath, sameName } from '../../../lib/filePaths.ts'
import { formatBytes, formatLongTime } from '../../../lib/format.ts'
import {
  DELETE_FAILED_MESSAGE,
  NO_DOWNLOAD_PERMISSION_MESSAGE,
  RESTORE_FAILED_MESSAGE,
  RESTORE_FILE_FAILED_MESSAGE,
} from '../../../lib/messages.ts'
import { registerWithSuffix } from '../../../lib/restore.ts'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import type { Container } from './container.ts'
import { NoAccess } from './NoAccess.tsx'
import { downloadFile, openInWindow, type Target } from './transfer.ts'

type TabName = 'Properties' | 'Versions' | 'Audit Tracking'

function Tabs({ tabs, children }: { tabs: TabName[]; children: (tab: TabName) => ReactNode }) {
  const [current, setCurrent] = useState<TabName>('Properties')
  const id = useId()
  return (
    <div className="tabs">
      <div role="tablist" aria-label="File details">
        {tabs.map((tab, index) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => setCurrent(tab)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
              if (step === 0) return
              const next = tabs[(index + step + tabs.length) % tabs.length] as TabName
              setCurrent(next)
              document.getElementById(`${id}-tab-${tabs.indexOf(next)}`)?.focus()
            }}
          >
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs.indexOf(current)}`}>
        {children(current)}
      </div>
    </div>
  )
}

function Properties({ media, path }: { media: MediaDetail; path: string }) {
  const fields: Array<[string, ReactNode]> = [
    ['File Name', baseName(path)],
    ['Full Path', path],
    ['Size', formatBytes(media.file_size)],
    ['Size in Bytes', media.file_size.toLocaleString('en-US')],
    ['Status', media.is_deleted ? 'Deleted' : 'Active'],
    ['Media ID', media.media_id],
    ['File Hash', <code key="hash">{media.file_hash}</code>],
    ['Last Updated', formatLongTime(media.last_updated)],
    ['Last Modified By', media.last_update_user_name ?? media.last_update_device_name ?? ''],
    ['Network Status', media.in_s3 ? 'In Cloud' : 'Not Uploaded'],
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
      <table className="table" aria-labelledby="devices-heading">
        <thead>
          <tr>
            <th scope="col">Device Name</th>
            <th scope="col">Last Seen</th>
          </tr>
        </thead>
        <tbody>
          {media.hash_containers.length === 0 ? (
            <tr>
              <td colSpan={2} className="empty-state">
                Not found on any devices.
              </td>
            </tr>
          ) : (
            media.hash_containers.map((device, index) => (
              <tr key={`${device.device_name}-${index}`}>
                <td>{device.device_name}</td>
                <td>{formatLongTime(device.last_seen)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
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
      <table className="table" aria-label="Versions">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col">Create Date</th>
            <th scope="col">Size</th>
            <th scope="col">File Hash</th>
            <th scope="col">Modified By</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.media_version_id} aria-selected={version.media_version_id === selectedId}>
              <td>
                <input
                  type="radio"
                  name={name}
                  aria-label={`Select version of ${formatLongTime(version.create_time)}`}
                  checked={version.media_version_id === selectedId}
                  onChange={() => setSelectedId(version.media_version_id)}
                />
              </td>
              <td>{formatLongTime(version.create_time)}</td>
              <td>{formatBytes(version.file_size)}</td>
              <td className="cell-hash">
                <code>{version.file_hash}</code>
              </td>
              <td>{version.user_name ?? version.device_name ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

function AuditTracking({ orgId, mediaId }: { orgId: number; mediaId: number }) {
  const api = useApi()
  const audit = useQuery(mediaQueries.audit(api, orgId, mediaId))
  if (audit.isPending) return <p>Loading…</p>
  if (audit.isError) throw audit.error
  return (
    <table className="table" aria-label="Audit Tracking">
      <thead>
        <tr>
          <th scope="col">Timestamp</th>
          <th scope="col">User</th>
          <th scope="col">Destination</th>
        </tr>
      </thead>
      <tbody>
        {audit.data.length === 0 ? (
          <tr>
            <td colSpan={3} className="empty-state">
              No audit events found.
            </td>
          </tr>
        ) : (
          audit.data.map((event, index) => (
            <tr key={`${event.create_time}-${index}`}>
              <td>{formatLongTime(event.create_time)}</td>
              <td>{event.user_name ?? event.email ?? event.device_name ?? ''}</td>
              <td>{event.dest_path ?? 'Web Download'}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  )
}

export function FileDetail({ container, path }: { container: Container; path: string }) {
  const api = useApi()
  const router = useRouter()
  const queryClient = useQueryClient()
  const { grant, org, ref } = container
  const directory = parentDirectory(path)
  const name = baseName(path)
  const listing = useQuery(mediaQueries.directory(api, ref, directory))
  const found = listing.data?.media_list.find((media) => sameName(baseName(media.media_path), name))
  const detail = useQuery({
    ...mediaQueries.detail(api, ref, found?.media_id ?? 0),
    enabled: found !== undefined,
  })
  const [busy, setBusy] = useState(false)

  const failure = listing.error ?? detail.error
  if (failure) {
    if (failure instanceof ApiError && failure.status === 404) return <NoAccess isAdmin={org.is_admin} />
    throw failure
  }
  if (listing.isSuccess && !found) throw notFound()
  if (!detail.data) return <p className="page-loading">Loading…</p>
  const media = detail.data
  const fullPath = relativeMediaPath(media.media_path, grant.prefix_path)

  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaQueries.grant(ref) })

  function transfer(target: Target, open: boolean) {
    if (!org.cap_web_download) return showAlert(NO_DOWNLOAD_PERMISSION_MESSAGE)
    void (open ? openInWindow(api, ref, target) : downloadFile(api, ref, target))
  }

  function changeStatus() {
    const undelete = media.is_deleted
    showConfirm(
      { text: `${undelete ? 'Undelete' : 'Delete'} ${name}?`, positive: undelete ? 'Undelete' : 'Delete' },
      async (positive) => {
        if (!positive) return
        setBusy(true)
        try {
          await (undelete ? undeleteMedia : deleteMedia)(api, ref, media.media_id)
        } catch {
          showAlert(undelete ? RESTORE_FAILED_MESSAGE : DELETE_FAILED_MESSAGE)
        }
        await refresh()
        setBusy(false)
      },
    )
  }

  function restore(version: MediaVersion) {
    showConfirm(
      { text: `Restore this version of ${name} to its folder?`, positive: 'Restore' },
      async (positive) => {
        if (!positive) return
        setBusy(true)
        try {
          let content: MediaVersion | undefined
          try {
            const fresh = await getMedia(api, ref, media.media_id)
            content = fresh.version_list.find((each) => each.media_version_id === version.media_version_id)
          } catch {
            content = undefined
          }
          if (!content?.file_hash) return showAlert(RESTORE_FILE_FAILED_MESSAGE)
          const { file_hash, file_size } = content
          try {
            await registerWithSuffix(name, (candidate) =>
              registerMedia(api, ref, { media_path: `${directory}${candidate}`, file_hash, file_size }),
            )
          } catch {
            return showAlert(RESTORE_FAILED_MESSAGE)
          }
          await refresh()
          navigateRemembering(router, areaHref('home', grant.grant_name, directory))
        } finally {
          setBusy(false)
        }
      },
    )
  }

  const tabs: TabName[] = org.is_admin
    ? ['Properties', 'Versions', 'Audit Tracking']
    : ['Properties', 'Versions']
  return (
    <section aria-labelledby="file-heading" className="file-detail">
      <Breadcrumbs grantName={grant.grant_name} directory={directory} leaf={name} />
      <h1 id="file-heading" className={media.is_deleted ? 'deleted' : undefined}>
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
        <button type="button" className="button danger" disabled={busy} onClick={changeStatus}>
          {media.is_deleted ? 'Undelete' : 'Delete'}
        </button>
      </div>
      <Tabs tabs={tabs}>
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
      </Tabs>
    </section>
  )
}
