// The two rules for text that people read or that mail goes to, in one place for the server and the console:
// - a name (of an organization, user, volume, container, app, device or network store) is shown in the
//   console, written in logs and sent in mail, so it holds no control character: a line break in it would
//   become a line of its own in a mail or a log, and an escape would drive a terminal;
// - an e-mail address is one the mailer (nodemailer) sends to as exactly one mailbox: anything its address
//   parser reads otherwise ('a,b@c.de' is two recipients, 'x<y>@c.de' a display name and the address 'y')
//   would mail someone other than the person named, or fail only once the user row was made.
// Plain functions, no Node imports and no schemas: the console imports the rules; the schemas' annotation
// (server/contract/wireValues.ts) marks the fields they cover.

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

/** The longest address SMTP carries (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254
const LOCAL_PART_MAX_LENGTH = 64

// The local part as a dot-atom (RFC 5322): the characters an address parser takes for an address, never for
// a name, a comment, a group or a list. Quoted local parts, which people do not use, are left out with them.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
// A host name label (RFC 1123): letters, digits and dashes, no dash at either end, at most 63 characters.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
// Two labels at least, the last with a letter (no top-level domain is digits only); no address literals.
const MAILBOX = new RegExp(`^(${ATOM}(?:\\.${ATOM})*)@(?:${LABEL}\\.)+(?=[A-Za-z0-9-]*[A-Za-z])${LABEL}$`)

/**
 * Whether the address is one mailbox as the mailer reads it: ASCII, a dot-atom local part of at most 64
 * characters, an at-sign, and a host name of two labels or more; at most EMAIL_MAX_LENGTH in all. Addresses
 * with other characters (internationalized ones need SMTPUTF8, which not every mail server speaks) are not.
 */
export function isMailboxAddress(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH) return false
  const match = MAILBOX.exec(address)
  return match !== null && (match[1] ?? '').length <= LOCAL_PART_MAX_LENGTH
}

/**
 * The schema keyword that says which rule a text field of a request follows, `name` or `email`: an
 * annotation only (the services apply the rules, with each field's own error code). The OpenAPI document
 * shows it, and the fuzz test sends such fields what the rule refuses.
 */
export const TEXT_RULE_KEYWORD = 'x-text-rule'
