// A share link's visit (its link session, answered by the page's first call or by the passphrase) kept for
// the browser tab, per token: a reload asks for the passphrase again only once the session has expired.
// sessionStorage, not localStorage: the visit ends with the tab, as a visitor on a shared machine expects.

export interface LinkSession {
  link_session: string
  expires_at: string
}

/** What the module needs of sessionStorage; tests give a Map-backed one. */
export interface SessionStorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const keyOf = (token: string) => `link-session-${token}`

function browserStorage(): SessionStorageLike | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    // Storage turned off by the browser's settings: the visit lasts as long as the page.
    return undefined
  }
}

/** The token's session if one is kept and not expired (an expired one is dropped). */
export function readLinkSession(
  token: string,
  now: number = Date.now(),
  storage: SessionStorageLike | undefined = browserStorage(),
): string | undefined {
  const kept = storage?.getItem(keyOf(token))
  if (!kept) return undefined
  try {
    const session = JSON.parse(kept) as Partial<LinkSession>
    const expires = Date.parse(session.expires_at ?? '')
    if (typeof session.link_session === 'string' && expires > now) return session.link_session
  } catch {
    // Not ours, or damaged: dropped below.
  }
  storage?.removeItem(keyOf(token))
  return undefined
}

export function keepLinkSession(
  token: string,
  session: LinkSession,
  storage: SessionStorageLike | undefined = browserStorage(),
): void {
  storage?.setItem(keyOf(token), JSON.stringify(session))
}

export function forgetLinkSession(
  token: string,
  storage: SessionStorageLike | undefined = browserStorage(),
): void {
  storage?.removeItem(keyOf(token))
}
