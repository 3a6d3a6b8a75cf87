// index.html's first requests (src/app/earlyRequests.ts): which screen's chunks a path preloads, how the app
// takes the answers already on their way (src/api/earlyAnswers.ts), and how the build reads the router's
// generated tree for its table (vite-plugins/earlyRequests.ts).
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_ANSWER_TTL_MS, fetchTakingEarlyAnswers, takeEarlyAnswer } from '../../src/api/earlyAnswers.ts'
import {
  chunksFor,
  directoryCall,
  EARLY_ANSWERS,
  adminGrantListCall,
  grantListCall,
  listedOrg,
  matchScore,
  type EarlyAnswers,
} from '../../src/app/earlyRequests.ts'
import { org } from './orgFixture.ts'
import { EARLY_CALLS, patternOf, readRouteFiles } from '../../vite-plugins/earlyRequests.ts'

const table = {
  routes: [
    ['/', [0], false],
    ['/$', [1], true],
    ['/login', [2], false],
    ['/home/', [1, 3], true],
    ['/home/$grantName/$', [1, 4], true],
    ['/volume/$volumeId/', [1, 5], true],
    ['/volume/$volumeId/metric', [1, 6], true],
    ['/volume/permission', [1, 7], true],
  ] as Array<[string, number[], boolean]>,
  chunks: ['/index', '/layout', '/login', '/home', '/listing', '/volume', '/metric', '/permission'],
}

describe('the chunks a path preloads', () => {
  it("are none of the signed-in area's without a session: the page goes to /login instead", () => {
    expect(chunksFor(table, '/home/Media/', false)).toEqual([])
    expect(chunksFor(table, '/nowhere', false)).toEqual([])
    expect(chunksFor(table, '/login', false)).toEqual(['/login'])
    expect(chunksFor(table, '/', false)).toEqual(['/index'])
  })

  it('are those of the route the router would choose: static segments first, then parameters, then the splat', () => {
    expect(chunksFor(table, '/login', true)).toEqual(['/login'])
    expect(chunksFor(table, '/home', true)).toEqual(['/layout', '/home'])
    expect(chunksFor(table, '/home/', true)).toEqual(['/layout', '/home'])
    expect(chunksFor(table, '/home/Media/', true)).toEqual(['/layout', '/listing'])
    expect(chunksFor(table, '/home/Media/clips/a.mov', true)).toEqual(['/layout', '/listing'])
    expect(chunksFor(table, '/volume/permission', true)).toEqual(['/layout', '/permission'])
    expect(chunksFor(table, '/volume/12/metric', true)).toEqual(['/layout', '/metric'])
    expect(chunksFor(table, '/volume/12', true)).toEqual(['/layout', '/volume'])
    expect(chunksFor(table, '/', true)).toEqual(['/index'])
    // No screen has it: the signed-in area's catch-all.
    expect(chunksFor(table, '/nowhere/at/all', true)).toEqual(['/layout'])
    expect(chunksFor({ routes: [['/login', [0], false]], chunks: ['/login'] }, '/signup', true)).toEqual([])
  })

  it('scores a match by its segments and refuses a path of another length', () => {
    expect(matchScore('/login', '/login')).toBe(4)
    expect(matchScore('/home/$grantName/$', '/home/Media/')).toBe(5)
    expect(matchScore('/$', '/')).toBe(0)
    expect(matchScore('/home/$grantName/$', '/home')).toBe(-1)
    expect(matchScore('/volume/$volumeId/', '/volume/3/audit')).toBe(-1)
    expect(matchScore('/login', '/signup')).toBe(-1)
  })
})

/** The calls as the build writes them into the table. */
const calls = EARLY_CALLS

describe('the containers list index.html asks for on Home and a listing', () => {
  const planned = (orgId: number, domain_prefix: string | null = null) => org(orgId, { domain_prefix })

  it("is the list of the organization the console will show, by the app's own rule", () => {
    const org_list = [planned(4), planned(9, 'studio')]
    const site = { domain_prefix: null }
    expect(listedOrg(site, { org_list }, undefined)?.org_id).toBe(4)
    expect(listedOrg(site, { org_list }, 9)?.org_id).toBe(9)
    // On an organization's own domain, that organization, whatever was chosen elsewhere.
    expect(listedOrg({ domain_prefix: 'studio' }, { org_list }, 4)?.org_id).toBe(9)
    // A value another build wrote is no choice: it names no organization of the list.
    const written = JSON.parse('"9"') as number
    expect(listedOrg(site, { org_list }, written)?.org_id).toBe(4)
    expect(grantListCall({ calls }, 9)).toEqual({ path: '/web/1/org/9/media_grant' })
    // An admin's Home lists every container of the organization too.
    expect(adminGrantListCall({ calls }, 9)).toEqual({ path: '/org_admin/1/org/9/media_grant' })
  })

  it('is not asked for where Home lists no containers: no organization, or one without a plan', () => {
    const site = { domain_prefix: null }
    expect(listedOrg(site, { org_list: [] }, undefined)).toBeUndefined()
    expect(listedOrg(site, { org_list: [org(4, { plan_id: null })] }, 4)).toBeUndefined()
  })
})

describe('the listing index.html asks for on the file browser', () => {
  const grant = (media_grant_id: number, grant_name: string) => ({ media_grant_id, grant_name })
  const grants = { media_grant_list: [grant(3, 'Raw Footage'), grant(5, 'raw footage'), grant(8, 'Ünïcode')] }
  const path = '/web/1/org/4/media_grant/3/dir'

  it("is the directory the address names, in the container of that name, as the app's call writes it", () => {
    expect(directoryCall({ calls }, 4, grants, '/home/Raw%20Footage/')).toEqual({
      path,
      query: { prefix_path: '/', media_grant_id: '3' },
    })
    expect(directoryCall({ calls }, 4, grants, '/home/Raw%20Footage')?.query?.prefix_path).toBe('/')
    expect(directoryCall({ calls }, 4, grants, '/home/Raw%20Footage/a%20b/c/')?.query?.prefix_path).toBe(
      '/a b/c/',
    )
    // A name in the very case wins over one in another case.
    expect(directoryCall({ calls }, 4, grants, '/home/raw%20footage/')?.path).toBe(
      '/web/1/org/4/media_grant/5/dir',
    )
    expect(directoryCall({ calls }, 4, grants, '/home/RAW%20FOOTAGE/')?.path).toBe(path)
    expect(directoryCall({ calls }, 4, grants, `/home/${encodeURIComponent('Ünïcode')}/`)?.path).toBe(
      '/web/1/org/4/media_grant/8/dir',
    )
  })

  it("is the file's own directory on a file's address: its detail is read from that listing", () => {
    expect(directoryCall({ calls }, 4, grants, '/home/Raw%20Footage/clips/a.mov')?.query).toEqual({
      prefix_path: '/clips/',
      media_grant_id: '3',
    })
  })

  it('is not asked for where the user holds no container of that name', () => {
    expect(directoryCall({ calls }, 4, grants, '/home/Elsewhere/')).toBeUndefined()
    expect(directoryCall({ calls }, 4, { media_grant_list: [] }, '/home/Raw%20Footage/')).toBeUndefined()
  })
})

describe('the answers index.html asked for', () => {
  const url = '/api/1/user/current?session_key=abc'
  let answers: Map<string, Promise<Response>>

  beforeEach(() => {
    vi.stubGlobal('window', globalThis)
    answers = new Map([[url, Promise.resolve(new Response('{"user":1}'))]])
    const early: EarlyAnswers = { at: performance.now(), answers, complete: Promise.resolve() }
    Reflect.set(globalThis, EARLY_ANSWERS, early)
  })

  afterEach(() => {
    Reflect.deleteProperty(globalThis, EARLY_ANSWERS)
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('are taken once, by a GET of the very same URL', async () => {
    expect(takeEarlyAnswer('/api/1/user/current?session_key=other', {})).toBeUndefined()
    expect(takeEarlyAnswer(url, { method: 'POST', body: '{}' })).toBeUndefined()
    const answer = takeEarlyAnswer(url, { method: 'GET' })
    expect(await (await answer)?.text()).toBe('{"user":1}')
    expect(takeEarlyAnswer(url, { method: 'GET' })).toBeUndefined()
  })

  it('serve only the first screen: one asked for later goes to the server', () => {
    const early = Reflect.get(globalThis, EARLY_ANSWERS) as EarlyAnswers
    early.at = performance.now() - EARLY_ANSWER_TTL_MS - 1
    expect(takeEarlyAnswer(url, {})).toBeUndefined()
    expect(answers.size).toBe(0)
  })

  it('are waited for while the page may still ask for one, which the app then takes', async () => {
    const early = Reflect.get(globalThis, EARLY_ANSWERS) as EarlyAnswers
    const grants = '/web/1/org/4/media_grant?session_key=abc'
    let complete: (() => void) | undefined
    early.complete = new Promise<undefined>((resolve) => (complete = () => resolve(undefined)))
    const fetched = vi.fn(async () => new Response('from the network'))
    vi.stubGlobal('fetch', fetched)
    const answer = fetchTakingEarlyAnswers(grants, {})
    early.answers.set(grants, Promise.resolve(new Response('asked early')))
    complete?.()
    expect(await (await answer).text()).toBe('asked early')
    // Once complete, a call the page did not ask for goes to the network at once.
    expect(await (await fetchTakingEarlyAnswers('/api/1/plan', {})).text()).toBe('from the network')
    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it("keep the caller's abort: a timeout ends the wait for one", async () => {
    answers.set(url, new Promise<Response>(() => undefined))
    const controller = new AbortController()
    const answer = takeEarlyAnswer(url, { signal: controller.signal })
    controller.abort(new Error('timed out'))
    await expect(answer).rejects.toThrow('timed out')
  })
})

describe("the build's reading of the route tree", () => {
  const routeFiles = readRouteFiles(fs.readFileSync(path.resolve('src/routeTree.gen.ts'), 'utf8'))

  it('finds the file of every route, the root and the layouts included', () => {
    expect(routeFiles.get('__root__')).toBe('routes/__root')
    expect(routeFiles.get('/_app')).toBe('routes/_app/route')
    expect(routeFiles.get('/_public/login')).toBe('routes/_public/login')
    expect(routeFiles.get('/_app/home/$grantName/$')).toBe('routes/_app/home.$grantName.$')
    expect(routeFiles.get('/_app/_admin/volume/$volumeId/')).toBe('routes/_app/_admin.volume.$volumeId.index')
    for (const file of routeFiles.values()) expect(fs.existsSync(`src/${file}.tsx`), file).toBe(true)
  })

  it("gives a route's URL pattern without its pathless layouts", () => {
    expect(patternOf('/_app/home/')).toBe('/home/')
    expect(patternOf('/_app/home/$grantName/$')).toBe('/home/$grantName/$')
    expect(patternOf('/_public/login')).toBe('/login')
    expect(patternOf('/_app/$')).toBe('/$')
    expect(patternOf('/_app/_admin/org_/app/$appId')).toBe('/org/app/$appId')
    expect(patternOf('/')).toBe('/')
  })
})
