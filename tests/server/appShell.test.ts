import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers/server.ts'

/** The shell's inline script, as the build writes its early requests (vite-plugins/earlyRequests.ts). */
const INLINE_SCRIPT = '(function(){startEarlyRequests({"routes":[]})})()'

// A small built app: the shell, a content-hashed chunk, the service worker and the manifest.
async function writeApp(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-app-'))
  await fs.mkdir(path.join(dir, 'assets'))
  await fs.writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><title>shell</title><script>${INLINE_SCRIPT}</script><div id="root"></div>`,
  )
  await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  await fs.writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  await fs.writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Media Console"}')
  await fs.mkdir(path.join(dir, 'downloads'))
  await fs.writeFile(path.join(dir, 'downloads', 'media-agent.mjs'), '#!/usr/bin/env node\n')
  return dir
}

describe('app shell', () => {
  let server: TestServer
  let appDir: string
  beforeAll(async () => {
    appDir = await writeApp()
    server = await startServer('pglite', { appDir })
  })
  afterAll(async () => {
    await server?.close()
    await fs.rm(appDir, { recursive: true, force: true })
  })

  it.each(['/', '/home', '/home/grant/folder/', '/volume/12/audit', '/org/app/3', '/no/such/page'])(
    'answers the app route %s with the shell',
    async (route) => {
      const response = await fetch(`${server.url}${route}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<title>shell</title>')
    },
  )

  it("allows the shell's inline script by its hash, and no other inline script, a new build's once it is in place", async () => {
    const scriptSrc = async (route: string) => {
      const csp = (await fetch(`${server.url}${route}`)).headers.get('content-security-policy') ?? ''
      return csp.split('; ').find((directive) => directive.startsWith('script-src '))
    }
    const allowing = (script: string) =>
      `script-src 'self' 'wasm-unsafe-eval' 'sha256-${createHash('sha256').update(script).digest('base64')}'`
    for (const route of ['/login', '/assets/index-abc123.js', '/api/1/config'])
      expect(await scriptSrc(route), route).toBe(allowing(INLINE_SCRIPT))

    const indexFile = path.join(appDir, 'index.html')
    const before = await fs.readFile(indexFile, 'utf8')
    const next = '(function(){startEarlyRequests({"routes":[["/login",[0]]]})})()'
    try {
      await fs.writeFile(indexFile, before.replace(INLINE_SCRIPT, next))
      // A later modification time than the first build's, however coarse the file system's clock.
      await fs.utimes(indexFile, new Date(), new Date(Date.now() + 2000))
      expect(await scriptSrc('/login')).toBe(allowing(next))
    } finally {
      await fs.writeFile(indexFile, before)
      await fs.utimes(indexFile, new Date(), new Date(Date.now() + 4000))
    }
    expect(await scriptSrc('/login')).toBe(allowing(INLINE_SCRIPT))
  })

  it('serves content-hashed chunks as immutable', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await response.text()).toBe('console.log(1)')
  })

  it('makes the service worker and manifest revalidate', async () => {
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(`${server.url}${file}`)
      expect(response.status, file).toBe(200)
      expect(response.headers.get('cache-control'), file).toBe('no-cache')
    }
  })

  it('answers a missing chunk with 404, not the shell', async () => {
    const response = await fetch(`${server.url}/assets/index-gone.js`)
    expect(response.status).toBe(404)
  })

  it('answers a missing file at the root with 404, and a screen whose path ends in a file name with the shell', async () => {
    expect((await fetch(`${server.url}/favicon-gone.ico`)).status).toBe(404)
    for (const screen of ['/home/Media/notes.txt', '/download/Media/a/clip.mov']) {
      const response = await fetch(`${server.url}${screen}`)
      expect(response.status, screen).toBe(200)
      expect(response.headers.get('content-type'), screen).toContain('text/html')
    }
  })

  it('serves the device agent download, and a missing download as 404, not the shell', async () => {
    const agent = await fetch(`${server.url}/downloads/media-agent.mjs`)
    expect(agent.status).toBe(200)
    expect(await agent.text()).toBe('#!/usr/bin/env node\n')
    const gone = await fetch(`${server.url}/downloads/client/mac-arm64/1.0.261`)
    expect(gone.status).toBe(404)
    expect(gone.headers.get('content-type')).not.toContain('text/html')
  })

  it("answers a share link's page with the shell, kept out of search engines, and its calls never", async () => {
    const page = await fetch(`${server.url}/s/${'a'.repeat(43)}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>shell</title>')
    expect(page.headers.get('x-robots-tag')).toBe('noindex')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect((await fetch(`${server.url}/home`)).headers.get('x-robots-tag')).toBeNull()
    const call = await fetch(`${server.url}/s/1/${'a'.repeat(43)}/no/such/call`)
    expect(call.status).toBe(404)
    expect(call.headers.get('content-type')).not.toContain('text/html')
    expect(call.headers.get('x-robots-tag')).toBe('noindex')
    expect(call.headers.get('cache-control')).toBe('no-store')
  })

  it('does not answer other methods with the shell', async () => {
    const response = await fetch(`${server.url}/home`, { method: 'POST' })
    expect(response.status).toBe(404)
  })
})

describe('without a built app', () => {
  it('serves the API and says the app is not built', async () => {
    const server = await startServer('pglite')
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      const response = await fetch(`${server.url}/home`)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ error: 'app_not_built' })
    } finally {
      await server.close()
    }
  })
})
