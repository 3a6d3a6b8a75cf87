// Running ffmpeg and ffprobe on content nobody vouches for: each a child process (a crash or a runaway
// decoder takes only itself down), killed at a wall-clock limit, with one thread, reading only from the
// loopback address the job gives it (-protocol_whitelist: no file:, no other scheme) and only container
// formats that hold their media themselves (-format_whitelist: no playlists, concat lists or image
// sequences that name other resources). Its output is capped, and so is its memory (TOOL_MEMORY_BYTES); it
// runs below the server's priority (TOOL_NICENESS). The binaries come from the
// @ffmpeg-installer and @ffprobe-installer packages, inside their npm tarballs; npm may hold back their
// postinstall chmod, so they are made executable here when they are not.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'

/** The content itself is at fault (corrupt, not what it claims, too large to decode, too slow): no retry. */
export class DecodeError extends Error {
  override name = 'DecodeError'
}

const require = createRequire(import.meta.url)

let paths: { ffmpeg: string; ffprobe: string } | undefined

function executable(file: string): string {
  try {
    fs.accessSync(file, fs.constants.X_OK)
  } catch {
    fs.chmodSync(file, 0o755)
  }
  return file
}

/** The ffmpeg and ffprobe binaries, made executable on first use. */
export function toolPaths(): { ffmpeg: string; ffprobe: string } {
  paths ??= {
    ffmpeg: executable((require('@ffmpeg-installer/ffmpeg') as { path: string }).path),
    ffprobe: executable((require('@ffprobe-installer/ffprobe') as { path: string }).path),
  }
  return paths
}

/** Demuxers the job lets ffmpeg pick from (names as ffmpeg gives them; "mov" covers mp4, m4a, 3gp). */
export const FORMAT_WHITELIST = 'mov,matroska,webm,avi,wav,mpegts,mpeg,ogg,flac,mp3,aac,aiff,mxf,flv,asf'

/** Options every run takes before its input: loopback http only, the container formats above. */
export const INPUT_GUARDS = ['-protocol_whitelist', 'http,tcp', '-format_whitelist', FORMAT_WHITELIST]

/**
 * The address space a tool may take. One frame of an 8K clip decodes in about 170 MB; a stream that
 * declares absurd dimensions or makes the decoder allocate without end fails at this bound instead of
 * taking the memory the server and its other jobs need.
 */
export const TOOL_MEMORY_BYTES = 1024 * 1024 * 1024

/**
 * The tools' scheduling priority (nice): a thumbnail can wait a moment, the API's answers and the parts
 * being stored cannot, so on a busy machine the decoders take what CPU is left.
 */
export const TOOL_NICENESS = 10

/**
 * The command that runs `file` with its address space capped (the shell's `ulimit -v`, in KiB) and at
 * TOOL_NICENESS, each exec'ing the next, so the tool is the process killed on a time limit and is niced
 * before its first instruction. Node's spawn sets neither itself.
 */
function capped(file: string, args: string[], memoryBytes: number): [string, string[]] {
  if (process.platform === 'win32') return [file, args]
  const kib = String(Math.floor(memoryBytes / 1024))
  const script = `ulimit -v "$1" && shift && exec nice -n ${TOOL_NICENESS} "$@"`
  return ['/bin/sh', ['-c', script, 'sh', kib, file, ...args]]
}

export interface RunOptions {
  timeoutMs: number
  maxOutputBytes: number
  /** TOOL_MEMORY_BYTES unless given. */
  memoryBytes?: number
}

/** Runs a tool; answers its standard output, or throws DecodeError (exit status, time limit, output cap). */
export function runTool(file: string, args: string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = capped(file, args, options.memoryBytes ?? TOOL_MEMORY_BYTES)
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks: Buffer[] = []
    let bytes = 0
    let stderr = ''
    let failure: Error | undefined
    const stop = (error: Error) => {
      failure ??= error
      child.kill('SIGKILL')
    }
    const timer = setTimeout(
      () => stop(new DecodeError(`took longer than ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    )
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > options.maxOutputBytes) stop(new DecodeError('answered more than it may'))
      else chunks.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString()
    })
    child.once('error', (error) => stop(error))
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      if (failure) reject(failure)
      else if (code !== 0) {
        const said = stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300)
        reject(new DecodeError(`could not be decoded (${signal ?? `exit ${code}`}): ${said}`))
      } else resolve(Buffer.concat(chunks))
    })
  })
}
