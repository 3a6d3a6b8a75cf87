// Real pictures, clips and sounds for the derivative tests, made on the spot by the tools the server uses
// (sharp, and the ffmpeg of @ffmpeg-installer), and hostile ones made by hand: a corrupt JPEG and a PNG
// that declares 30000×30000 pixels in a few hundred bytes.
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { toolPaths } from '../../../server/derivatives/tools.ts'

const run = promisify(execFile)

/** A JPEG of width×height pixels stored with EXIF orientation 6 (shown turned a quarter clockwise). */
export async function orientedJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 1 } } })
    .png()
    .toBuffer()
}

/** Runs ffmpeg with the given arguments, writing `name` in a new directory; answers its bytes. */
export async function ffmpegFile(name: string, args: string[]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'derivative-test-'))
  const file = path.join(dir, name)
  try {
    await run(toolPaths().ffmpeg, ['-v', 'error', '-y', ...args, file])
    return await fs.readFile(file)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

/** A 2-second 320×240 H.264 MP4 with an AAC sound. */
export const mp4Clip = () =>
  ffmpegFile('clip.mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  ])

/** A 2-second 640×360 VP8 WebM. */
export const webmClip = () =>
  ffmpegFile('clip.webm', [
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=640x360:rate=25'],
    ...['-c:v', 'libvpx', '-b:v', '500k'],
  ])

/** A 2-second ProRes MOV, as cameras and editors write them. */
export const proresClip = () =>
  ffmpegFile('clip.mov', [
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
    ...['-c:v', 'prores_ks', '-profile:v', '0'],
  ])

/** A 2-second MP3 (a sound: details, no picture). */
export const mp3Sound = () =>
  ffmpegFile('sound.mp3', [
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:a', 'libmp3lame'],
  ])

/** A JPEG's first bytes, then noise: sniffs as a picture, decodes as nothing. */
export function corruptJpeg(): Buffer {
  const noise = Buffer.alloc(8000)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), noise])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG that declares width×height grey pixels and carries a few rows of zeros: a decompression bomb. */
export function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8 bits, greyscale, deflate, no filter, no interlace
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * 16))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
