import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isBuildCurrent, sourceFingerprint, writeBuildStamp } from '../../scripts/buildState.mjs'

// npm start rebuilds exactly when the sources differ from what the build was made from.
describe('build staleness', () => {
  let root: string
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  const build = () => {
    write('dist/app/index.html', '<!doctype html>')
    write('dist/server/main.js', '')
    write('dist/server/jobs.js', '')
    writeBuildStamp(sourceFingerprint(root), root)
  }

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-build-'))
    write('src/main.tsx', 'render()')
    write('server/main.ts', 'listen()')
    write('index.html', '<div id="root"></div>')
  })
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  it('finds no build on a fresh clone', () => {
    expect(isBuildCurrent(root)).toBe(false)
  })

  it('finds a build current until a source changes', () => {
    build()
    expect(isBuildCurrent(root)).toBe(true)
    write('server/main.ts', 'listen(8080)')
    expect(isBuildCurrent(root)).toBe(false)
  })

  it('notices an added source file', () => {
    build()
    write('src/routes/home.tsx', 'export {}')
    expect(isBuildCurrent(root)).toBe(false)
  })

  it('ignores a change the build itself makes and files outside the inputs', () => {
    build()
    write('src/routeTree.gen.ts', '// regenerated')
    write('tests/unit/x.test.ts', 'test')
    write('data/pgdata/file', 'database')
    expect(isBuildCurrent(root)).toBe(true)
  })

  it('notices a changed build-time setting', () => {
    const before = sourceFingerprint(root, {})
    expect(sourceFingerprint(root, { VITE_SUPPORT_EMAIL: 'help@example.com' })).not.toBe(before)
    expect(sourceFingerprint(root, { UNRELATED: 'x' })).toBe(before)
  })

  it('needs every part of the build', () => {
    for (const part of ['dist/server/main.js', 'dist/server/jobs.js', 'dist/app/index.html']) {
      build()
      expect(isBuildCurrent(root)).toBe(true)
      fs.rmSync(path.join(root, part))
      expect(isBuildCurrent(root), part).toBe(false)
    }
  })
})
