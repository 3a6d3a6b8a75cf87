// The rule for names that people read, in one place for the server and the console: a name (of an
// organization, user, volume, container, app, device or network store) is shown in the console, written in
// logs and sent in mail, so it holds no control character: a line break in it would become a line of its
// own in a mail or a log, and an escape would drive a terminal.
// No Node imports: the console imports the rules.

/**
 * C0 controls (line feed, carriage return, tab, escape, ...), DEL, the C1 controls (NEL among them, a line
 * break to some readers), and U+2028 and U+2029, which JavaScript and many viewers take as line breaks.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

export function holdsControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text)
}

/**
 * The text with each run of control characters as one space: for showing on one line a text stored before
 * the name rule held (new names never hold one).
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTER_RUNS, ' ')
}
