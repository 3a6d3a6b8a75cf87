// The headers a stored object is served with. The server sets them, never the uploader: the type comes from a
// short list of media types browsers render without running anything, chosen by the file name's extension
// (signed into the URL), and everything else is application/octet-stream.

const SAFE_INLINE_TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  gif: 'image/gif',
  heic: 'image/heic',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mp4: 'video/mp4',
  ogv: 'video/ogg',
  webm: 'video/webm',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
}

export const FALLBACK_CONTENT_TYPE = 'application/octet-stream'

/** The Content-Type of a stored object: a safe media type by extension, else application/octet-stream. */
export function contentTypeFor(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  if (dot < 0) return FALLBACK_CONTENT_TYPE
  return SAFE_INLINE_TYPES[fileName.slice(dot + 1).toLowerCase()] ?? FALLBACK_CONTENT_TYPE
}

/** RFC 5987 value-chars: everything else is percent-encoded (encodeURIComponent leaves a few more alone). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/**
 * Content-Disposition per RFC 6266: a plain ASCII `filename` for old clients (non-ASCII, quotes, backslashes
 * and control characters replaced) and the exact name in `filename*` as UTF-8.
 */
export function contentDisposition(fileName: string, inline: boolean): string {
  const name = fileName.replace(/[\r\n]/g, ' ')
  const asciiName = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeRfc5987(name)}`
}
