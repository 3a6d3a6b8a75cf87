// The server as `npm start` runs it: server/main.ts in a process of its own, with only the environment given.
// For what only a whole process shows: its exit status and output when it refuses to start, and the file
// modes it leaves in DATA_DIR with the umask main.ts sets. main.ts runs bundled (nodeBundle.ts).
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { writeBundle } from './nodeBundle.ts'
import { freePort } from './server.ts'

const START_TIMEOUT_MS = 60_000

export interface ServerProcess {
  /** The server's address once it listens; undefined when it ended first. */
  url: string | undefined
  /** The exit code once it has ended (null: ended by a signal); undefined while it runs. */
  readonly exitCode: number | null | undefined
  stdout(): string
  stderr(): string
  /** Sends a signal to a running server, without waiting for it to end. */
  signal(name: NodeJS.Signals): void
  /** Resolves with the exit code once the server has ended (null: ended by a signal). */
  ended(): Promise<number | null>
  /** Stops a running server (SIGTERM, as a supervisor would) and waits for it to end. */
  stop(): Promise<void>
  /** Ends it at once (SIGKILL, as a crash or the kernel's OOM killer would) and waits for it to end. */
  kill(): Promise<void>
}

/** Starts main.ts with exactly this environment; resolves once it listens or has ended. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const entry = await writeBundle('server/main.ts', 'server-main')
  // A port chosen first, so that PUBLIC_URL names the real address (the local store signs its host).
  const port = env.PORT ?? String(await freePort())
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  let exitCode: number | null | undefined
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (status) => {
      exitCode = status
      void fs.rm(entry, { force: true }).then(resolve)
    }),
  )

  // Fastify says where it listens ("Server listening at http://127.0.0.1:<port>") once the socket is open.
  const listening = async (): Promise<string> => {
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(stdout)
      if (match?.[1]) return match[1]
      if (exitCode !== undefined) throw new Error('ended')
      if (Date.now() > deadline) throw new Error(`the server did not start within ${START_TIMEOUT_MS} ms`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  let url: string | undefined
  try {
    url = await listening()
  } catch (error) {
    if (exitCode === undefined) {
      child.kill('SIGKILL')
      await ended
      throw error
    }
  }

  return {
    url,
    get exitCode() {
      return exitCode
    },
    stdout: () => stdout,
    stderr: () => stderr,
    signal(name) {
      if (exitCode === undefined) child.kill(name)
    },
    ended: () => ended.then(() => exitCode ?? null),
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM')
      await ended
    },
    async kill() {
      if (exitCode === undefined) child.kill('SIGKILL')
      await ended
    },
  }
}
