// Serves the built app on the API's port: hashed assets cached for a year, everything that must stay fresh
// (the shell, the service worker, the manifest) revalidated, and every unknown app path answered with the
// shell so that client-side routes work on reload. API and storage paths are never answered with the shell.
// The build writes each text file beside itself as name.br and name.gz (scripts/build.mjs): the file is sent
// in the best encoding the request accepts, with Content-Encoding and Vary: Accept-Encoding, the shell too.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { isAppPath, SHARE_PATH_PREFIX } from '../contract/paths.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/**
 * A path under /assets/, or a file name at the root (/sw.js, /icon.png), is a file that is not there (an old
 * chunk, say), not an app route. Deeper paths are routes even with an extension: /home/{container}/notes.txt
 * is a file's detail screen, which a reload must open.
 */
export function isMissingFile(urlPath: string): boolean {
  if (urlPath.startsWith('/assets/')) return true
  return urlPath.lastIndexOf('/') === 0 && path.extname(urlPath) !== ''
}

/** The content security policy's hashes ('sha256-…') of a page's inline scripts, as the browser computes them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}`,
  )
}

/**
 * The hashes of the built shell's inline scripts, as they are now; none while the app is not built. The file
 * is read again only when it changes, so that a build put in place under a running server has its own script
 * allowed, not the last one's.
 */
export function appShellInlineScripts(appDir: string): () => string[] {
  const indexFile = path.join(appDir, 'index.html')
  let read: { mtimeMs: number; hashes: string[] } = { mtimeMs: Number.NaN, hashes: [] }
  return () => {
    const mtimeMs = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN
    if (Number.isNaN(mtimeMs)) return []
    if (mtimeMs !== read.mtimeMs)
      read = { mtimeMs, hashes: inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) }
    return read.hashes
  }
}

export async function registerAppShell(app: FastifyInstance, appDir: string): Promise<void> {
  const indexFile = path.join(appDir, 'index.html')
  const built = fs.existsSync(indexFile)
  if (!built) app.log.warn({ appDir }, 'the app is not built: only the API is served (run `npm run build`)')

  if (built) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(appDir, filePath)
        reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE)
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/'
    const wantsShell = (request.method === 'GET' || request.method === 'HEAD') && isAppPath(urlPath)
    if (!wantsShell) return reply.code(404).send({ error: 'not_found' })
    if (!built) return reply.code(503).send({ error: 'app_not_built' })
    if (isMissingFile(urlPath)) return reply.code(404).send({ error: 'not_found' })
    // A share link's page names a token: no search engine may keep it.
    if (urlPath.startsWith(SHARE_PATH_PREFIX)) void reply.header('X-Robots-Tag', 'noindex')
    return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html')
  })
}
