// Thumbnails of a picture with sharp (libvips), in this process. Hostile input is bounded before and while
// decoding: the header is read first and a picture of more than MAX_INPUT_PIXELS is refused without
// decoding it (a decompression bomb declares its size there), decoding itself is capped at the same count
// (limitInputPixels), sharp runs one libvips thread and keeps no cache, and every pipeline has a time limit.
// Why not a worker thread with resourceLimits: those bound V8's heap, not libvips' native memory, so they
// would add a thread and bound nothing that matters; the pixel cap is what bounds the memory (about 4 bytes
// a pixel at worst, and JPEG shrinks on load). The input is a file path: libvips reads it as it decodes.
import type { Metadata } from 'sharp'
import type sharpModuleType from 'sharp'
import type { MediaInfo } from '../contract/media.ts'
import { DecodeError } from './tools.ts'

/** At most this many pixels are decoded (sharp's own default is 268 million). */
export const MAX_INPUT_PIXELS = 100_000_000
/** The long side of each thumbnail. */
export const SMALL_PX = 256
export const LARGE_PX = 1280
const TIMEOUT_SECONDS = 60

type Sharp = typeof sharpModuleType
let loaded: Promise<Sharp> | undefined

/** sharp, loaded on first use (a server that never makes thumbnails never loads libvips). */
function sharpModule(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1)
    sharp.cache(false)
    return sharp
  })
  return loaded
}

export interface Thumbnails {
  small: Buffer
  large: Buffer
}

/** The two WebP thumbnails of a decoded frame or picture (already at most LARGE_PX, or any size). */
export async function thumbnailsOf(input: string | Buffer, autoOrient: boolean): Promise<Thumbnails> {
  const sharp = await sharpModule()
  const decoder = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
  const oriented = autoOrient ? decoder.autoOrient() : decoder
  let large: Buffer
  try {
    large = await oriented
      .resize(LARGE_PX, LARGE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer()
  } catch (error) {
    throw new DecodeError(`the picture could not be decoded: ${(error as Error).message}`)
  }
  // The small one from the large: the original is decoded once.
  const small = await sharp(large)
    .resize(SMALL_PX, SMALL_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer()
  return { small, large }
}

/** A picture's details from its header; refuses (DecodeError) one that is too large to decode. */
export async function readPicture(file: string): Promise<MediaInfo> {
  const sharp = await sharpModule()
  let metadata: Metadata
  try {
    // The header only: no pixel is decoded here, whatever the picture declares.
    metadata = await sharp(file, { limitInputPixels: false }).metadata()
  } catch (error) {
    throw new DecodeError(`not a picture sharp can read: ${(error as Error).message}`)
  }
  const { width, height } = metadata
  if (!width || !height) throw new DecodeError('the picture declares no size')
  if (width * height > MAX_INPUT_PIXELS) {
    throw new DecodeError(`${width}×${height} is more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels`)
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: it shows with its sides swapped.
  const turned = (metadata.orientation ?? 1) >= 5
  return {
    width: turned ? height : width,
    height: turned ? width : height,
    duration_seconds: null,
    video_codec: null,
    audio_codec: null,
    format: metadata.format ?? null,
  }
}
