// Rate limits kept in the database, so they hold across every API process. Each bucket counts events per
// subject (an e-mail, an address) inside a sliding window.
import type { Database } from '../db/index.ts'
import { countRecentEvents, insertRateEvent, lockRateSubject } from '../repositories/rateEvents.ts'

export interface RateLimit {
  bucket: string
  limit: number
  windowSeconds: number
}

// The sign-in limits are per address (the client's, as TRUSTED_PROXIES let it be known): a third party's
// requests use up only their own address's share, never the share of the person whose e-mail they name.
// How guessing stays bounded for one e-mail whatever the number of addresses is the login service's part
// (per-code tries, codes bound to their attempt, longer codes for an e-mail under attack).
export const RATE_LIMITS = {
  /** Codes asked for one e-mail from one address: a person retrying, not a mailbox being flooded. */
  codePerEmailAddress: { bucket: 'code_email_address', limit: 5, windowSeconds: 300 },
  /** Codes asked from one address, for any e-mails. */
  codePerAddress: { bucket: 'code_address', limit: 20, windowSeconds: 300 },
  /** Sign-in attempts from one address, for any e-mails. */
  loginPerAddress: { bucket: 'login_address', limit: 30, windowSeconds: 300 },
  /** Passphrase tries at one share link, from any addresses: guessing one link's passphrase stays slow. */
  passphrasePerLink: { bucket: 'passphrase_link', limit: 10, windowSeconds: 300 },
  /** Passphrase tries from one address, at any links. */
  passphrasePerAddress: { bucket: 'passphrase_address', limit: 30, windowSeconds: 300 },
  /** Members added (each one mailed) by one organization in a day. */
  invitePerOrg: { bucket: 'invite_org', limit: 50, windowSeconds: 86_400 },
  /** Members added (each one mailed) by one admin in a day, in all their organizations. */
  invitePerAdmin: { bucket: 'invite_admin', limit: 100, windowSeconds: 86_400 },
} satisfies Record<string, RateLimit>

/**
 * Records one event; answers false when the subject is already at the limit (the event is not counted).
 * The count and the insert hold a lock on the subject's bucket, so requests at once cannot all pass it.
 */
export async function takeRate(db: Database, rate: RateLimit, subject: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockRateSubject(tx, rate.bucket, subject)
    if ((await countRecentEvents(tx, rate.bucket, subject, rate.windowSeconds)) >= rate.limit) return false
    await insertRateEvent(tx, rate.bucket, subject)
    return true
  })
}
