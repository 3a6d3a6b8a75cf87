// The share target's POST (the manifest's share_target: multipart form data, the files in one field). The
// worker keeps the files (sharedFiles.ts) and sends the app to the share screen with a 303, so the POST
// never reaches the server (which has no route for it) and a reload of the screen does not post again.
import { discardStaleShares, keepShare } from './sharedFiles.ts'
import { SHARE_ACTION, SHARE_FILES_FIELD } from './shareTargetManifest.ts'

declare const self: ServiceWorkerGlobalScope

export function isShareRequest(request: Request, url: URL): boolean {
  return request.method === 'POST' && url.origin === self.location.origin && url.pathname === SHARE_ACTION
}

function seeOther(search: string): Response {
  return Response.redirect(new URL(`${SHARE_ACTION}${search}`, self.location.origin).href, 303)
}

export async function receiveShare({ request }: { request: Request }): Promise<Response> {
  const now = Date.now()
  try {
    const form = await request.formData()
    // Empty files are kept: the share screen says it leaves them out, as the upload screen does.
    const files = form.getAll(SHARE_FILES_FIELD).filter((value): value is File => typeof value !== 'string')
    // Shares never taken up go when a new one comes, as well as when the share screen opens.
    await discardStaleShares(now).catch(() => 0)
    if (files.length === 0) return seeOther('')
    return seeOther(`?id=${encodeURIComponent(await keepShare(files, now))}`)
  } catch (error) {
    // Most likely the device is out of space for the files: the screen asks to share them again.
    console.error('the shared files could not be kept', error)
    return seeOther('?failed=1')
  }
}
