// The desktop clients a person installs to connect a machine (specification 001, sections 2 and 9), and the
// device agent of this repository, which connects one without an installer (docs/devices.md).
import { CLIENT_RELEASES, DEVICE_AGENT_COMMAND, clientDownloadUrl, releaseText } from './clientReleases.ts'

export function ClientDownloads() {
  const origin = window.location.origin
  return (
    <section className="panel" aria-labelledby="client-downloads-heading">
      <h2 id="client-downloads-heading">Download the Client</h2>
      <ul className="client-downloads">
        {CLIENT_RELEASES.map((release) => (
          <li key={release.slug}>
            <a href={clientDownloadUrl(origin, release)}>{releaseText(release)}</a>
          </li>
        ))}
      </ul>
      <p className="hint">
        Or connect this machine with the device agent: <code>{DEVICE_AGENT_COMMAND}</code>
      </p>
    </section>
  )
}
