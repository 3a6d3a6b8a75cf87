// What each command of the agent does; cli.ts only wires them to the command line. Each answers the
// process's exit code: 0 done, 1 failed, 2 a choice is needed (or a step is missing), 3 refused by the
// server (a disabled device, app, mount, container or volume, or a switch turned off), 130 interrupted.
import os from 'node:os'
import type { OrgListItem } from '../server/contract/user.ts'
import { endpoints } from '../server/contract/endpointSchemas.ts'
import { AgentApiError, AgentClient, type ClientOptions } from './client.ts'
import { explain, MAY_NOT_ADD_DEVICES } from './messages.ts'
import type { AgentConfig, DeviceConfig, StateStore } from './state.ts'
import { REFUSAL_TEXT, refusalOf } from './refusals.ts'
import { syncOnce } from './sync.ts'
import { mountRefusal, UnknownMountError } from './sync/mount.ts'
import { formatBytes, summaryLine } from './sync/report.ts'

export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_NEEDS_CHOICE = 2
export const EXIT_REFUSED = 3
export const EXIT_INTERRUPTED = 130

export interface Context {
  store: StateStore
  print: (line: string) => void
  /** Errors and warnings: stderr on the command line. */
  warn: (line: string) => void
  /** Asks a question on the terminal (the e-mail code). */
  prompt: (question: string) => Promise<string>
  /** Whether a person can answer a question (a terminal); otherwise login asks for --code. */
  interactive: boolean
  version: string
  /** Client settings the tests give (a fetch, a signed-URL rewrite). */
  client?: Omit<ClientOptions, 'server'>
  signal?: AbortSignal
}

function clientOf(context: Context, server: string, credentials: Omit<ClientOptions, 'server'> = {}) {
  return new AgentClient({ ...context.client, ...credentials, server })
}

/** A server address as the state keeps it: http(s), no trailing slash. */
export function normalizeServer(server: string): string {
  const url = new URL(server)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`not an http(s) address: ${server}`)
  return url.href.replace(/\/+$/, '')
}

/** The login_attempt cookie the e-mail code's answer sets, as a Cookie header value. */
export function attemptCookie(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';')
    if (pair?.trim().startsWith('login_attempt=')) return pair.trim()
  }
  return undefined
}

function orgLine(org: OrgListItem): string {
  return `  ${org.org_id}  ${org.org_name}${org.is_admin ? ' (admin)' : ''}${org.cap_add_device ? '' : ' (may not add devices)'}`
}

export interface LoginOptions {
  server: string
  email: string
  code?: string
  org?: number
}

/**
 * Signs in by e-mail code, as the console does: the code request sets a login_attempt cookie that the
 * code's exchange must carry back. A session already kept for the same server and e-mail is used again
 * (so `login --org` after a list of organizations needs no second code).
 */
export async function login(context: Context, options: LoginOptions): Promise<number> {
  const server = normalizeServer(options.server)
  const config = context.store.readConfig()
  let sessionKey: string | undefined
  let orgs: OrgListItem[] | undefined
  if (config.server === server && config.email === options.email && config.session_key && !options.code) {
    try {
      const current = await clientOf(context, server, { sessionKey: config.session_key }).call(
        endpoints.currentUser,
        {},
      )
      sessionKey = config.session_key
      orgs = current.org_list
      context.print(`Still signed in as ${current.user.email}.`)
    } catch (error) {
      if (!(error instanceof AgentApiError) || error.status === undefined) throw error
    }
  }
  if (!sessionKey) {
    const anonymous = clientOf(context, server)
    // A code belongs to the attempt whose cookie its request set. --code trades a code asked for by an
    // earlier run (whose cookie was kept); without --code a code is asked for now.
    const pending = config.pending_login
    let cookie: string | undefined
    if (options.code && pending?.server === server && pending.email === options.email) {
      cookie = pending.cookie
    } else {
      const sent = await anonymous.send(
        endpoints.emailCode,
        { body: { email: options.email } },
        { attempts: 1 },
      )
      cookie = attemptCookie(sent.headers)
      context.store.writeConfig({
        ...config,
        pending_login: { server, email: options.email, cookie: cookie ?? '' },
      })
      context.print(`A sign-in code was sent to ${options.email}.`)
      if (options.code || !context.interactive) {
        context.print('Run login again with --code <code from the e-mail>.')
        return EXIT_NEEDS_CHOICE
      }
    }
    const code = (options.code ?? (await context.prompt('Code from the e-mail: '))).trim()
    const answer = await anonymous.call(
      endpoints.emailLogin,
      { body: { email: options.email, login_code: code } },
      { attempts: 1, ...(cookie ? { cookie } : {}) },
    )
    sessionKey = answer.user_session_key
    orgs = (await clientOf(context, server, { sessionKey }).call(endpoints.currentUser, {})).org_list
    context.print(`Signed in as ${options.email} on ${server}.`)
  }
  const next: AgentConfig = { server, email: options.email, session_key: sessionKey }
  // A device belongs to the server that registered it; the same server keeps it whoever signs in next.
  if (config.device && config.server === server) next.device = config.device
  else if (config.device)
    context.print(`The device registered on ${config.server} is forgotten here (another server).`)

  const list = orgs ?? []
  const chosen =
    options.org !== undefined
      ? list.find((org) => org.org_id === options.org)
      : list.length === 1
        ? list[0]
        : undefined
  if (!chosen) {
    context.store.writeConfig(next)
    if (options.org !== undefined) context.warn(`You are not a member of organization ${options.org}.`)
    if (list.length === 0) {
      context.warn('This account is not a member of any organization yet.')
      return EXIT_NEEDS_CHOICE
    }
    context.print('Your organizations:')
    for (const org of list) context.print(orgLine(org))
    context.print('Choose one: login --server ... --email ... --org <org_id>')
    return EXIT_NEEDS_CHOICE
  }
  next.org_id = chosen.org_id
  next.org_name = chosen.org_name
  context.store.writeConfig(next)
  context.print(`Organization: ${chosen.org_name} (${chosen.org_id}).`)
  if (!chosen.cap_add_device)
    context.warn('Your account may not add devices here; an admin can allow it (Add Devices).')
  return EXIT_OK
}

export interface RegisterOptions {
  app: number
  secret: string
  name?: string
}

/** Registers this machine as a device of the signed-in user through an app, and keeps its token. */
export async function register(context: Context, options: RegisterOptions): Promise<number> {
  const config = context.store.readConfig()
  if (!config.server || !config.session_key || config.org_id === undefined) {
    context.warn('Sign in first (login), and choose an organization.')
    return EXIT_NEEDS_CHOICE
  }
  const deviceName = (options.name ?? os.hostname()).trim()
  let answer: { device_id: number; device_token: string }
  try {
    answer = await clientOf(context, config.server, { sessionKey: config.session_key }).call(
      endpoints.deviceRegister,
      {
        params: { org_id: config.org_id },
        body: { app_id: options.app, secret_key: options.secret, device_name: deviceName },
      },
      { attempts: 1 },
    )
  } catch (error) {
    if (error instanceof AgentApiError && error.code === 'device_not_allowed') {
      context.warn(MAY_NOT_ADD_DEVICES)
      return EXIT_REFUSED
    }
    // Registering again under a disabled device's name does not bring it back.
    if (error instanceof AgentApiError && error.code === 'device_disabled') {
      context.warn(`A disabled device of yours has this name: ${REFUSAL_TEXT.device_disabled}`)
      return EXIT_REFUSED
    }
    throw error
  }
  if (config.device && config.device.device_id !== answer.device_id) {
    context.print(
      `This replaces device ${config.device.device_id} (${config.device.device_name}) in this state folder.`,
    )
  }
  const device: DeviceConfig = {
    device_id: answer.device_id,
    device_name: deviceName,
    device_token: answer.device_token,
    app_id: options.app,
    registered_at: new Date().toISOString(),
  }
  context.store.writeConfig({ ...config, device })
  context.print(
    `Registered as device ${answer.device_id} "${deviceName}" in ${config.org_name ?? `organization ${config.org_id}`}.`,
  )
  context.print(
    `Next: an admin adds a mount to this device on /device/${answer.device_id} in the console; then run mounts, and sync <mount> <folder>.`,
  )
  return EXIT_OK
}

function deviceOf(
  context: Context,
): { config: AgentConfig & { server: string }; device: DeviceConfig } | undefined {
  const config = context.store.readConfig()
  if (!config.server || !config.device) {
    context.warn(
      'This machine is not registered yet: login, then register --app <app_id> --secret <secret_key>.',
    )
    return undefined
  }
  return { config: { ...config, server: config.server }, device: config.device }
}

function mountState(mount: {
  is_disabled: boolean
  grant_is_disabled: boolean
  volume_is_disabled: boolean
}) {
  const refusal = mountRefusal(mount)
  if (refusal === 'mount_disabled') return 'disabled'
  if (refusal === 'grant_disabled') return 'container disabled'
  if (refusal === 'volume_disabled') return 'volume disabled'
  return 'enabled'
}

/** Lists the device's mounts with their state. */
export async function mounts(context: Context): Promise<number> {
  const registered = deviceOf(context)
  if (!registered) return EXIT_NEEDS_CHOICE
  const client = clientOf(context, registered.config.server, { deviceToken: registered.device.device_token })
  const { mount_list: list } = await client.call(endpoints.deviceMounts, {})
  if (list.length === 0) {
    context.print(
      `No mounts yet. An admin adds one on /device/${registered.device.device_id} in the console.`,
    )
    return EXIT_OK
  }
  context.print('id  container  volume  prefix  state  last seen')
  for (const mount of list) {
    context.print(
      `${mount.media_grant_id}  ${mount.grant_name}  ${mount.volume_name}  ${mount.prefix_path}  ${mountState(mount)}  ${
        mount.last_seen ?? 'never'
      }`,
    )
  }
  return EXIT_OK
}

export interface SyncCommandOptions {
  mount: string
  folder: string
  /** Seconds between passes; absent: one pass. */
  watch?: number
  quiet?: boolean
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

/** Syncs a folder with a mount, once or every --watch seconds until stopped or refused. */
export async function sync(context: Context, options: SyncCommandOptions): Promise<number> {
  const registered = deviceOf(context)
  if (!registered) return EXIT_NEEDS_CHOICE
  const client = clientOf(context, registered.config.server, { deviceToken: registered.device.device_token })
  for (;;) {
    let code = EXIT_OK
    try {
      const report = await syncOnce({
        client,
        store: context.store,
        device_id: registered.device.device_id,
        mount: options.mount,
        folder: options.folder,
        version: context.version,
        ...(options.quiet ? { quiet: true } : {}),
        print: context.print,
        ...(context.signal ? { signal: context.signal } : {}),
      })
      if (options.quiet) context.print(summaryLine(report))
      for (const failure of report.failures) context.warn(`failed: ${failure.path}: ${failure.error}`)
      if (report.failures.length) code = EXIT_FAILED
    } catch (error) {
      if (context.signal?.aborted) {
        context.warn('Interrupted. The next sync continues where this one stopped.')
        return EXIT_INTERRUPTED
      }
      const refusal = refusalOf(error)
      if (refusal) {
        context.warn(refusal.message)
        return EXIT_REFUSED
      }
      context.warn(explain(error))
      // A mount that does not exist will not appear by waiting; a server that did not answer may.
      if (error instanceof UnknownMountError || options.watch === undefined) return EXIT_FAILED
      code = EXIT_FAILED
    }
    if (options.watch === undefined) return code
    await sleep(options.watch * 1000, context.signal)
    if (context.signal?.aborted) return EXIT_OK
  }
}

/** What this machine is, from the state folder only (it calls nothing). */
export async function status(context: Context): Promise<number> {
  const config = context.store.readConfig()
  context.print(`state folder: ${context.store.dir}`)
  context.print(`server: ${config.server ?? '(not signed in)'}`)
  context.print(`user: ${config.email ?? '-'}${config.session_key ? '' : ' (no session)'}`)
  context.print(
    `organization: ${config.org_id === undefined ? '-' : `${config.org_name} (${config.org_id})`}`,
  )
  context.print(
    `device: ${config.device ? `${config.device.device_id} "${config.device.device_name}" (app ${config.device.app_id})` : '(not registered)'}`,
  )
  const beat = context.store.readHeartbeat()
  if (beat) {
    const answer = beat.device
      ? `uploads ${beat.device.is_upload_disabled ? 'off' : 'on'}, downloads ${beat.device.is_download_disabled ? 'off' : 'on'}, priority ${beat.device.upload_priority}, every ${beat.device.heartbeat_seconds} s`
      : `refused: ${beat.error}${beat.error && beat.error in REFUSAL_TEXT ? ` (${REFUSAL_TEXT[beat.error as keyof typeof REFUSAL_TEXT]})` : ''}`
    context.print(`last heartbeat: ${beat.at}, version ${beat.version}: ${answer}`)
  } else {
    context.print('last heartbeat: never')
  }
  const list = context.store.listMounts()
  if (list.length === 0) context.print('mounts: none synced yet')
  for (const mount of list) {
    const entries = Object.values(mount.files)
    const bytes = entries.reduce((sum, entry) => sum + entry.size, 0)
    const inStep = entries.filter((entry) => entry.synced_hash === entry.hash).length
    const last = mount.last_sync
    context.print(
      `mount ${mount.media_grant_id} "${mount.grant_name}" <-> ${mount.folder}: ${entries.length} files (${formatBytes(bytes)}), ${inStep} in step, ${mount.reported.length} hashes reported held`,
    )
    if (last) {
      context.print(
        `  last sync ${last.at}: ${last.result}, ${last.uploaded} uploaded, ${last.downloaded} downloaded, ${last.failed} failed${
          last.message ? ` (${last.message})` : ''
        }`,
      )
    }
  }
  return EXIT_OK
}
