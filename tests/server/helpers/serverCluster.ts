// `npm run serve -- --processes N` as a test runs it: the primary of scripts/cluster.mjs in a process of its
// own, its workers running server/main.ts bundled (nodeBundle.ts), all on one port. The primary's lines and
// the workers' logs share its standard output, which is how the test follows the workers' pids.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { writeBundle } from './nodeBundle.ts'
import { freePort } from './server.ts'

const START_TIMEOUT_MS = 60_000

export interface ServerCluster {
  url: string
  stdout(): string
  /** The pid of each worker listening now, by its slot (1 to N), as the primary announced them. */
  workers(): Map<number, number>
  /** Waits until the output holds the pattern; answers its last match. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
  /** SIGTERM to the primary; answers its exit status once it has ended. */
  stop(): Promise<number | null>
}

export async function startServerCluster(
  processes: number,
  env: Record<string, string>,
): Promise<ServerCluster> {
  const [launcher, server] = await Promise.all([
    writeBundle('tests/server/helpers/clusterMain.ts', 'cluster-main'),
    writeBundle('server/main.ts', 'server-main'),
  ])
  const port = String(await freePort())
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [launcher, String(processes), server], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PUBLIC_URL: url, ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  let exitCode: number | null | undefined
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (status) => {
      exitCode = status
      void Promise.all([fs.rm(launcher, { force: true }), fs.rm(server, { force: true })]).then(() =>
        resolve(),
      )
    }),
  )

  const waitFor = async (pattern: RegExp, timeoutMs = START_TIMEOUT_MS) => {
    const deadline = Date.now() + timeoutMs
    const global = new RegExp(pattern.source, 'g')
    for (;;) {
      const matches = [...stdout.matchAll(global)]
      const last = matches.at(-1)
      if (last) return last as RegExpExecArray
      if (exitCode !== undefined) throw new Error(`the cluster ended (${exitCode}): ${stdout}`)
      if (Date.now() > deadline) throw new Error(`${pattern} did not come within ${timeoutMs} ms: ${stdout}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const workers = () => {
    const bySlot = new Map<number, number>()
    for (const match of stdout.matchAll(/serve: process (\d+) \(pid (\d+)\) is listening/g)) {
      bySlot.set(Number(match[1]), Number(match[2]))
    }
    return bySlot
  }
  try {
    const deadline = Date.now() + START_TIMEOUT_MS
    while (workers().size < processes) {
      if (exitCode !== undefined) throw new Error(`the cluster ended (${exitCode}): ${stdout}`)
      if (Date.now() > deadline) throw new Error(`the cluster did not start: ${stdout}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } catch (error) {
    child.kill('SIGKILL')
    await ended
    throw error
  }
  return {
    url,
    stdout: () => stdout,
    workers,
    waitFor,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM')
      await ended
      return exitCode ?? null
    },
  }
}
