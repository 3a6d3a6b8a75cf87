// The device agent (agent/) against the real server: a member signs in by e-mail code and registers the
// machine through an app, an admin mounts a container on it, and the agent syncs a folder both ways. The
// console then sees what the device did: the devices that hold a file, the device that made a version, the
// destination of a device's download; and a disabled device is refused on its next sync.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AgentClient } from '../../agent/client.ts'
import {
  EXIT_NEEDS_CHOICE,
  EXIT_OK,
  EXIT_REFUSED,
  login,
  register,
  status,
  sync,
  type Context,
} from '../../agent/commands.ts'
import { StateStore } from '../../agent/state.ts'
import { SyncRefusedError, syncOnce, type SyncEvent, type SyncOptions } from '../../agent/sync.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { SINGLE_PART_MAX_BYTES } from '../../server/contract/parts.ts'
import { adminOrg, type AdminOrg } from './helpers/admin.ts'
import { uniqueEmail } from './helpers/accounts.ts'
import { databaseKinds } from './helpers/databases.ts'
import { callEndpoint } from './helpers/endpoint.ts'
import { addMember, useServer, type Suite } from './helpers/suite.ts'

const MiB = 1024 * 1024
const VERSION = '1.0.173'
const DEVICE_NAME = 'Edit Suite 1'

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

let temp: string
beforeEach(async () => {
  temp = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-server-'))
})
afterEach(async () => {
  await fs.rm(temp, { recursive: true, force: true })
})

/** Signed URLs name the server's public address; the test server listens on a free port instead. */
function onServer(suite: Suite) {
  return (url: string) => {
    const signed = new URL(url)
    return `${suite.url}${signed.pathname}${signed.search}`
  }
}

/** The newest code mailed to an address, waiting until it is not the one given (an earlier sign-in's). */
async function freshCode(suite: Suite, email: string, previous?: string): Promise<string> {
  const deadline = Date.now() + 5_000
  for (;;) {
    const code = await suite.mailbox.codeFor(email).catch(() => undefined)
    if (code && code !== previous) return code
    if (Date.now() > deadline) throw new Error(`no new code for ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

interface Connected {
  org: AdminOrg
  store: StateStore
  lines: string[]
  warnings: string[]
  context: Context
  deviceId: number
  client: AgentClient
}

/**
 * An organization whose admin made an app and its key; a member who may add devices signs in with the
 * agent (login: code from the mail) and registers this machine (register); the admin mounts the volume's
 * container on the device.
 */
async function connectDevice(suite: Suite): Promise<Connected> {
  const org = await adminOrg(suite, 'Agent')
  const params = { org_id: org.orgId }
  const app = await callEndpoint(suite.url, endpoints.appCreate, {
    params,
    body: { app_name: 'Media Agent' },
    key: org.key,
  })
  expect(app.status, JSON.stringify(app.body)).toBe(200)
  const secret = await callEndpoint(suite.url, endpoints.appNewKey, {
    params: { ...params, app_id: app.body.app_id },
    key: org.key,
  })
  expect(secret.status, JSON.stringify(secret.body)).toBe(200)

  const email = uniqueEmail('editor')
  await addMember(suite, org.key, org.orgId, email, { cap_add_device: true })
  const store = new StateStore(path.join(temp, 'state'))
  const lines: string[] = []
  const warnings: string[] = []
  const context: Context = {
    store,
    print: (line) => lines.push(line),
    warn: (line) => warnings.push(line),
    // The person reads the code from the mail the login asked for.
    prompt: () => freshCode(suite, email),
    interactive: true,
    version: VERSION,
    client: { rewriteSignedUrl: onServer(suite) },
  }
  expect(await login(context, { server: suite.url, email }), warnings.join('\n')).toBe(EXIT_OK)
  expect(store.readConfig()).toMatchObject({ server: suite.url, email, org_id: org.orgId })
  expect(
    await register(context, { app: app.body.app_id, secret: secret.body.secret_key, name: DEVICE_NAME }),
    warnings.join('\n'),
  ).toBe(EXIT_OK)
  const device = store.readConfig().device
  expect(device).toMatchObject({ device_name: DEVICE_NAME, app_id: app.body.app_id })
  const deviceId = device?.device_id as number

  const mounted = await callEndpoint(suite.url, endpoints.deviceGrantAdd, {
    params: { ...params, device_id: deviceId },
    body: { media_grant_id: org.grantId },
    key: org.key,
  })
  expect(mounted, JSON.stringify(mounted.body)).toEqual({ status: 200, body: {} })
  const client = new AgentClient({
    server: suite.url,
    deviceToken: device?.device_token as string,
    rewriteSignedUrl: onServer(suite),
  })
  return { org, store, lines, warnings, context, deviceId, client }
}

function syncOptions(connected: Connected, folder: string, extra: Partial<SyncOptions> = {}): SyncOptions {
  return {
    client: connected.client,
    store: connected.store,
    device_id: connected.deviceId,
    mount: String(connected.org.grantId),
    folder,
    version: VERSION,
    print: (line) => connected.lines.push(line),
    ...extra,
  }
}

/** The console's own upload of a file into the container: register, signed PUT, confirmation. */
async function uploadFromConsole(
  suite: Suite,
  org: AdminOrg,
  mediaPath: string,
  bytes: Buffer,
  previousHash?: string,
) {
  const grant = { org_id: org.orgId, media_grant_id: org.grantId }
  const file = { file_hash: sha256(bytes), file_size: bytes.length }
  const offer = await callEndpoint(suite.url, endpoints.upload, {
    params: grant,
    body: { file_list: [file] },
    key: org.key,
  })
  const signed = offer.body.upload_list[0]?.signed_opts
  expect(signed, JSON.stringify(offer.body)).toBeTruthy()
  const put = await fetch(onServer(suite)(signed?.url as string), {
    method: 'PUT',
    headers: signed?.headers,
    body: new Uint8Array(bytes),
  })
  expect(put.status).toBe(200)
  const confirmed = await callEndpoint(suite.url, endpoints.s3Object, {
    params: grant,
    body: { s3_bucket_id: 0, ...file },
    key: org.key,
  })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  const registered = await callEndpoint(suite.url, endpoints.mediaRegister, {
    params: grant,
    body: { media_path: mediaPath, ...file, ...(previousHash ? { previous_hash: previousHash } : {}) },
    key: org.key,
  })
  expect(registered.status, JSON.stringify(registered.body)).toBe(200)
  return registered.body.media_id
}

async function mediaIdAt(suite: Suite, org: AdminOrg, dir: string, name: string): Promise<number> {
  const listing = await callEndpoint(suite.url, endpoints.dirList, {
    params: { org_id: org.orgId, media_grant_id: org.grantId },
    query: { prefix_path: dir },
    key: org.key,
  })
  const media = listing.body.media_list.find((each) => each.media_path.endsWith(`/${name}`))
  expect(media, JSON.stringify(listing.body)).toBeDefined()
  return media?.media_id as number
}

async function detailOf(suite: Suite, org: AdminOrg, mediaId: number) {
  const detail = await callEndpoint(suite.url, endpoints.mediaDetail, {
    params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: mediaId },
    key: org.key,
  })
  expect(detail.status, JSON.stringify(detail.body)).toBe(200)
  return detail.body.media
}

describe.each(databaseKinds)('the device agent against the server on %s', (kind) => {
  const suite = useServer(kind)

  it('syncs a folder both ways, resumes an interrupted upload, and is refused once the device is disabled', async () => {
    const connected = await connectDevice(suite)
    const { org, store, deviceId } = connected
    const folder = path.join(temp, 'Projects')
    await fs.mkdir(path.join(folder, 'cuts'), { recursive: true })
    const small = Buffer.from(`small file ${crypto.randomBytes(8).toString('hex')}\n`)
    // About 20 MiB: two parts (16 MiB and the rest) of the part size table.
    const big = crypto.randomBytes(20 * MiB + 777)
    expect(big.length).toBeGreaterThan(SINGLE_PART_MAX_BYTES)
    await fs.writeFile(path.join(folder, 'notes.txt'), small)
    await fs.writeFile(path.join(folder, 'cuts', 'reel.mov'), big)
    await fs.writeFile(path.join(folder, '.DS_Store'), 'hidden')
    await fs.writeFile(path.join(folder, 'empty.txt'), '')

    // The first pass is stopped once the first part of the large file is stored, as a kill would.
    const stop = new AbortController()
    const events: SyncEvent[] = []
    await expect(
      syncOnce(
        syncOptions(connected, folder, {
          signal: stop.signal,
          parallel_parts: 1,
          onEvent: (event) => {
            events.push(event)
            if (event.type === 'part_sent' && event.path === 'cuts/reel.mov') stop.abort(new Error('killed'))
          },
        }),
      ),
    ).rejects.toThrow('killed')
    expect(events.filter((event) => event.type === 'part_sent')).toEqual([
      { type: 'part_sent', path: 'cuts/reel.mov', part_num: 1 },
    ])
    expect(store.readMount(org.grantId)?.last_sync?.result).toBe('interrupted')

    // The next pass continues: the stored part is not sent again, and no file is read again.
    const second = await syncOnce(syncOptions(connected, folder))
    expect(second).toMatchObject({
      files: 2,
      hashed: 0,
      uploaded: 2,
      parts_skipped: 1,
      parts_sent: 2, // the large file's second part and the small file's single PUT
      uploaded_bytes: big.length - 16 * MiB + small.length,
      downloaded: 0,
      held_added: 2,
      failures: [],
    })
    expect(second.skipped).toEqual([
      { path: '.DS_Store', reason: 'dot_name' },
      { path: 'empty.txt', reason: 'empty' },
    ])
    expect(
      connected.lines.some((line) =>
        /2 files, 2 skipped: 1 hidden \(the name starts with a dot.*\); 1 empty \(/.test(line),
      ),
    ).toBe(true)

    // A pass with nothing changed sends nothing and reports nothing again.
    const third = await syncOnce(syncOptions(connected, folder))
    expect(third).toMatchObject({
      hashed: 0,
      uploaded: 0,
      parts_sent: 0,
      downloaded: 0,
      held_added: 0,
      held_removed: 0,
      held: 2,
    })

    // The console shows the uploaded file: its content, the version naming the device, the device holding it.
    const reelId = await mediaIdAt(suite, org, '/cuts/', 'reel.mov')
    const reel = await detailOf(suite, org, reelId)
    expect(reel.file_size).toBe(big.length)
    expect(reel.in_s3).toBe(true)
    expect(reel.last_update_device_name).toBe(DEVICE_NAME)
    expect(reel.version_list[0]?.device_name).toBe(DEVICE_NAME)
    expect(reel.hash_containers.map((holder) => holder.device_name)).toEqual([DEVICE_NAME])

    // A file added in the console downloads into the folder, and its audit names where it went.
    const added = Buffer.from(`added in the console ${crypto.randomBytes(8).toString('hex')}\n`)
    const addedId = await uploadFromConsole(suite, org, '/from-console/added.txt', added)
    const fourth = await syncOnce(syncOptions(connected, folder))
    expect(fourth).toMatchObject({
      uploaded: 0,
      downloaded: 1,
      downloaded_bytes: added.length,
      held_added: 1,
    })
    const local = path.join(folder, 'from-console', 'added.txt')
    expect(await fs.readFile(local)).toEqual(added)
    // Nothing but the file: no temporary download left beside it.
    expect(await fs.readdir(path.dirname(local))).toEqual(['added.txt'])
    const audit = await callEndpoint(suite.url, endpoints.mediaAudit, {
      params: { org_id: org.orgId, media_id: addedId },
      key: org.key,
    })
    expect(audit.status, JSON.stringify(audit.body)).toBe(200)
    expect(audit.body.audit_list[0]).toMatchObject({ dest_path: local, device_name: DEVICE_NAME })
    const addedDetail = await detailOf(suite, org, addedId)
    expect(addedDetail.hash_containers.map((holder) => holder.device_name)).toEqual([DEVICE_NAME])

    // The console's device page: the version it runs, when it was seen, what it holds.
    const seen = await callEndpoint(suite.url, endpoints.deviceDetail, {
      params: { org_id: org.orgId, device_id: deviceId },
      key: org.key,
    })
    expect(seen.body.device).toMatchObject({ last_version: VERSION, held_count: 3, last_refused_at: null })
    expect(seen.body.device.last_seen).not.toBeNull()

    // Disabled by an admin: the next sync is refused, says why, and leaves its state as it was.
    const before = store.readMount(org.grantId)
    const disabled = await callEndpoint(suite.url, endpoints.deviceUpdate, {
      params: { org_id: org.orgId, device_id: deviceId },
      body: { is_disabled: 1 },
      key: org.key,
    })
    expect(disabled, JSON.stringify(disabled.body)).toEqual({ status: 200, body: {} })
    await expect(syncOnce(syncOptions(connected, folder))).rejects.toMatchObject({
      name: SyncRefusedError.name,
      code: 'device_disabled',
    })
    connected.warnings.length = 0
    expect(await sync(connected.context, { mount: String(org.grantId), folder })).toBe(EXIT_REFUSED)
    expect(connected.warnings.join('\n')).toMatch(/This device is disabled/)
    expect(store.readMount(org.grantId)).toEqual(before)
    expect(store.readHeartbeat()).toMatchObject({ device_id: deviceId, error: 'device_disabled' })
    const refused = await callEndpoint(suite.url, endpoints.deviceDetail, {
      params: { org_id: org.orgId, device_id: deviceId },
      key: org.key,
    })
    expect(refused.body.device.last_refused_at).not.toBeNull()

    // status reads it all from the state folder.
    connected.lines.length = 0
    expect(await status(connected.context)).toBe(EXIT_OK)
    const shown = connected.lines.join('\n')
    expect(shown).toContain(`device: ${deviceId} "${DEVICE_NAME}"`)
    expect(shown).toMatch(/last heartbeat: .*refused: device_disabled/)
    expect(shown).toMatch(
      new RegExp(`mount ${org.grantId} .*: 3 files .*, 3 in step, 3 hashes reported held`),
    )
  })

  it('uploads a changed file as a new version and leaves a file deleted in the console deleted', async () => {
    const connected = await connectDevice(suite)
    const { org } = connected
    const folder = path.join(temp, 'Work')
    await fs.mkdir(folder, { recursive: true })
    const file = path.join(folder, 'script.txt')
    await fs.writeFile(file, 'draft one\n')
    await fs.writeFile(path.join(folder, 'old.txt'), 'to be deleted\n')
    expect(await syncOnce(syncOptions(connected, folder))).toMatchObject({ uploaded: 2, failures: [] })

    // A new draft here: the same file gets a second version, made by the device.
    await fs.writeFile(file, 'draft two, longer\n')
    const changed = await syncOnce(syncOptions(connected, folder))
    expect(changed).toMatchObject({ hashed: 1, uploaded: 1, conflicts: [], failures: [] })
    const scriptId = await mediaIdAt(suite, org, '/', 'script.txt')
    const script = await detailOf(suite, org, scriptId)
    expect(script.file_hash).toBe(sha256(Buffer.from('draft two, longer\n')))
    expect(script.version_list).toHaveLength(2)
    expect(script.version_list.every((version) => version.device_name === DEVICE_NAME)).toBe(true)

    // Deleted in the console: the copy here stays, and is not uploaded again.
    const oldId = await mediaIdAt(suite, org, '/', 'old.txt')
    const deleted = await callEndpoint(suite.url, endpoints.mediaDelete, {
      params: { org_id: org.orgId, media_grant_id: org.grantId, media_id: oldId },
      key: org.key,
    })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    const after = await syncOnce(syncOptions(connected, folder))
    expect(after).toMatchObject({ uploaded: 0, deleted_in_mount: 1, downloaded: 0 })
    expect(await fs.readFile(path.join(folder, 'old.txt'), 'utf8')).toBe('to be deleted\n')
    expect((await detailOf(suite, org, oldId)).is_deleted).toBe(true)
  })

  it("replaces a copy changed only in the console, keeps both sides of a conflict, and follows the device's switches", async () => {
    const connected = await connectDevice(suite)
    const { org, deviceId } = connected
    const folder = path.join(temp, 'Shared')
    await fs.mkdir(folder, { recursive: true })
    const cue = path.join(folder, 'cue.txt')
    const both = path.join(folder, 'both.txt')
    await fs.writeFile(cue, 'cue one\n')
    await fs.writeFile(both, 'both one\n')
    expect(await syncOnce(syncOptions(connected, folder))).toMatchObject({ uploaded: 2, failures: [] })

    // Changed in the console only: the copy here is replaced by the new version.
    const cueTwo = Buffer.from('cue two, from the console\n')
    await uploadFromConsole(suite, org, '/cue.txt', cueTwo, sha256(Buffer.from('cue one\n')))
    // Changed on both sides: neither wins.
    await uploadFromConsole(
      suite,
      org,
      '/both.txt',
      Buffer.from('both, console\n'),
      sha256(Buffer.from('both one\n')),
    )
    await fs.writeFile(both, 'both, here\n')
    const pass = await syncOnce(syncOptions(connected, folder))
    expect(pass).toMatchObject({ downloaded: 1, uploaded: 0, conflicts: ['both.txt'], failures: [] })
    expect(await fs.readFile(cue)).toEqual(cueTwo)
    expect(await fs.readFile(both, 'utf8')).toBe('both, here\n')
    expect(connected.lines).toContain(
      'conflict: both.txt: Different file already exists in the volume. Neither was replaced; rename the local file to upload it.',
    )
    const bothId = await mediaIdAt(suite, org, '/', 'both.txt')
    expect((await detailOf(suite, org, bothId)).file_hash).toBe(sha256(Buffer.from('both, console\n')))

    // Uploads turned off for the device: new files wait, downloads go on, and the pass is not a failure.
    const params = { org_id: org.orgId, device_id: deviceId }
    const off = await callEndpoint(suite.url, endpoints.deviceUpdate, {
      params,
      body: { is_upload_disabled: 1 },
      key: org.key,
    })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    await fs.writeFile(path.join(folder, 'new-here.txt'), 'new here\n')
    await uploadFromConsole(suite, org, '/new-there.txt', Buffer.from('new there\n'))
    expect(await syncOnce(syncOptions(connected, folder))).toMatchObject({
      upload_off: 1,
      uploaded: 0,
      downloaded: 1,
      failures: [],
    })
    expect(await fs.readFile(path.join(folder, 'new-there.txt'), 'utf8')).toBe('new there\n')

    // The mount disabled: refused with its own reason.
    const disabled = await callEndpoint(suite.url, endpoints.deviceGrantDisable, {
      params,
      body: { media_grant_id: org.grantId },
      key: org.key,
    })
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200)
    await expect(syncOnce(syncOptions(connected, folder))).rejects.toMatchObject({ code: 'mount_disabled' })
  })

  it('signs in for a script in two steps: login asks for the code, login --code trades it', async () => {
    const org = await adminOrg(suite, 'Script')
    const email = uniqueEmail('script')
    await addMember(suite, org.key, org.orgId, email, { cap_add_device: true })
    const store = new StateStore(path.join(temp, 'state'))
    const lines: string[] = []
    const context: Context = {
      store,
      print: (line) => lines.push(line),
      warn: (line) => lines.push(line),
      prompt: () => Promise.reject(new Error('a script has no terminal to ask')),
      interactive: false,
      version: VERSION,
    }
    expect(await login(context, { server: suite.url, email })).toBe(EXIT_NEEDS_CHOICE)
    expect(lines).toContain('Run login again with --code <code from the e-mail>.')
    expect(store.readConfig().session_key).toBeUndefined()
    expect(store.readConfig().pending_login).toMatchObject({ server: suite.url, email })

    const code = await freshCode(suite, email)
    expect(await login(context, { server: suite.url, email, code })).toBe(EXIT_OK)
    const config = store.readConfig()
    expect(config).toMatchObject({ server: suite.url, email, org_id: org.orgId })
    expect(config.session_key).toEqual(expect.any(String))
    expect(config).not.toHaveProperty('pending_login')
  })
})
