// Clips and sounds: ffprobe reads the container (duration, dimensions, codecs), and for a clip ffmpeg takes
// one frame a little way in (min(1 s, 10 % of the duration): past a black first frame, inside a short clip),
// scaled down to the large thumbnail's size, as PNG on its standard output; image.ts makes the WebPs. Both
// read the content over the loopback source server (sourceServer.ts) and run under tools.ts's guards.
import type { MediaInfo } from '../contract/media.ts'
import { LARGE_PX } from './image.ts'
import { DecodeError, INPUT_GUARDS, runTool, toolPaths } from './tools.ts'

const PROBE_TIMEOUT_MS = 30_000
const FRAME_TIMEOUT_MS = 60_000

export interface Probe {
  info: MediaInfo
  /** A video stream that is more than a cover picture. */
  hasVideo: boolean
}

interface ProbeStream {
  codec_type?: string
  codec_name?: string
  width?: number
  height?: number
  duration?: string
  tags?: { rotate?: string }
  side_data_list?: Array<{ rotation?: number }>
  disposition?: { attached_pic?: number }
}

interface ProbeAnswer {
  streams?: ProbeStream[]
  format?: { format_name?: string; duration?: string }
}

const finite = (value: string | number | undefined) => {
  const number = Number(value)
  return value !== undefined && Number.isFinite(number) && number >= 0 ? number : null
}

export async function probe(url: string): Promise<Probe> {
  const output = await runTool(
    toolPaths().ffprobe,
    ['-v', 'error', ...INPUT_GUARDS, '-show_format', '-show_streams', '-of', 'json', url],
    { timeoutMs: PROBE_TIMEOUT_MS, maxOutputBytes: 4 * 1024 * 1024 },
  )
  let answer: ProbeAnswer
  try {
    answer = JSON.parse(output.toString('utf8')) as ProbeAnswer
  } catch {
    throw new DecodeError('ffprobe answered something else than JSON')
  }
  const streams = answer.streams ?? []
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
  const audio = streams.find((stream) => stream.codec_type === 'audio')
  if (!video && !audio) throw new DecodeError('neither a video nor an audio stream')
  // A clip turned a quarter (a phone held upright) shows with its sides swapped.
  const rotation = Math.abs(
    Number(video?.side_data_list?.find((data) => data.rotation)?.rotation ?? video?.tags?.rotate ?? 0),
  )
  const turned = rotation % 180 === 90
  const width = video?.width ?? null
  const height = video?.height ?? null
  return {
    hasVideo: video !== undefined,
    info: {
      width: turned ? height : width,
      height: turned ? width : height,
      duration_seconds: finite(answer.format?.duration) ?? finite(video?.duration) ?? finite(audio?.duration),
      video_codec: video?.codec_name ?? null,
      audio_codec: audio?.codec_name ?? null,
      format: answer.format?.format_name ?? null,
    },
  }
}

/** Where the poster frame is taken: 1 s in, or a tenth of a shorter clip. */
export const posterTime = (durationSeconds: number | null) =>
  durationSeconds === null ? 0 : Math.min(1, durationSeconds / 10)

/** One frame at `seconds`, at most LARGE_PX on its long side, as PNG (ffmpeg turns it as it shows). */
export async function posterFrame(url: string, seconds: number): Promise<Buffer> {
  const frame = await runTool(
    toolPaths().ffmpeg,
    [
      '-v',
      'error',
      '-nostdin',
      '-threads',
      '1',
      ...INPUT_GUARDS,
      '-ss',
      seconds.toFixed(3),
      '-i',
      url,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-an',
      '-sn',
      '-vf',
      `scale=w='min(${LARGE_PX},iw)':h='min(${LARGE_PX},ih)':force_original_aspect_ratio=decrease`,
      '-threads',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-compression_level',
      '1',
      '-',
    ],
    { timeoutMs: FRAME_TIMEOUT_MS, maxOutputBytes: 32 * 1024 * 1024 },
  )
  if (frame.length === 0) throw new DecodeError('no frame could be decoded')
  return frame
}
