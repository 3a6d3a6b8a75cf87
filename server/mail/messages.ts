// The product's e-mails, as plain text. Pure: the routes build a message here and hand it to the Mailer.
// A name in a mail passed the name rule when it was saved (no control characters); one saved before that
// rule held is still shown on one line, so that no line of a mail is a name's.
import { withoutControlCharacters } from '../contract/text.ts'
import type { MailMessage } from './mailer.ts'

/** Login codes live this long; the accounts service enforces it, the message only says it. */
export const LOGIN_CODE_LIFETIME_MINUTES = 10

export function loginCodeMessage(email: string, code: string): MailMessage {
  return {
    to: email,
    subject: 'Your sign-in code',
    summary: `Sign-in code for ${email}: ${code}`,
    // The code stands alone on its line so that mail clients offer to copy it and people can read it at a glance.
    text: [
      'Your Media Console sign-in code is:',
      '',
      code,
      '',
      `It expires in ${LOGIN_CODE_LIFETIME_MINUTES} minutes.`,
      '',
      'If you did not ask to sign in to Media Console, you can ignore this e-mail: nobody can sign in without the code.',
      '',
    ].join('\n'),
  }
}

/** Tells a person an admin added them to an organization, and where to sign in (by e-mail code). */
export function addedToOrgMessage(email: string, savedOrgName: string, signInUrl: string): MailMessage {
  const orgName = withoutControlCharacters(savedOrgName).trim()
  return {
    to: email,
    subject: `You were added to ${orgName} on Media Console`,
    summary: `${email} was added to ${orgName}; sign in at ${signInUrl}`,
    text: [
      `An administrator of ${orgName} added you to the organization on Media Console.`,
      '',
      'Sign in with this e-mail address at:',
      '',
      signInUrl,
      '',
      'You will be sent a sign-in code; no password is needed.',
      '',
    ].join('\n'),
  }
}
