// Who is calling, and what they may reach. Every route that needs a session calls requireSession; every
// /org/{org_id}/ route calls requireMember (and requireAdmin for admin calls). An organization the caller
// does not belong to answers exactly as a missing one does, so ids of other tenants reveal nothing.
import type { FastifyRequest } from 'fastify'
import { sha256 } from '../auth/secrets.ts'
import { HttpError } from '../errors.ts'
import { findMembership, type Membership } from '../repositories/orgs.ts'
import { findLiveSession, type SessionRow } from '../repositories/sessions.ts'

const sessions = new WeakMap<FastifyRequest, SessionRow>()

export function sessionKeyOf(request: FastifyRequest): string | undefined {
  const key = (request.query as Record<string, unknown> | undefined)?.session_key
  return typeof key === 'string' && key !== '' ? key : undefined
}

/** The hash of the session key the request carries, or 403 when it carries none. */
export function sessionKeyHash(request: FastifyRequest): Buffer {
  const key = sessionKeyOf(request)
  if (!key) throw new HttpError(403, 'invalid_session')
  return sha256(key)
}

/** The caller's live session, or 403. */
export async function requireSession(request: FastifyRequest): Promise<SessionRow> {
  const known = sessions.get(request)
  if (known) return known
  const session = await findLiveSession(request.server.db, sessionKeyHash(request))
  if (!session) throw new HttpError(403, 'invalid_session')
  sessions.set(request, session)
  return session
}

/** Reads a positive integer id from the path; a malformed one is simply not found. */
export function idParam(request: FastifyRequest, name: string): number {
  const raw = (request.params as Record<string, string | undefined>)[name]
  const id = Number(raw)
  if (!raw || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1)
    throw new HttpError(404, 'not_found')
  return id
}

/** The caller's membership of the path's organization, or 404 as for a missing organization. */
export async function requireMember(request: FastifyRequest): Promise<Membership> {
  const session = await requireSession(request)
  const orgId = idParam(request, 'org_id')
  const membership = await findMembership(request.server.db, orgId, session.user_id)
  if (!membership) throw new HttpError(404, 'not_found')
  return membership
}

export async function requireAdmin(request: FastifyRequest): Promise<Membership> {
  const membership = await requireMember(request)
  if (!membership.is_admin) throw new HttpError(403, 'admin_required')
  return membership
}
