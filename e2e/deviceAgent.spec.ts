// The device agent end to end (issue 11): the real command line (dist/agent/cli.js, as `npm run device`
// builds it) runs as a child process against the suite's server, with a state folder of its own. A member
// who may add devices signs in by e-mail code and registers the machine through an app; the admin mounts
// the volume's container on it; a sync uploads a folder (a small file, a multipart file, a file in a
// subfolder) and a second one downloads what the console stored meanwhile. A third sync is stopped midway
// through a large upload while the admin disables the device: the agent is refused, says why and exits 3,
// and so is its next sync. The console then shows the device (All: it is disabled) with its user, Last
// Seen and Version; its mount, what it holds and when it was refused; the files it holds, with the
// device among the Devices With Media; and the Destination of its download in the file's audit.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { REFUSAL_TEXT } from '../agent/refusals.ts'
import packageJson from '../package.json' with { type: 'json' }
import { buildAgent, isAgentCurrent } from '../scripts/device.mjs'
import {
  addDeviceMount,
  addOrgUser,
  createApp,
  createReadyOrg,
  listGrants,
  newAppKey,
  putFile,
  readStoredFile,
  signUpUser,
  updateDevice,
  type GrantAccess,
} from './support/api.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail, latestCode, mailCount } from './support/mail.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const CLI = path.join(ROOT, 'dist', 'agent', 'cli.js')
const VOLUME = 'Agent Footage'
const DEVICE_NAME = 'E2E Workstation'
const MiB = 1024 * 1024
/** Exit codes of the agent (agent/commands.ts). */
const EXIT_OK = 0
const EXIT_NEEDS_CHOICE = 2
const EXIT_REFUSED = 3
const DEVICE_REFUSAL = `Refused (device_disabled): ${REFUSAL_TEXT.device_disabled}`

/**
 * Builds dist/agent/cli.js once when its sources changed, as `npm run device` does. Two workers may both
 * find it stale; a lock folder lets one build while the other waits, so neither runs a half-written file.
 */
async function ensureAgentBuilt(): Promise<void> {
  const lock = path.join(ROOT, 'dist', '.agent-build-lock')
  fs.mkdirSync(path.dirname(lock), { recursive: true })
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // A lock older than a build can take was left by a run that died: take it over.
      if (Date.now() > deadline || Date.now() - fs.statSync(lock).mtimeMs > 120_000) {
        fs.rmSync(lock, { recursive: true, force: true })
        continue
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    if (!isAgentCurrent()) await buildAgent()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

/** One run of the agent, in the background: its output so far, a wait for a line, and its end. */
class AgentRun {
  readonly child: ChildProcess
  stdout = ''
  stderr = ''
  readonly finished: Promise<Finished>

  constructor(stateDir: string, args: string[]) {
    const env = { ...process.env }
    delete env.MEDIA_AGENT_HOME
    // No terminal: stdin is not a TTY, so login asks for --code instead of prompting.
    this.child = spawn(process.execPath, [CLI, '--state-dir', stateDir, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    running.add(this.child)
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk))
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk))
    this.finished = new Promise((resolve, reject) => {
      this.child.on('error', reject)
      this.child.on('close', (code) => {
        running.delete(this.child)
        resolve({ code, stdout: this.stdout, stderr: this.stderr })
      })
    })
  }

  /** Waits until the agent printed a line matching pattern (failing if it ends first). */
  async waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!pattern.test(this.stdout)) {
      if (this.child.exitCode !== null || this.child.signalCode !== null)
        throw new Error(`the agent ended before printing ${pattern}:\n${this.stdout}\n${this.stderr}`)
      if (Date.now() > deadline)
        throw new Error(`the agent did not print ${pattern} in time:\n${this.stdout}\n${this.stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

const running = new Set<ChildProcess>()
const tempDirs: string[] = []

function agent(stateDir: string, ...args: string[]): Promise<Finished> {
  return new AgentRun(stateDir, args).finished
}

function output(run: Finished): string {
  return `exit ${run.code}\n--- stdout\n${run.stdout}--- stderr\n${run.stderr}`
}

/** Every file under folder, as paths relative to it with '/', sorted. */
function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

/** A file of random bytes, written a chunk at a time. */
function writeRandomFile(file: string, size: number): void {
  const fd = fs.openSync(file, 'w')
  try {
    for (let written = 0; written < size;) {
      const chunk = randomBytes(Math.min(16 * MiB, size - written))
      fs.writeSync(fd, chunk)
      written += chunk.length
    }
  } finally {
    fs.closeSync(fd)
  }
}

test.describe('device agent', () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    await ensureAgentBuilt()
  })

  test.afterEach(() => {
    for (const child of running) child.kill('SIGKILL')
    running.clear()
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  test('registers, syncs a folder both ways, is refused once disabled mid-sync, and shows in the console', async ({
    page,
    layout,
    deviceList,
    deviceDetail,
    fileList,
    fileDetail,
  }) => {
    test.setTimeout(300_000)
    const baseUrl = process.env.E2E_BASE_URL
    if (!baseUrl) throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts')
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'media-agent-e2e-'))
    tempDirs.push(work)
    const stateDir = path.join(work, 'state')
    const folder = path.join(work, 'Projects')
    fs.mkdirSync(folder)

    // The organization, a member who may add devices, and an app with its key.
    const adminEmail = freshEmail('agent-admin')
    const adminKey = await signUpUser(adminEmail)
    const orgName = `Agent Org ${adminEmail}`
    const orgId = await createReadyOrg(adminKey, orgName, VOLUME)
    const memberEmail = freshEmail('agent-member')
    await addOrgUser(adminKey, orgId, { email: memberEmail, cap_add_device: true })
    const appId = await createApp(adminKey, orgId, 'Media Agent')
    const secretKey = await newAppKey(adminKey, orgId, appId)
    const grant = (await listGrants(adminKey, orgId)).find((each) => each.grant_name === VOLUME)
    if (!grant) throw new Error('the new volume came without its container')
    const access: GrantAccess = { sessionKey: adminKey, orgId, grantId: grant.media_grant_id }
    const mount = String(grant.media_grant_id)

    let deviceId = 0
    await test.step('the member signs in by e-mail code and registers the machine', async () => {
      const before = mailCount(memberEmail)
      const asked = await agent(stateDir, 'login', '--server', baseUrl, '--email', memberEmail)
      expect(asked.code, output(asked)).toBe(EXIT_NEEDS_CHOICE)
      expect(asked.stdout).toContain(`A sign-in code was sent to ${memberEmail}.`)
      expect(asked.stdout).toContain('Run login again with --code <code from the e-mail>.')
      const code = await latestCode(memberEmail, before)
      const signedIn = await agent(
        stateDir,
        ...['login', '--server', baseUrl, '--email', memberEmail, '--code', code],
      )
      expect(signedIn.code, output(signedIn)).toBe(EXIT_OK)
      expect(signedIn.stdout).toContain(`Organization: ${orgName} (${orgId}).`)

      const registered = await agent(
        stateDir,
        ...['register', '--app', String(appId), '--secret', secretKey, '--name', DEVICE_NAME],
      )
      expect(registered.code, output(registered)).toBe(EXIT_OK)
      const match = /Registered as device (\d+) "(.+)" in (.+)\.\n/.exec(registered.stdout)
      expect(match?.slice(2), output(registered)).toEqual([DEVICE_NAME, orgName])
      deviceId = Number(match?.[1])

      // Nothing to sync until an admin mounts a container on the device.
      const none = await agent(stateDir, 'mounts')
      expect(none.stdout).toContain(`No mounts yet. An admin adds one on /device/${deviceId} in the console.`)
      await addDeviceMount(adminKey, orgId, deviceId, grant.media_grant_id)
      const listed = await agent(stateDir, 'mounts')
      expect(listed.code, output(listed)).toBe(EXIT_OK)
      expect(listed.stdout).toContain(`${mount}  ${VOLUME}  ${VOLUME}  /  enabled`)
    })

    const small = Buffer.from(`notes of the day ${randomBytes(8).toString('hex')}\n`)
    const clip = randomBytes(20 * MiB)
    const script = Buffer.from(`INT. EDIT SUITE - NIGHT ${randomBytes(8).toString('hex')}\n`)
    await test.step('a sync uploads the folder: a small file, a multipart file and a file in a subfolder', async () => {
      fs.writeFileSync(path.join(folder, 'notes.txt'), small)
      fs.writeFileSync(path.join(folder, 'clip.bin'), clip)
      fs.mkdirSync(path.join(folder, 'scenes', 'act 1'), { recursive: true })
      fs.writeFileSync(path.join(folder, 'scenes', 'act 1', 'script.txt'), script)

      const synced = await agent(stateDir, 'sync', mount, folder)
      expect(synced.code, output(synced)).toBe(EXIT_OK)
      // 20 MiB goes in two parts of 16 MiB and 4 MiB.
      expect(synced.stdout).toMatch(/upload \d\/3: clip\.bin \(20\.0 MiB\)\n {2}2 parts\n/)
      expect(synced.stdout).toContain('holdings: +3 -0 (3 held)')
      expect(synced.stdout).toMatch(/done: 3 uploaded \(20\.0 MiB sent\), 0 downloaded \(0 B\), 3 files here/)

      expect((await readStoredFile(access, '/notes.txt')).equals(small)).toBe(true)
      expect((await readStoredFile(access, '/clip.bin')).equals(clip)).toBe(true)
      expect((await readStoredFile(access, '/scenes/act 1/script.txt')).equals(script)).toBe(true)
    })

    const fromConsole = Buffer.from(`added in the console ${randomBytes(8).toString('hex')}\n`)
    const downloadedTo = path.join(folder, 'incoming', 'from-console.txt')
    await test.step('a file stored from the console comes down on the next sync', async () => {
      await putFile(access, '/incoming/from-console.txt', fromConsole)
      const synced = await agent(stateDir, 'sync', mount, folder)
      expect(synced.code, output(synced)).toBe(EXIT_OK)
      expect(synced.stdout).toContain('download 1/1: incoming/from-console.txt')
      expect(synced.stdout).toContain('holdings: +1 -0 (4 held)')
      expect(synced.stdout).toMatch(/done: 0 uploaded \(0 B sent\), 1 downloaded \(\d+ B\), 3 files here/)
      expect(fs.readFileSync(downloadedTo).equals(fromConsole)).toBe(true)
      // Only the files themselves: no temporary or partial file is left in the folder.
      expect(filesUnder(folder)).toEqual([
        'clip.bin',
        'incoming/from-console.txt',
        'notes.txt',
        'scenes/act 1/script.txt',
      ])
    })

    await test.step('disabled in the middle of a large upload, the agent is refused and stops', async () => {
      writeRandomFile(path.join(folder, 'reel.mov'), 320 * MiB)
      const run = new AgentRun(stateDir, ['sync', mount, folder])
      await run.waitForOutput(
        /upload 1\/1: reel\.mov \(320\.0 MiB\)\n {2}20 parts\n[^]*part \d+ sent/,
        120_000,
      )
      // The agent is held still while the admin disables the device, so the refusal surely lands in the
      // middle of its upload (parts still to send, nothing confirmed), whatever the machine's speed.
      run.child.kill('SIGSTOP')
      try {
        await updateDevice(adminKey, orgId, deviceId, { is_disabled: true })
      } finally {
        run.child.kill('SIGCONT')
      }
      const refused = await run.finished
      expect(refused.code, output(refused)).toBe(EXIT_REFUSED)
      expect(refused.stderr).toContain(DEVICE_REFUSAL)
      expect(refused.stdout).not.toContain('done:')
      // The file never reached the mount.
      await expect(readStoredFile(access, '/reel.mov')).rejects.toThrow(/not in the listing/)

      // Refused again on the next run, and status (which calls nothing) tells what happened.
      const again = await agent(stateDir, 'sync', mount, folder)
      expect(again.code, output(again)).toBe(EXIT_REFUSED)
      expect(again.stderr).toContain(DEVICE_REFUSAL)
      const mounts = await agent(stateDir, 'mounts')
      expect(mounts.code, output(mounts)).toBe(EXIT_REFUSED)
      expect(mounts.stderr).toContain(DEVICE_REFUSAL)
      const status = await agent(stateDir, 'status')
      expect(status.code, output(status)).toBe(EXIT_OK)
      expect(status.stdout).toContain(`device: ${deviceId} "${DEVICE_NAME}" (app ${appId})`)
      expect(status.stdout).toMatch(
        new RegExp(`last heartbeat: .*, version ${packageJson.version}: refused: device_disabled`),
      )
      expect(status.stdout).toMatch(/last sync .*: refused, 0 uploaded, 0 downloaded, 0 failed/)
    })

    await test.step('the console shows the device, its mount, what it holds and when it was refused', async () => {
      await layout.useSession(adminKey)
      // Disabled: not among the active devices, listed under All.
      await deviceList.goto()
      await expect(deviceList.heading).toBeVisible()
      await expect(deviceList.row(DEVICE_NAME)).toHaveCount(0)
      await deviceList.filter('All').check()
      const row = deviceList.row(DEVICE_NAME)
      const cells = row.getByRole('cell')
      await expect(cells.nth(0)).toHaveText(memberEmail)
      await expect(cells.nth(1)).toHaveText(/^Disabled\s*Refused .* ago$/)
      await expect(cells.nth(2)).toHaveText(/^\d{1,2}:\d{2} [AP]M$/)
      await expect(cells.nth(3)).toHaveText(packageJson.version)

      await deviceList.open(DEVICE_NAME)
      await expect(page).toHaveURL(new RegExp(`/device/${deviceId}$`))
      // The heading carries the device's state beside its name.
      await expect(deviceDetail.heading).toHaveText(new RegExp(`^${DEVICE_NAME}\\s*Disabled$`))
      await expect(deviceDetail.switchTo('Status', 'Disabled')).toBeChecked()
      const mountRow = deviceDetail.mountRow(VOLUME)
      await expect(mountRow.getByRole('cell')).toHaveText([
        VOLUME,
        '/',
        'Enabled',
        /^\d{1,2}:\d{2} [AP]M$/,
        /Get Volume Key/,
      ])
      await expect(deviceDetail.heldCount).toHaveText('4')
      await expect(deviceDetail.lastRefused).toHaveText(/^Refused .* ago \(\d\d\/\d\d\/\d\d .*\)$/)
    })

    await test.step('a file the device uploaded lists it among the devices with media, and its version', async () => {
      await fileList.goto(VOLUME, '/clip.bin')
      await expect(fileDetail.heading).toHaveText('clip.bin')
      await expect(fileDetail.property('Size in Bytes')).toHaveText((20 * MiB).toLocaleString('en-US'))
      await expect(fileDetail.property('Network Status')).toHaveText('In Cloud')
      await expect(fileDetail.property('Last Modified By')).toHaveText(`${DEVICE_NAME} (${memberEmail})`)
      await expect(fileDetail.devices.getByRole('rowheader')).toHaveText([DEVICE_NAME])
      await fileDetail.tab('Versions').click()
      await expect(fileDetail.versions).toHaveCount(1)
      // The version was made by the device for its user: the column names both.
      await expect(fileDetail.versions.first()).toContainText(`${DEVICE_NAME} (${memberEmail})`)
    })

    await test.step('the file the device downloaded shows where it was written in its audit', async () => {
      await fileList.goto(VOLUME, '/incoming/from-console.txt')
      await expect(fileDetail.heading).toHaveText('from-console.txt')
      await expect(fileDetail.devices.getByRole('rowheader')).toHaveText([DEVICE_NAME])
      await fileDetail.tab('Audit Tracking').click()
      const download = fileDetail.audit.filter({ hasText: downloadedTo })
      await expect(download).toHaveCount(1)
      await expect(download.getByRole('cell')).toHaveText([/ [AP]M$/, memberEmail, downloadedTo])
    })
  })
})
