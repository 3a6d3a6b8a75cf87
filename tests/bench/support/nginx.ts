// nginx in front of server processes, configured by the deployment guide's own file: the bench's nginx.conf
// holds only what differs on loopback (the upstream of this run's processes, a listening port, paths in a
// temporary directory) and includes deploy/nginx/media-console-locations.conf, the file docs/deploy.md
// tells an operator to install. nginx comes from Debian's package, installed here when running as root
// with apt-get (as scripts/ensure-chromium.mjs installs Chromium); elsewhere the bench says what is missing.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../../e2e/support/server.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const LOCATIONS_FILE = path.join(ROOT, 'deploy/nginx/media-console-locations.conf')
const NGINX = '/usr/sbin/nginx'
const START_TIMEOUT_MS = 10_000

/** nginx's path, installing Debian's package when it can; undefined, with why, when nginx is missing. */
export function ensureNginx(): { nginx: string } | { missing: string } {
  if (fs.existsSync(NGINX)) return { nginx: NGINX }
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    return { missing: `nginx is not at ${NGINX} (as root: apt-get install -y nginx)` }
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'ignore', env })
  } catch (error) {
    return { missing: `apt-get could not install nginx (${(error as Error).message})` }
  }
  return fs.existsSync(NGINX) ? { nginx: NGINX } : { missing: `nginx is still not at ${NGINX}` }
}

export interface Balancer {
  url: string
  stop(): Promise<void>
}

/** nginx on a free loopback port, sending requests to these base URLs (http://127.0.0.1:port) in turn. */
export async function startNginx(nginx: string, targets: readonly string[]): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-nginx-'))
  const port = await freePort()
  const servers = targets.map((target) => `    server ${new URL(target).host};`).join('\n')
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // Run as root, nginx's workers would be nobody, who cannot write its temporary files here.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      // As Debian's nginx.conf has it: a worker per core.
      'worker_processes auto;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      '  upstream media_console {',
      servers,
      '    keepalive 64;',
      '  }',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    include ${LOCATIONS_FILE};`,
      '  }',
      '}',
      '',
    ].join('\n'),
  )
  const child = spawn(
    nginx,
    ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  let exited = false
  const gone = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true
      resolve()
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (!exited) child.kill('SIGQUIT') // nginx's graceful stop
    await gone
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop }
    } catch {
      // not listening yet
    }
    if (exited || Date.now() > deadline) {
      await stop()
      throw new Error(`nginx did not answer /healthz: ${errors}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
