// Text the name rule must refuse, shared by its tests: each control character a name could smuggle a second
// line or a terminal escape in with.

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
