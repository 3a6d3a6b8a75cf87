// Serves the built app on the API's port: hashed assets cached for a year, everything that must stay fresh
// (the shell, the service worker, the manifest) revalidated, and every unknown app path answered with the
// shell so that client-side routes work on reload. API and storage paths are never answered with the shell.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { isAppPath } from '../contract/paths.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

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
    // Paths with a file extension are missing files (an old chunk, say), not app routes.
    if (path.extname(urlPath) !== '') return reply.code(404).send({ error: 'not_found' })
    return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html')
  })
}
