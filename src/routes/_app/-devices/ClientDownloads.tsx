// The ways to connect a machine (specification 001, sections 2 and 9). The device agent of this repository
// is served by the console itself and runs wherever Node.js does; the desktop installers of the spec are
// listed with their releases but are not served yet, so they say so instead of linking to nothing.
import {
  AGENT_DOWNLOAD_PATH,
  AGENT_FILE_NAME,
  CLIENT_RELEASES,
  agentCommands,
  releaseText,
} from './clientReleases.ts'

export function ClientDownloads() {
  return (
    <section className="panel client-downloads-panel" aria-labelledby="client-downloads-heading">
      <h2 id="client-downloads-heading">Download the Client</h2>
      <h3>Device Agent</h3>
      <p>
        Connects this machine and keeps folders in step with containers, from a terminal. It needs Node.js 20
        or later (macOS, Windows or Linux).
      </p>
      <p>
        <a className="button" href={AGENT_DOWNLOAD_PATH} download={AGENT_FILE_NAME}>
          Download the Device Agent
        </a>
      </p>
      <p className="hint">
        Then sign in, register the machine with an app's key (Organization, Apps) and sync a mounted folder:
      </p>
      <ol className="agent-commands">
        {agentCommands(window.location.origin).map((command) => (
          <li key={command}>
            <code>{command}</code>
          </li>
        ))}
      </ol>
      <h3>Desktop Clients</h3>
      <ul className="client-releases" aria-label="Desktop clients">
        {CLIENT_RELEASES.map((release) => (
          <li key={releaseText(release)}>
            {releaseText(release)} <span className="release-status">Not yet available</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
