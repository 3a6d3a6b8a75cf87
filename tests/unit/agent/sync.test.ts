// The decisions of a sync pass, without a server: which side changed a file since the two were last in
// step, and how a holdings report is cut into batches the server takes.
import { describe, expect, it } from 'vitest'
import type { MountFile } from '../../../server/contract/device.ts'
import { HOLDING_BATCH_MAX } from '../../../server/contract/device.ts'
import type { FileEntry } from '../../../agent/state.ts'
import { holdingBatches } from '../../../agent/sync/holdings.ts'
import { findMount, mountRoot } from '../../../agent/sync/mount.ts'
import { planFiles } from '../../../agent/sync/plan.ts'
import type { WalkedFile } from '../../../agent/walk.ts'

const h = (letter: string) => letter.repeat(64)

function here(rel: string, entry: Partial<FileEntry> & { hash: string }) {
  const file: WalkedFile = { path: rel, abs: `/sync/${rel}`, size: 10, mtime_ms: 1 }
  return { file, entry: { size: 10, mtime_ms: 1, ...entry } }
}

let nextId = 1
function there(rel: string, hash: string, isUploaded = true): MountFile {
  return {
    media_id: nextId++,
    path: rel,
    file_hash: hash,
    file_size: 10,
    mtime: null,
    is_uploaded: isUploaded,
  }
}

describe('planning a pass', () => {
  it('uploads a new file and downloads a missing one', () => {
    const plan = planFiles([here('new.txt', { hash: h('a') })], [there('theirs.txt', h('b'))])
    expect(
      plan.plans.map((each) => [each.kind, each.kind === 'upload' ? each.file.path : each.remote.path]),
    ).toEqual([
      ['upload', 'new.txt'],
      ['download', 'theirs.txt'],
    ])
    expect(plan.plans[0]).toMatchObject({ register: true })
    expect(plan.plans[0]).not.toHaveProperty('previous_hash')
    expect(plan.plans[1]).toMatchObject({ local: null })
  })

  it('leaves the same content alone, in step, matching paths without regard to case', () => {
    const plan = planFiles([here('Clip.MOV', { hash: h('a') })], [there('clip.mov', h('a'))])
    expect(plan.plans).toEqual([])
    expect(plan.in_step).toEqual(['Clip.MOV'])
  })

  it('sends only the content of a file the mount has but the store lacks', () => {
    const plan = planFiles([here('a.mov', { hash: h('a') })], [there('a.mov', h('a'), false)])
    expect(plan.plans).toEqual([expect.objectContaining({ kind: 'upload', register: false })])
    expect(plan.in_step).toEqual(['a.mov'])
  })

  it('uploads a change made here as a new version of what the mount has', () => {
    const plan = planFiles([here('a.txt', { hash: h('b'), synced_hash: h('a') })], [there('a.txt', h('a'))])
    expect(plan.plans).toEqual([
      expect.objectContaining({ kind: 'upload', previous_hash: h('a'), register: true }),
    ])
  })

  it("replaces an unchanged copy with the mount's newer version, once it is stored", () => {
    const copy = here('a.txt', { hash: h('a'), synced_hash: h('a') })
    const plan = planFiles([copy], [there('a.txt', h('b'))])
    expect(plan.plans).toEqual([expect.objectContaining({ kind: 'download', local: copy.file })])
    const notYet = planFiles([copy], [there('a.txt', h('b'), false)])
    expect(notYet.plans).toEqual([])
    expect(notYet.not_in_store).toBe(1)
  })

  it('keeps both sides of a change made on both, and of two different files never in step', () => {
    const plan = planFiles(
      [here('both.txt', { hash: h('b'), synced_hash: h('a') }), here('first.txt', { hash: h('c') })],
      [there('both.txt', h('d')), there('first.txt', h('e'))],
    )
    expect(plan.plans).toEqual([])
    expect(plan.conflicts).toEqual(['both.txt', 'first.txt'])
  })

  it('does not upload again a file the mount deleted, unless it changed here since', () => {
    const plan = planFiles(
      [
        here('gone.txt', { hash: h('a'), synced_hash: h('a') }),
        here('changed.txt', { hash: h('b'), synced_hash: h('a') }),
      ],
      [],
    )
    expect(plan.deleted_in_mount).toBe(1)
    expect(plan.plans).toEqual([
      expect.objectContaining({ kind: 'upload', file: expect.objectContaining({ path: 'changed.txt' }) }),
    ])
  })

  it('writes nothing at or under a path here that is not synced (skipped or not read)', () => {
    const plan = planFiles(
      [],
      [there('empty.txt', h('a')), there('linked-dir/x.txt', h('b')), there('linked-dirx.txt', h('c'))],
      ['empty.txt', 'Linked-Dir'],
    )
    expect(plan.left_alone).toEqual(['empty.txt', 'linked-dir/x.txt'])
    expect(plan.plans).toEqual([
      expect.objectContaining({
        kind: 'download',
        remote: expect.objectContaining({ path: 'linked-dirx.txt' }),
      }),
    ])
  })

  it('does not download a file of the mount whose content is not stored yet', () => {
    const plan = planFiles([], [there('pending.mov', h('a'), false)])
    expect(plan.plans).toEqual([])
    expect(plan.not_in_store).toBe(1)
  })
})

describe('holdings reports', () => {
  it('sends only what changed since the last report', () => {
    expect(holdingBatches(new Set([h('a'), h('b')]), new Set([h('a'), h('b')]))).toEqual([])
    expect(holdingBatches(new Set([h('a'), h('c')]), new Set([h('a'), h('b')]))).toEqual([
      { add: [h('c')], remove: [h('b')] },
    ])
  })

  it('cuts a large report into batches the server takes', () => {
    const hashes = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}${index.toString(16).padStart(63, '0')}`)
    const held = new Set(hashes('a', 2 * HOLDING_BATCH_MAX + 5))
    const reported = new Set(hashes('b', HOLDING_BATCH_MAX + 1))
    const batches = holdingBatches(held, reported)
    expect(batches).toHaveLength(3)
    for (const batch of batches) {
      expect(batch.add.length).toBeLessThanOrEqual(HOLDING_BATCH_MAX)
      expect(batch.remove.length).toBeLessThanOrEqual(HOLDING_BATCH_MAX)
    }
    expect(new Set(batches.flatMap((batch) => batch.add))).toEqual(held)
    expect(new Set(batches.flatMap((batch) => batch.remove))).toEqual(reported)
  })
})

describe('mounts', () => {
  const mount = (id: number, name: string, prefix = '/') => ({
    media_grant_id: id,
    grant_name: name,
    volume_id: 1,
    volume_name: 'Main',
    prefix_path: prefix,
    is_disabled: false,
    grant_is_disabled: false,
    volume_is_disabled: false,
    last_seen: null,
  })

  it("finds a mount by its id or its container's name", () => {
    const mounts = [mount(4, 'Projects'), mount(9, '4')]
    expect(findMount(mounts, '4')?.media_grant_id).toBe(4)
    expect(findMount(mounts, 'projects')?.media_grant_id).toBe(4)
    expect(findMount(mounts, '9')?.media_grant_id).toBe(9)
    expect(findMount(mounts, 'Other')).toBeUndefined()
  })

  it("builds the mount's root as the server keeps full paths", () => {
    expect(mountRoot('/')).toBe('/media/')
    expect(mountRoot('/a/b')).toBe('/media/a/b/')
    expect(mountRoot('a/b/')).toBe('/media/a/b/')
  })
})
