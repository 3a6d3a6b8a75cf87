// The name rule's characters (server/contract/text.ts), which the server and the console both apply: which
// characters a name may not hold.
import { describe, expect, it } from 'vitest'
import { holdsControlCharacter, withoutControlCharacters } from '../../server/contract/text.ts'
import { CONTROLS } from '../server/helpers/textForms.ts'

describe('control characters', () => {
  it('are C0, DEL, C1 and the line and paragraph separators, and nothing printable', () => {
    for (const [label, text] of CONTROLS) expect(holdsControlCharacter(`a${text}b`), label).toBe(true)
    for (let code = 0; code <= 0x9f; code++) {
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f)
      expect(holdsControlCharacter(String.fromCharCode(code)), code.toString(16)).toBe(control)
    }
    for (const text of ['Café Noël', '\u00a0', '東京', '🎬', 'a-b_c.d', "O'Brien & Sons"])
      expect(holdsControlCharacter(text), text).toBe(false)
  })
  it('become one space per run where a stored text must be shown on one line', () => {
    expect(withoutControlCharacters('Acme\r\n\r\nBcc: x\u2028y\u0085')).toBe('Acme Bcc: x y ')
    expect(withoutControlCharacters('Plain name')).toBe('Plain name')
  })
})
