// Share Links: the links made to files and folders of the organization, with their label, target, expiry,
// downloads, last use and state, and Revoke. An admin sees every link of the organization with who made
// it, and the organization's settings (links on or off, the longest lifetime); a member sees their own
// (the server answers so). Links are made from the file screens (Share).
import { useSuspenseQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
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

/** A path that breaks after its slashes first ('Client Deliveries/' over 'Selects/'), mid-name only if it must. */
function PathText({ path }: { path: string }) {
  const parts = path.split('/')
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ))
}

// A row's Revoke is the console's quiet row action (a secondary button, as Remove on a user's grants and
// volumes): a column of solid red buttons would shout over the list. The question it asks is red, as every
// yes that takes something away is.
function RevokeButton({ orgId, link }: { orgId: number; link: ShareLink }) {
  const revoke = useRevokeShareLink(orgId)
  if (!canRevoke(link)) return null
  return (
    <ConfirmAction
      className="button secondary"
      destructive
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

// On a desk the short values (expiry, downloads, last use, state) keep their whole width on one line and
// the three long ones share the rest: the label and the target's path wrap rather than lose their ends;
// the creator's e-mail clips, its whole value in the title. On a phone a row is a small card (src/styles/shareLinks.css): the label with Revoke, the target,
// then the state and the labelled values, wrapping between values rather than clipping them, since a
// compact row's one second line cannot hold five of them.
function columnsFor(orgId: number, isAdmin: boolean): ReadonlyArray<Column<ShareLink>> {
  return [
    {
      key: 'label',
      header: 'Label',
      rowHeader: true,
      className: 'share-link-label',
      render: (link) => link.label,
      width: isAdmin ? '20%' : '30%',
    },
    ...(isAdmin
      ? [
          {
            key: 'creator',
            header: 'Created By',
            className: 'share-link-creator',
            phone: 'labelled' as const,
            ellipsis: true,
            width: '16%',
            render: (link: ShareLink) => link.user_name ?? link.email ?? '',
          },
        ]
      : []),
    {
      key: 'target',
      header: 'Target',
      // A path wraps, as the audit's and Files at Risk's do: its end names what was shared.
      className: 'share-link-target cell-path',
      width: isAdmin ? '26%' : '30%',
      render: (link) => <PathText path={shareTargetText(link)} />,
      title: shareTargetText,
    },
    {
      key: 'expires',
      header: 'Expires',
      className: 'share-link-value',
      phone: 'labelled',
      render: (link) => <DateTime value={link.expires_at} coming />,
    },
    {
      key: 'downloads',
      header: 'Downloads',
      className: 'share-link-value',
      phone: 'labelled',
      render: shareDownloadsText,
    },
    {
      key: 'last_used',
      header: 'Last Used',
      className: 'share-link-value',
      phone: 'labelled',
      render: (link) => <DateTime value={link.last_used} empty="Never" />,
    },
    {
      key: 'state',
      header: 'State',
      className: 'share-link-value share-link-state',
      render: (link) => shareStateText(link.state),
    },
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
      {settings.share_links_enabled ? null : <p className="notice">{SHARE_LINKS_OFF_MESSAGE}</p>}
      <div className="panel">
        {settings.share_links_enabled ? (
          <p className="hint share-links-hint">
            {org.is_admin
              ? 'Every link of the organization. Make a link with Share on a file or a folder.'
              : 'Your links. Make a link with Share on a file or a folder.'}
          </p>
        ) : null}
        <Table
          label="Share links"
          className="share-links-table"
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
