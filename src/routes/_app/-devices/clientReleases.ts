// The desktop clients listed on /device (specification 001, sections 2 and 9) with their release numbers,
// and the device agent of this repository (docs/devices.md), which the console serves itself. The
// installers are not built by this repository and no deployment serves them yet: they are listed as not
// yet available rather than as links that lead nowhere.

export interface ClientRelease {
  label: string
  version: string
  beta: boolean
}

export const CLIENT_RELEASES: readonly ClientRelease[] = [
  { label: 'Mac Apple Silicon', version: '1.0.261', beta: false },
  { label: 'Mac Intel', version: '1.0.261', beta: false },
  { label: 'Avid Launcher', version: '1.0.80', beta: false },
  { label: 'Windows x64', version: '1.0.440', beta: true },
  { label: 'Windows arm64', version: '1.0.440', beta: true },
]

/** How a release reads: 'Windows x64 1.0.440 (beta)'. */
export function releaseText(release: ClientRelease): string {
  return `${release.label} ${release.version}${release.beta ? ' (beta)' : ''}`
}

/** The device agent as one file, built with the console (scripts/build.mjs) and served beside it. */
export const AGENT_DOWNLOAD_PATH = '/downloads/media-agent.mjs'
export const AGENT_FILE_NAME = 'media-agent.mjs'

/** The commands that connect a machine with the downloaded agent, for this console's address. */
export function agentCommands(origin: string): string[] {
  const server = origin.replace(/\/+$/, '')
  return [
    `node ${AGENT_FILE_NAME} login --server ${server} --email you@example.com`,
    `node ${AGENT_FILE_NAME} register --app <app_id> --secret <secret_key>`,
    `node ${AGENT_FILE_NAME} sync <mount> <folder>`,
  ]
}
