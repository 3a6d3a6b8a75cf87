// Text the name and e-mail rules must refuse, shared by the tests of those rules and the fuzz's generators:
// each control character a name could smuggle a second line or a terminal escape in with, and each form of
// address the mailer would read as something other than the one mailbox typed.

/** Each kind of character no name may hold: C0 (line breaks, tab, escapes), DEL, C1, U+2028 and U+2029. */
export const CONTROLS: ReadonlyArray<readonly [label: string, text: string]> = [
  ['CR LF', '\r\n'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['TAB', '\t'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['NEL (C1)', '\u0085'],
  ['CSI (C1)', '\u009b'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
]

/** Whether a text holds one of the characters of CONTROLS' kinds (the test's own reading of the rule). */
// eslint-disable-next-line no-control-regex
export const holdsControl = (text: string) => /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text)

/**
 * Addresses the mailer reads as something other than the one mailbox typed (two recipients, a display name
 * and another address, a group, a comment, a quoted local part, header lines), and forms no mail server
 * takes (dots out of place, a domain label with a dash at an end, a literal IP, no top-level domain).
 */
export const ODD_ADDRESSES: readonly string[] = [
  'a,b@c.de',
  'x<y>@c.de',
  'a;b@c.de',
  'a:b@c.de',
  'a(b)@c.de',
  '"a b"@c.de',
  'a"b"@c.de',
  'a\\b@c.de',
  'a[b]@c.de',
  'a@b.de\r\nBcc: eve@evil.test',
  'a\u2028@c.de',
  'a\u0085b@c.de',
  '.a@c.de',
  'a.@c.de',
  'a..b@c.de',
  'a@-c.de',
  'a@c-.de',
  'a@c..de',
  'a@[127.0.0.1]',
  'a@localhost',
  `${'a'.repeat(65)}@c.de`,
  `a@${'b'.repeat(64)}.de`,
]
