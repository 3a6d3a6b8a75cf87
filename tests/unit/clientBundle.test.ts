// What a phone downloads first, checked on the real build (built here when dist/ is stale, as `npm start`
// would): the chunks index.html loads and preloads (its own, and those its first requests preload for the
// screen: src/app/earlyRequests.ts) carry no TypeBox, no chunk of the app does (the app reads the contract's
// plain endpoint table and values, its schemas as types only: server/contract/endpoints.ts and limits.ts),
// and /login's JavaScript, as the build's brotli copies, stays within the issue's budget.
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildAll } from '../../scripts/build.mjs'
import { DIST, isBuildCurrent } from '../../scripts/buildState.mjs'
import { chunksFor, type EarlyTable } from '../../src/app/earlyRequests.ts'
import { MANIFEST_URL } from '../../src/app/manifestLink.ts'
import { inlineScriptHashes } from '../../server/http/appShell.ts'
import { withoutManifestLink } from '../../vite-plugins/deferredManifest.ts'

const APP = path.join(DIST, 'app')
const LOGIN_SCRIPT_BUDGET = 150 * 1000

const indexHtml = () => fs.readFileSync(path.join(APP, 'index.html'), 'utf8')

/** The table of screens index.html's first requests read (vite-plugins/earlyRequests.ts). */
function earlyTable(): EarlyTable {
  const json = /startEarlyRequests\((\{.*\})\)\}\)\(\)<\/script>/.exec(indexHtml())?.[1]
  if (!json) throw new Error('index.html does not start its early requests')
  return JSON.parse(json) as EarlyTable
}

/**
 * The chunks a first load of `pathname` asks for before the router does: index.html's module script and
 * modulepreloads, and those its early requests preload for that screen, as paths under dist/app.
 */
function initialChunks(pathname: string): string[] {
  const chunks = [
    ...indexHtml().matchAll(
      /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g,
    ),
  ].map((match) => match[1] as string)
  return [...chunks, ...chunksFor(earlyTable(), pathname, true).map((url) => url.slice(1))]
}

/** The source files a chunk was made from, by its source map (the bundler's own runtime chunk has none). */
function sourcesOf(chunk: string): string[] {
  const mapFile = path.join(APP, `${chunk}.map`)
  if (!fs.existsSync(mapFile)) return []
  return (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources
}

/** The bytes a chunk takes on the wire in brotli: its .br copy, or itself when too small to have one. */
function brotliBytes(chunk: string): number {
  const file = path.join(APP, chunk)
  return fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size
}

const isTypeBox = (source: string) => /[\\/]node_modules[\\/]typebox[\\/]/.test(source)

describe('the built app', () => {
  beforeAll(async () => {
    if (!isBuildCurrent()) await buildAll({ quiet: true })
  }, 300_000)

  it('loads and preloads no TypeBox on /login', () => {
    const chunks = initialChunks('/login')
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    for (const chunk of chunks) expect(sourcesOf(chunk).filter(isTypeBox), chunk).toEqual([])
  })

  it("preloads each screen's own chunks from index.html, every one of them a file of the build", () => {
    const table = earlyTable()
    for (const url of table.chunks) expect(fs.existsSync(path.join(APP, url)), url).toBe(true)
    const sourcesFor = (pathname: string) =>
      chunksFor(table, pathname, true).flatMap((url) => sourcesOf(url.slice(1)))
    expect(sourcesFor('/login')).toContain('../../../src/routes/_public/login.tsx?tsr-split=component')
    expect(sourcesFor('/home')).toContain('../../../src/routes/_app/home.index.tsx?tsr-split=component')
    expect(sourcesFor('/home/Media/clips/')).toContain(
      '../../../src/routes/_app/home.$grantName.$.tsx?tsr-split=component',
    )
    // Few files, so that none of them takes a phone's connections and link from the main chunk: the small
    // modules screens share come in one chunk (vite.config.ts, SHARED_SOURCES).
    for (const screen of ['/login', '/home', '/home/Media/clips/'])
      expect(chunksFor(table, screen, true).length, screen).toBeLessThanOrEqual(6)
    // The signed-in area's layout comes with each of its screens.
    expect(sourcesFor('/volume/7/metric')).toContain('../../../src/app/layout/Layout.tsx')
    // Only the signed-in area's screens need a session.
    expect(table.routes.filter(([, , signedIn]) => !signedIn).map(([pattern]) => pattern)).toEqual(
      expect.arrayContaining(['/', '/login', '/signup', '/loading', '/logout']),
    )
    expect(table.routes.find(([pattern]) => pattern === '/home/$grantName/$')?.[2]).toBe(true)
    expect(table.calls).toEqual({ config: '/api/1/config', currentUser: '/api/1/user/current' })
  })

  it('has one inline script, the early requests, which parses as a classic script', () => {
    const scripts = [...indexHtml().matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] as string,
    )
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toContain('startEarlyRequests(')
    // A syntax error would stop the script, and the page would load as if it had none.
    expect(() => new Function(scripts[0] as string)).not.toThrow()
    // TypeBox (whose schemas carry '~kind') stays out of it, as out of the app's chunks.
    expect(scripts[0]).not.toContain('~kind')
    expect(inlineScriptHashes(indexHtml())).toHaveLength(1)
  })

  it("asks for nothing in index.html but the app's code: the icon is inline, the manifest is linked later", () => {
    const html = indexHtml()
    // (The apple-touch-icon is read only when a page is added to an iPhone's home screen.)
    const fetched = [...html.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="([^"]*)"[^>]*>/g)]
      .filter(([tag]) => !tag.includes('rel="apple-touch-icon"'))
      .map((match) => match[1] as string)
    for (const url of fetched) expect(url, url).toMatch(/^(data:|\/assets\/index-[\w-]+\.js$)/)
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/)
    expect(html).not.toContain('rel="manifest"')
    // The file the app links is built.
    expect(fs.existsSync(path.join(APP, MANIFEST_URL))).toBe(true)
  })

  it('has no chunk with TypeBox in it, lazy ones included', () => {
    const maps = fs
      .readdirSync(path.join(APP, 'assets'))
      .filter((name) => name.endsWith('.js.map'))
      .map((name) => `assets/${name.slice(0, -'.map'.length)}`)
    expect(maps.length).toBeGreaterThan(10)
    const withTypeBox = maps.filter((chunk) => sourcesOf(chunk).some(isTypeBox))
    expect(withTypeBox).toEqual([])
  })

  it('carries its stylesheet inside index.html, so the first paint waits for no second file', () => {
    const html = fs.readFileSync(path.join(APP, 'index.html'), 'utf8')
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    // The whole stylesheet: the custom properties of both schemes and the layout's rules.
    expect(style).toContain('--surface:')
    expect(style).toMatch(/prefers-color-scheme:\s*dark/)
    expect(style).toContain('.layout')
    const assets = fs.readdirSync(path.join(APP, 'assets'))
    expect(assets.filter((name) => name.endsWith('.css'))).toEqual([])
    // No chunk asks for the stylesheet as a file (Vite's preload lists of dynamic imports): it would be a
    // request for a file that is not there, failing the import that asked.
    const namingCss = assets
      .filter((name) => name.endsWith('.js'))
      .filter((name) => /assets\/[\w-]+\.css/.test(fs.readFileSync(path.join(APP, 'assets', name), 'utf8')))
    expect(namingCss).toEqual([])
  })

  it("sends /login's JavaScript in at most 150 KB of brotli", () => {
    const login = fs.readdirSync(path.join(APP, 'assets')).find((name) => /^login-[\w-]+\.js$/.test(name))
    expect(login).toBeDefined()
    const chunks = [...new Set([...initialChunks('/login'), `assets/${login}`])].filter((chunk) =>
      chunk.endsWith('.js'),
    )
    const bytes = chunks.reduce((sum, chunk) => sum + brotliBytes(chunk), 0)
    expect(bytes).toBeGreaterThan(10_000)
    expect(bytes).toBeLessThanOrEqual(LOGIN_SCRIPT_BUDGET)
  })
})

describe("the manifest's link, taken out of index.html", () => {
  const head = (links: string) => `<html><head><title>Media Console</title>${links}</head></html>`

  it('leaves the rest of the page as it was', () => {
    const link = `<link rel="manifest" href="${MANIFEST_URL}">`
    expect(withoutManifestLink(head(`<meta charset="UTF-8">${link}`))).toBe(head('<meta charset="UTF-8">'))
  })

  it('fails the build when there is none, two, or one naming another file than the app links', () => {
    expect(() => withoutManifestLink(head(''))).toThrow(/0 manifest links/)
    const link = `<link rel="manifest" href="${MANIFEST_URL}">`
    expect(() => withoutManifestLink(head(link + link))).toThrow(/2 manifest links/)
    expect(() => withoutManifestLink(head('<link rel="manifest" href="/app.webmanifest">'))).toThrow(
      /links the manifest at \/app\.webmanifest/,
    )
  })
})
