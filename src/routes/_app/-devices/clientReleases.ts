// The desktop clients listed on /device (specification 001, sections 2 and 9) with their release numbers.
// Every link is built from one path under the console's own origin, so a deployment serves the installers
// there (a local install may not: the device agent of this repository connects a machine without them).
export const CLIENT_DOWNLOAD_PATH = '/downloads/client'

export interface ClientRelease {
  label: string
  version: string
  /** The installer's name under CLIENT_DOWNLOAD_PATH, before its version. */
  slug: string
  beta: boolean
}

export const CLIENT_RELEASES: readonly ClientRelease[] = [
  { label: 'Mac Apple Silicon', version: '1.0.261', slug: 'mac-arm64', beta: false },
  { label: 'Mac Intel', version: '1.0.261', slug: 'mac-x64', beta: false },
  { label: 'Avid Launcher', version: '1.0.80', slug: 'avid-launcher', beta: false },
  { label: 'Windows x64', version: '1.0.440', slug: 'windows-x64', beta: true },
  { label: 'Windows arm64', version: '1.0.440', slug: 'windows-arm64', beta: true },
]

/** Where a release downloads from: `${origin}/downloads/client/mac-arm64/1.0.261`. */
export function clientDownloadUrl(origin: string, release: Pick<ClientRelease, 'slug' | 'version'>): string {
  return `${origin.replace(/\/+$/, '')}${CLIENT_DOWNLOAD_PATH}/${release.slug}/${release.version}`
}

/** How a release reads: 'Windows x64 1.0.440 (beta)'. */
export function releaseText(release: ClientRelease): string {
  return `${release.label} ${release.version}${release.beta ? ' (beta)' : ''}`
}

/** The command that connects this machine without an installer (docs/devices.md). */
export const DEVICE_AGENT_COMMAND = 'npm run device -- login'
