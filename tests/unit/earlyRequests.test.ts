// index.html's first requests (src/app/earlyRequests.ts): which screen's chunks a path preloads, how the app
// takes the answers already on their way (src/api/earlyAnswers.ts), and how the build reads the router's
// generated tree for its table (vite-plugins/earlyRequests.ts).
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_ANSWER_TTL_MS, fetchTakingEarlyAnswers, takeEarlyAnswer } from '../../src/api/earlyAnswers.ts'
import { chunksFor, EARLY_ANSWERS, matchScore, type EarlyAnswers } from '../../src/app/earlyRequests.ts'
import { patternOf, readRouteFiles } from '../../vite-plugins/earlyRequests.ts'

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

describe('the answers index.html asked for', () => {
  const url = '/api/1/user/current?session_key=abc'
  let answers: Map<string, Promise<Response>>

  beforeEach(() => {
    vi.stubGlobal('window', globalThis)
    answers = new Map([[url, Promise.resolve(new Response('{"user":1}'))]])
    const early: EarlyAnswers = { at: performance.now(), answers }
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

  it("are taken by the transport's fetch, and any other GET goes to the network at once", async () => {
    const fetched = vi.fn(async () => new Response('from the network'))
    vi.stubGlobal('fetch', fetched)
    expect(await (await fetchTakingEarlyAnswers(url, {})).text()).toBe('{"user":1}')
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
