import { describe, expect, it } from 'vitest'
import { refusalOf, type FileAction } from '../../src/lib/fileCapabilities.ts'

const UPLOAD = 'Sorry, you do not have permission to upload.'
const DOWNLOAD = 'Sorry, you do not have permission to download files.'
const changes: FileAction[] = ['createFolder', 'upload', 'delete', 'undelete', 'restore']
const reads: FileAction[] = ['download', 'open', 'share']

describe('refusalOf', () => {
  it('refuses every change to a member without upload rights, in the specification’s words', () => {
    const caps = { cap_web_upload: false, cap_web_download: true }
    for (const action of changes) expect(refusalOf(caps, action)).toBe(UPLOAD)
    for (const action of reads) expect(refusalOf(caps, action)).toBeUndefined()
  })

  it('refuses downloads and opening to a member without download rights', () => {
    const caps = { cap_web_upload: true, cap_web_download: false }
    for (const action of reads) expect(refusalOf(caps, action)).toBe(DOWNLOAD)
    for (const action of changes) expect(refusalOf(caps, action)).toBeUndefined()
  })

  it('allows everything to a member with both', () => {
    const caps = { cap_web_upload: true, cap_web_download: true }
    for (const action of [...changes, ...reads]) expect(refusalOf(caps, action)).toBeUndefined()
  })
})
