// The guards around ffmpeg and ffprobe (server/derivatives/tools.ts) on the real binaries: a run that
// needs more memory than it may fails as content that cannot be decoded, the same run within the bound
// succeeds, a run past its time is killed, and the tools run below the server's priority.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DecodeError, runTool, TOOL_NICENESS, toolPaths } from '../../server/derivatives/tools.ts'

/** One 4K frame of ffmpeg's test pattern, decoded and thrown away: about 100 MB of address space. */
const FOUR_K_FRAME = [
  '-v', 'error', '-nostdin', '-threads', '1',
  '-f', 'lavfi', '-i', 'testsrc2=size=3840x2160:rate=25',
  '-frames:v', '1', '-f', 'null', '-',
] // prettier-ignore

describe('derivative tools', () => {
  it('fails a run past its memory bound as undecodable, and runs it within the default bound', async () => {
    const run = (memoryBytes?: number) =>
      runTool(toolPaths().ffmpeg, FOUR_K_FRAME, {
        timeoutMs: 30_000,
        maxOutputBytes: 1024,
        ...(memoryBytes === undefined ? {} : { memoryBytes }),
      })
    await expect(run(48 * 1024 * 1024)).rejects.toBeInstanceOf(DecodeError)
    await expect(run()).resolves.toBeInstanceOf(Buffer)
  })

  it('kills a run that takes longer than its time', async () => {
    const endless = ['-v', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc2', '-f', 'null', '-']
    const started = Date.now()
    await expect(
      runTool(toolPaths().ffmpeg, endless, { timeoutMs: 1_000, maxOutputBytes: 1024 }),
    ).rejects.toThrow('took longer than 1 s')
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('runs the tools at a lower priority than the server', async () => {
    // The tool reports its own niceness: field 19 of /proc/self/stat, read by a shell exec'd in its place.
    const said = await runTool('/bin/sh', ['-c', 'cut -d" " -f19 /proc/$$/stat'], {
      timeoutMs: 5_000,
      maxOutputBytes: 64,
    })
    const own = Number(readFileSync('/proc/self/stat', 'utf8').split(' ')[18])
    expect(Number(said.toString().trim())).toBe(Math.min(19, own + TOOL_NICENESS))
  })
})
