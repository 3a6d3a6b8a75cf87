// Released custom-domain prefixes that their organization still holds (migration domain_prefix_hold). A
// hold past held_until counts for nothing: every query here asks for held_until > now().
import type { Queryable } from '../db/index.ts'

/**
 * Whether the prefix is another organization's current prefix or held by another organization. One
 * statement, so one snapshot: an organization that releases the prefix changes its row and writes the hold
 * in one transaction, and a snapshot sees either the old prefix or the hold, never neither.
 */
export async function isDomainPrefixClaimed(
  db: Queryable,
  prefix: string,
  exceptOrgId: number,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM org WHERE domain_prefix = $1 AND org_id <> $2
     UNION ALL
     SELECT 1 FROM domain_prefix_hold WHERE prefix = $1 AND org_id <> $2 AND held_until > now()`,
    [prefix, exceptOrgId],
  )
  return rows.length > 0
}

/** The organization's prefix, its row locked for the rest of the transaction (one change at a time). */
export async function lockOrgDomainPrefix(db: Queryable, orgId: number): Promise<string | null> {
  const [row] = await db.query<{ domain_prefix: string | null }>(
    'SELECT domain_prefix FROM org WHERE org_id = $1 FOR UPDATE',
    [orgId],
  )
  return row?.domain_prefix ?? null
}

/** Holds the prefix for the organization for the given days from now, whoever held it before. */
export async function holdDomainPrefix(
  db: Queryable,
  prefix: string,
  orgId: number,
  days: number,
): Promise<void> {
  await db.query(
    `INSERT INTO domain_prefix_hold (prefix, org_id, released_at, held_until)
     VALUES ($1, $2, now(), now() + make_interval(days => $3::int))
     ON CONFLICT (prefix) DO UPDATE
       SET org_id = EXCLUDED.org_id, released_at = EXCLUDED.released_at, held_until = EXCLUDED.held_until`,
    [prefix, orgId, days],
  )
}

/**
 * Releases the organization's holds past its newest `keep` live ones (and any of its expired rows), so that
 * it holds at most `keep` old prefixes. Called under the organization's row lock (lockOrgDomainPrefix).
 */
export async function releaseOldestDomainPrefixHolds(
  db: Queryable,
  orgId: number,
  keep: number,
): Promise<void> {
  await db.query(
    `DELETE FROM domain_prefix_hold
      WHERE org_id = $1
        AND prefix NOT IN (SELECT prefix FROM domain_prefix_hold
                            WHERE org_id = $1 AND held_until > now()
                            ORDER BY released_at DESC, prefix
                            LIMIT $2)`,
    [orgId, keep],
  )
}

/**
 * Removes the hold of a prefix an organization takes: its own hold (taken back) or one that has expired.
 * A live hold of another organization stays (isDomainPrefixClaimed refused the change before this).
 */
export async function clearDomainPrefixHold(db: Queryable, prefix: string, orgId: number): Promise<void> {
  await db.query(
    'DELETE FROM domain_prefix_hold WHERE prefix = $1 AND (org_id = $2 OR held_until <= now())',
    [prefix, orgId],
  )
}

/**
 * Where a held prefix's host now points: the holding organization's current prefix (null when it has none).
 * Undefined when the prefix is not held, or no longer.
 */
export async function findHeldDomainPrefix(
  db: Queryable,
  prefix: string,
): Promise<{ domain_prefix: string | null } | undefined> {
  const [row] = await db.query<{ domain_prefix: string | null }>(
    `SELECT o.domain_prefix
       FROM domain_prefix_hold h JOIN org o ON o.org_id = h.org_id
      WHERE h.prefix = $1 AND h.held_until > now()`,
    [prefix],
  )
  return row
}
