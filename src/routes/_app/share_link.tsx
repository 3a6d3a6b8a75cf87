// Share Links: the links made to files and folders of the organization, with their label, target, expiry,
// downloads, last use and state, and Revoke. An admin sees every link of the organization with who made
// it, and the organization's settings (links on or off, the longest lifetime); a member sees their own
// (the server answers so). Links are made from the file screens (Share).
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { shareLinkQueries, useRevokeShareLink, type ShareLink } from '../../api/shareLinks.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { useSession } from '../../app/session.ts'
import type { Session } from '../../app/session.ts'
import type { OrgListItem } from '../../api/user.ts'
import { messageFor, NO_SHARE_LINKS_MESSAGE, SHARE_LINKS_OFF_MESSAGE } from '../../lib/messages.ts'
import { canRevoke, shareDownloadsText, shareStateText, shareTargetText } from '../../lib/shareLinks.ts'
import { ConfirmAction } from '../../ui/ConfirmAction.tsx'
import { DateTime } from '../../ui/DateTime.tsx'
import { actionsColumn, Table, type Column } from '../../ui/Table.tsx'
import { ShareLinkSettingsForm } from './-shareLinks/ShareLinkSettingsForm.tsx'

/** Links belong to an organization: without one there is no such screen. */
function shareLinkOrg(session: Session): OrgListItem {
  if (!session.currentOrg) throw notFound()
  return session.currentOrg
}

export const Route = createFileRoute('/_app/share_link')({
  beforeLoad: ({ context }) => {
    shareLinkOrg(context.session)
  },
  loader: async ({ context }) => {
    const { org_id } = shareLinkOrg(context.session)
    await Promise.all([
      context.queryClient.ensureQueryData(shareLinkQueries.list(org_id)),
      context.queryClient.ensureQueryData(shareLinkQueries.settings(org_id)),
    ])
  },
  component: ShareLinksPage,
})

function RevokeButton({ orgId, link }: { orgId: number; link: ShareLink }) {
  const revoke = useRevokeShareLink(orgId)
  if (!canRevoke(link)) return null
  return (
    <ConfirmAction
      disabled={revoke.isPending}
      confirm={{
        text: `Revoke the link ${link.label}? Whoever has it can no longer open it.`,
        positive: 'Revoke',
      }}
      onConfirm={() =>
        revoke.mutate(link.share_link_id, {
          onError: (failure) => showAlert(messageFor('share_link_revoke', failure)),
        })
      }
    >
      Revoke<span className="visually-hidden"> {link.label}</span>
    </ConfirmAction>
  )
}

// On a phone a row keeps its label, target and state (and Revoke): the rest stays for screen readers and
// the desk, where a second line of seven values would clip each one to nothing.
function columnsFor(orgId: number, isAdmin: boolean): ReadonlyArray<Column<ShareLink>> {
  return [
    {
      key: 'label',
      header: 'Label',
      rowHeader: true,
      render: (link) => link.label,
      ellipsis: true,
      minWidth: '8rem',
    },
    ...(isAdmin
      ? [
          {
            key: 'creator',
            header: 'Created By',
            phone: 'hidden' as const,
            ellipsis: true,
            render: (link: ShareLink) => link.user_name ?? link.email ?? '',
          },
        ]
      : []),
    { key: 'target', header: 'Target', ellipsis: true, minWidth: '8rem', render: shareTargetText },
    // A moment to come: in full, where the simple display (made for moments past) would read as today's.
    {
      key: 'expires',
      header: 'Expires',
      phone: 'hidden',
      render: (link) => <DateTime value={link.expires_at} long />,
    },
    { key: 'downloads', header: 'Downloads', phone: 'hidden', render: shareDownloadsText },
    {
      key: 'last_used',
      header: 'Last Used',
      phone: 'hidden',
      render: (link) => <DateTime value={link.last_used} empty="Never" />,
    },
    { key: 'state', header: 'State', render: (link) => shareStateText(link.state) },
    actionsColumn((link) => <RevokeButton orgId={orgId} link={link} />),
  ]
}

function ShareLinksPage() {
  const org = shareLinkOrg(useSession())
  const { data: links } = useSuspenseQuery(shareLinkQueries.list(org.org_id))
  const { data: settings } = useSuspenseQuery(shareLinkQueries.settings(org.org_id))
  return (
    <main className="page">
      <h1>Share Links</h1>
      {settings.share_links_enabled ? (
        <p className="hint">
          {org.is_admin
            ? 'Every link of the organization. Make a link with Share on a file or a folder.'
            : 'Your links. Make a link with Share on a file or a folder.'}
        </p>
      ) : (
        <p className="notice">{SHARE_LINKS_OFF_MESSAGE}</p>
      )}
      <div className="panel">
        <Table
          label="Share links"
          columns={columnsFor(org.org_id, org.is_admin)}
          rows={links}
          rowKey={(link) => link.share_link_id}
          rowData={(link) => ({ 'data-state': link.state })}
          empty={NO_SHARE_LINKS_MESSAGE}
        />
      </div>
      {org.is_admin ? (
        <section className="panel" aria-labelledby="share-settings-heading">
          <h2 id="share-settings-heading">Settings</h2>
          <ShareLinkSettingsForm orgId={org.org_id} settings={settings} />
        </section>
      ) : null}
    </main>
  )
}
