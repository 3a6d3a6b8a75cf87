// What the browser is asked to show of a file's original, by its name and (when the server probed it) its
// codecs: the MIME type a <video> or <audio> is asked about with canPlayType, or none when the file is
// known not to play in a browser (ProRes, DNxHD, AIFF…). Pure, so the rules are tested alone; the viewer
// asks the browser with the answer, and still falls back when the element errors.
import type { MediaInfo } from '../../server/contract/media.ts'
import { fileKindOf } from './fileKinds.ts'

export type { MediaInfo }

/** Images every current browser draws; the others (HEIC, TIFF, raw, PSD) show their derivative only. */
const SHOWN_IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'svg', 'bmp'])

const CONTAINERS: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  // QuickTime files are MPEG-4's ancestor: with H.264 or HEVC inside they play as MP4 does.
  mov: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/webm',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
}

/** ffprobe's codec names, as the codecs parameter of a MIME type. Absent: no browser decodes it. */
const CODECS: Record<string, string> = {
  h264: 'avc1.42E01E',
  hevc: 'hvc1.1.6.L93.B0',
  vp8: 'vp8',
  vp9: 'vp09.00.10.08',
  av1: 'av01.0.05M.08',
  aac: 'mp4a.40.2',
  mp3: 'mp3',
  opus: 'opus',
  vorbis: 'vorbis',
  flac: 'flac',
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** Whether the browser draws the original image itself (else only its derivative is shown). */
export const showsOriginalImage = (name: string) => SHOWN_IMAGES.has(extensionOf(name))

/**
 * The MIME type to ask canPlayType about for a video or audio file, with its codecs when probed; undefined
 * when no browser plays it (an unknown container, or a codec no browser decodes).
 */
export function playbackType(name: string, info?: MediaInfo | null): string | undefined {
  const kind = fileKindOf(name)
  if (kind !== 'video' && kind !== 'audio') return undefined
  const container = CONTAINERS[extensionOf(name)]
  if (!container) return undefined
  const probed = kind === 'video' ? [info?.video_codec, info?.audio_codec] : [info?.audio_codec]
  const codecs: string[] = []
  for (const codec of probed) {
    if (!codec) continue
    const known = CODECS[codec.toLowerCase()]
    if (!known) return undefined
    codecs.push(known)
  }
  // Audio in a video container is asked as the container's audio type.
  const type =
    kind === 'audio' && container.startsWith('video/') ? container.replace('video/', 'audio/') : container
  return codecs.length > 0 ? `${type}; codecs="${codecs.join(', ')}"` : type
}

/** "1:02:03" or "2:03": a duration as a player shows it. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = whole % 60
  const two = (value: number) => String(value).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`
}

/** The rows of a file's media properties, those the probe found. */
export function mediaInfoRows(info: MediaInfo | null | undefined): Array<[string, string]> {
  if (!info) return []
  const rows: Array<[string, string]> = []
  if (info.duration_seconds !== null) rows.push(['Duration', formatDuration(info.duration_seconds)])
  if (info.width !== null && info.height !== null) rows.push(['Dimensions', `${info.width} × ${info.height}`])
  if (info.video_codec) rows.push(['Video Codec', info.video_codec])
  if (info.audio_codec) rows.push(['Audio Codec', info.audio_codec])
  return rows
}
