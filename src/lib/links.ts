// Link rules of specification 000, section 2: links beginning with http, tel or mail open in a new
// window; the others navigate within the app and remember where they came from, so that going back
// returns there, or to / when there is no earlier path.

export function isExternalHref(href: string): boolean {
  return /^(http|tel|mail)/i.test(href)
}

export const BACK_FALLBACK_PATH = '/'

/** Where going back leads: the last remembered path, or / when none is left. */
export function backTarget(history: readonly string[]): string {
  return history.at(-1) ?? BACK_FALLBACK_PATH
}

/** A path from a query value is followed only when it stays on this site. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined
  return value
}

/** After login: back to the remembered path, except that coming from /logout leads to /. */
export function afterLoginPath(remembered: unknown): string {
  const path = safeReturnPath(remembered)
  if (!path || path === '/logout' || path.startsWith('/logout?') || path.startsWith('/login')) return '/'
  return path
}
