// The visitor's page of a share link: the organization that sent it, then the passphrase form, the files,
// or a full page saying the link cannot be opened (unknown and revoked links read the same).
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactNode } from 'react'
import { checkSharePassphrase, shareFileUrl, type ShareVisit } from '../../api/shareVisit.ts'
import { initials } from '../../lib/format.ts'
import { forgetLinkSession, keepLinkSession } from '../../lib/linkSessions.ts'
import { FormError } from '../../ui/FormError.tsx'
import { TextField } from '../../ui/Field.tsx'
import { SharedFiles } from './SharedFiles.tsx'
import { ShareDownloadsPanel } from './ShareDownloadsPanel.tsx'
import {
  ASK_SENDER_MESSAGE,
  DOWNLOAD_FAILED_MESSAGE,
  GONE_TEXT,
  LOAD_FAILED_MESSAGE,
  linkGoneOf,
  needsPassphraseAgain,
  passphraseErrorOf,
  type LinkGone,
} from '../../lib/shareVisitText.ts'
import { useShareVisit } from './useShareVisit.ts'

export function SharePage({ token, path }: { token: string; path: string }) {
  const { state, reload } = useShareVisit(token, path)
  const navigate = useNavigate()
  const [gone, setGone] = useState<LinkGone>()
  const [notice, setNotice] = useState<string>()

  const goneNow = gone ?? (state.status === 'failed' ? linkGoneOf(state.error) : undefined)
  if (goneNow) return <GonePage gone={goneNow} />
  if (state.status === 'loading')
    return (
      <ShareFrame>
        <div className="share-loading" aria-busy="true">
          <h1 className="visually-hidden">Shared files</h1>
          <div className="skeleton share-loading-title" />
          <div className="skeleton share-loading-body" />
        </div>
      </ShareFrame>
    )
  if (state.status === 'failed')
    return (
      <ShareFrame>
        <section className="share-card share-message">
          <h1>Shared files</h1>
          <p>{LOAD_FAILED_MESSAGE}</p>
          <button type="button" className="button" onClick={reload}>
            Try again
          </button>
        </section>
      </ShareFrame>
    )

  const { visit } = state
  if (visit.needs_passphrase || !visit.link_session)
    return (
      <ShareFrame orgName={visit.org_name}>
        <PassphraseForm token={token} visit={visit} onOpened={reload} />
      </ShareFrame>
    )

  const linkSession = visit.link_session
  /** Asks for a file's signed URL; a refused session asks for the passphrase again, a gone link says so. */
  const fileUrl = async (mediaId: number, inline: boolean): Promise<string | undefined> => {
    setNotice(undefined)
    try {
      return await shareFileUrl(token, linkSession, mediaId, inline)
    } catch (error) {
      const nowGone = linkGoneOf(error)
      if (nowGone) setGone(nowGone)
      else if (needsPassphraseAgain(error)) {
        forgetLinkSession(token)
        reload()
      } else setNotice(DOWNLOAD_FAILED_MESSAGE)
      return undefined
    }
  }

  return (
    <ShareFrame orgName={visit.org_name}>
      <SharedFiles
        token={token}
        visit={visit}
        linkSession={linkSession}
        fileUrl={fileUrl}
        notice={notice}
        openPath={(next) =>
          void navigate({ to: '/s/$token', params: { token }, search: next ? { path: next } : {} })
        }
      />
    </ShareFrame>
  )
}

/** The page's frame: the sender's name where it is known, the page, and where it comes from. */
function ShareFrame({ orgName, children }: { orgName?: string; children: ReactNode }) {
  return (
    <div className="share-visit">
      <header className="share-visit-header">
        {orgName ? (
          <span className="share-org">
            <span className="share-org-mark" aria-hidden="true">
              {initials(orgName)}
            </span>
            <span className="share-org-name">{orgName}</span>
          </span>
        ) : null}
      </header>
      <main className="share-visit-main" id="content" tabIndex={-1}>
        {children}
      </main>
      <footer className="share-visit-footer">Shared securely with Media Console</footer>
      <ShareDownloadsPanel />
    </div>
  )
}

function GonePage({ gone }: { gone: LinkGone }) {
  const text = GONE_TEXT[gone]
  return (
    <ShareFrame>
      <section className="share-card share-message" data-testid="share-gone">
        <span className={`share-message-icon ${gone}`} aria-hidden="true" />
        <h1>{text.heading}</h1>
        <p>{text.detail}</p>
        <p className="share-muted">{ASK_SENDER_MESSAGE}</p>
      </section>
    </ShareFrame>
  )
}

function PassphraseForm({
  token,
  visit,
  onOpened,
}: {
  token: string
  visit: ShareVisit
  onOpened: () => void
}) {
  const [passphrase, setPassphrase] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!passphrase || busy) return
    setBusy(true)
    setError(undefined)
    try {
      const session = await checkSharePassphrase(token, passphrase)
      keepLinkSession(token, {
        link_session: session.link_session,
        expires_at: session.link_session_expires_at,
      })
      onOpened()
    } catch (failure) {
      setError(passphraseErrorOf(failure))
      setBusy(false)
    }
  }

  return (
    <section className="share-card share-passphrase" aria-labelledby="share-passphrase-heading">
      <span className="share-message-icon locked" aria-hidden="true" />
      <h1 id="share-passphrase-heading">{visit.label}</h1>
      <p className="share-muted">
        {visit.org_name} shared this with you. Enter the passphrase they gave you to open it.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Passphrase"
          type="password"
          autoComplete="off"
          value={passphrase}
          onChange={setPassphrase}
          required
        />
        <FormError message={error} />
        <button type="submit" className="button share-passphrase-submit" disabled={busy || !passphrase}>
          {busy ? 'Checking…' : 'Open'}
        </button>
      </form>
    </section>
  )
}
