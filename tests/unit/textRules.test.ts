// The text rules of server/contract/text.ts, which the server and the console both apply: which characters a
// name may not hold, and which e-mail addresses are one mailbox, checked against the mailer itself
// (nodemailer composing a message exactly as it would send it).
import fc from 'fast-check'
import { createTransport } from 'nodemailer'
import { describe, expect, it } from 'vitest'
import {
  EMAIL_MAX_LENGTH,
  holdsControlCharacter,
  isMailboxAddress,
  withoutControlCharacters,
} from '../../server/contract/text.ts'
import { CONTROLS, ODD_ADDRESSES } from '../server/helpers/textForms.ts'

/** Letters, and every character that means something to an address parser or a header. */
const ADDRESS_CHARACTERS = fc.constantFrom(...'ab1.-_+\'!#$%&*/=?^`{|}~,;:<>()"[]\\@ \t\r\n\u0085\u2028é')

/** The envelope recipients nodemailer would send a message to, given `to`. */
async function recipientsOf(to: string): Promise<string[]> {
  const composer = createTransport({ streamTransport: true, buffer: true })
  const info = await composer.sendMail({ from: 'console@example.com', to, subject: 'x', text: 'x' })
  return info.envelope.to
}

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

describe('e-mail addresses', () => {
  it('refuse every form the mailer would read as something other than the one mailbox typed', async () => {
    for (const address of ODD_ADDRESSES) expect(isMailboxAddress(address), address).toBe(false)
    // What the mailer makes of the first three of the issue: not the address typed.
    for (const address of ['a,b@c.de', 'x<y>@c.de', 'a;b@c.de']) {
      expect(await recipientsOf(address).catch(() => []), address).not.toEqual([address])
    }
  })
  it('take the plain forms people use, which the mailer sends to as they are', async () => {
    for (const address of ['ada@example.com', 'first.last+tag@sub.example.co.uk', "o'brien@example.ie"]) {
      expect(isMailboxAddress(address), address).toBe(true)
      expect(await recipientsOf(address)).toEqual([address])
    }
    expect(isMailboxAddress(`${'a'.repeat(64)}@${'b'.repeat(63)}.com`)).toBe(true)
    // 254 characters in all at most: four labels of 63, 63, 63 and 60 or 61 after 'a@'.
    const domain = (last: number) =>
      ['b', 'c', 'd'].map((c) => c.repeat(63)).join('.') + `.${'e'.repeat(last)}`
    expect(isMailboxAddress(`a@${domain(60)}`)).toBe(true)
    expect(isMailboxAddress(`a@${domain(61)}`)).toBe(false)
    expect(EMAIL_MAX_LENGTH).toBe(254)
  })
  it('are taken only when the mailer sends to exactly that one mailbox', async () => {
    // RFC 5322 addresses of every character a local part may hold, and arbitrary text around at-signs.
    const candidates = fc.oneof(
      fc.emailAddress(),
      fc
        .tuple(
          fc.string({ unit: ADDRESS_CHARACTERS, maxLength: 12 }),
          fc.string({ unit: ADDRESS_CHARACTERS, maxLength: 12 }),
        )
        .map(([local, domain]) => `${local}@${domain}.com`),
    )
    await fc.assert(
      fc.asyncProperty(candidates, async (address) => {
        if (!isMailboxAddress(address)) return
        expect(await recipientsOf(address)).toEqual([address])
      }),
      { seed: 4242, numRuns: 300 },
    )
    // And the addresses RFC 5322 calls plain are taken, up to the lengths SMTP allows.
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        const [local = '', domain = ''] = address.split('@')
        const fits =
          address.length <= 254 && local.length <= 64 && /[a-z]/i.test(domain.split('.').at(-1) ?? '')
        expect(isMailboxAddress(address)).toBe(fits)
      }),
      { seed: 4242, numRuns: 300 },
    )
  })
})
