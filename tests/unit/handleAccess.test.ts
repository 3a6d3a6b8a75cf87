import { describe, expect, it } from 'vitest'
import { askHandleAccess, hasHandleAccess } from '../../src/transfers/handleAccess.ts'

/** A handle whose permission answers as given; requestPermission grants it, as a user's click would. */
function handleAsking(answer: PermissionState, onRequest: PermissionState = 'granted') {
  let state = answer
  const modes: string[] = []
  const handle = {
    kind: 'file',
    name: 'clip.mov',
    queryPermission: ({ mode }: { mode: string }) => {
      modes.push(`query ${mode}`)
      return Promise.resolve(state)
    },
    requestPermission: ({ mode }: { mode: string }) => {
      modes.push(`request ${mode}`)
      state = onRequest
      return Promise.resolve(state)
    },
  }
  return { handle: handle as unknown as FileSystemHandle, modes }
}

describe('access to kept handles', () => {
  it('counts a handle without permission methods as usable: such browsers never ask', async () => {
    const plain = { kind: 'file', name: 'clip.mov' } as unknown as FileSystemHandle
    expect(await hasHandleAccess(plain, 'read')).toBe(true)
    expect(await askHandleAccess(plain, 'readwrite')).toBe(true)
  })

  it('uses a handle only when the browser answers granted for the mode asked', async () => {
    const granted = handleAsking('granted')
    expect(await hasHandleAccess(granted.handle, 'readwrite')).toBe(true)
    expect(granted.modes).toEqual(['query readwrite'])
    expect(await hasHandleAccess(handleAsking('prompt').handle, 'read')).toBe(false)
    expect(await hasHandleAccess(handleAsking('denied').handle, 'read')).toBe(false)
  })

  it('asks the user, and answers what the user chose', async () => {
    const asked = handleAsking('prompt')
    expect(await askHandleAccess(asked.handle, 'read')).toBe(true)
    expect(await hasHandleAccess(asked.handle, 'read')).toBe(true)
    expect(asked.modes).toEqual(['request read', 'query read'])
    expect(await askHandleAccess(handleAsking('prompt', 'denied').handle, 'read')).toBe(false)
  })

  it('treats a failing permission call as no access', async () => {
    const broken = {
      queryPermission: () => Promise.reject(new DOMException('gone', 'NotFoundError')),
      requestPermission: () => Promise.reject(new DOMException('no gesture', 'SecurityError')),
    } as unknown as FileSystemHandle
    expect(await hasHandleAccess(broken, 'read')).toBe(false)
    expect(await askHandleAccess(broken, 'read')).toBe(false)
  })
})
