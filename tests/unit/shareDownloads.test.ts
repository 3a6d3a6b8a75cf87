// What Download All on a share link's page collects, and the queue's items it makes of it.
import { describe, expect, it } from 'vitest'
import type { SharedDir, SharedMedia } from '../../server/contract/shareLink.ts'
import { collectSharedFiles, linkDownloadFiles } from '../../src/routes/-sharePublic/shareDownloads.ts'

function media(media_id: number, name: string, file_hash = `h${media_id}`): SharedMedia {
  return {
    media_id,
    name,
    file_size: media_id * 10,
    file_hash,
    mtime: null,
    media_kind: 'other',
    thumbnail_state: 'none',
  }
}

const TREE: Record<string, { media_list: SharedMedia[]; dir_list: SharedDir[] }> = {
  '': {
    media_list: [media(1, 'z.txt'), media(2, 'a.txt')],
    dir_list: [
      { dir_name: 'sub', file_count: 1 },
      { dir_name: 'only-deleted', file_count: 0 },
    ],
  },
  'sub/': { media_list: [media(3, 'b.bin')], dir_list: [{ dir_name: 'deep', file_count: 1 }] },
  'sub/deep/': { media_list: [media(4, 'c.txt', 'h2')], dir_list: [] },
}

describe('collectSharedFiles', () => {
  it('walks the folder shown to the bottom, naming files relative to it, and skips folders of no file', async () => {
    const listed: string[] = []
    const list = async (path: string) => {
      listed.push(path)
      const listing = TREE[path]
      if (!listing) throw new Error(`not a folder of the link: ${path}`)
      return listing
    }
    expect(await collectSharedFiles(list, '')).toEqual([
      { path: 'a.txt', media_id: 2, file_size: 20, file_hash: 'h2' },
      { path: 'sub/b.bin', media_id: 3, file_size: 30, file_hash: 'h3' },
      { path: 'sub/deep/c.txt', media_id: 4, file_size: 40, file_hash: 'h2' },
      { path: 'z.txt', media_id: 1, file_size: 10, file_hash: 'h1' },
    ])
    expect(listed).toEqual(['', 'sub/', 'sub/deep/'])

    // From a subfolder, its own tree, named from there.
    expect((await collectSharedFiles(list, 'sub/')).map((file) => file.path)).toEqual(['b.bin', 'deep/c.txt'])
  })

  it('fails as a whole when a listing fails: nothing is queued from half a tree', async () => {
    const list = async (path: string) => {
      if (path === 'sub/') throw new Error('offline')
      return TREE[path] ?? { media_list: [], dir_list: [] }
    }
    await expect(collectSharedFiles(list, '')).rejects.toThrow('offline')
  })
})

describe('linkDownloadFiles', () => {
  it("makes queue items that ask the link for their addresses, with the visit's session", () => {
    let next = 0
    const items = linkDownloadFiles(
      [{ path: 'a.txt', media_id: 2, file_size: 20, file_hash: 'h2' }],
      'tok',
      'visit',
      () => `link-${++next}`,
    )
    expect(items).toEqual([
      {
        id: 'link-1',
        path: 'a.txt',
        media_id: 2,
        file_size: 20,
        file_hash: 'h2',
        share_token: 'tok',
        link_session: 'visit',
      },
    ])
  })
})
