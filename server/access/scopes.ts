// Access by scope (server/contract/endpoints.ts): each scope's check is one hook here, run before the
// handler of every route of that scope, which then reads what the check found (the session, the
// membership or the container) instead of checking again. An organization or container the caller may
// not see answers 404 as a missing one does, so ids of other tenants reveal nothing.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Capability, Endpoint, Scope } from '../contract/endpoints.ts'
import type { Membership } from '../repositories/orgs.ts'
import type { SessionRow } from '../repositories/sessions.ts'
import type { DeviceAccess, GrantAccess, MountAccess } from '../services/callers.ts'
import { requireAdmin, requireMember, requireSession } from './caller.ts'
import { requireDevice, requireMount } from './deviceAccess.ts'
import { requireGrant } from './grantAccess.ts'

/** What each scope's check gives the handler. */
export interface ScopeAccess {
  public: undefined
  session: SessionRow
  member: Membership
  admin: Membership
  grant: GrantAccess
  device: DeviceAccess
  mount: MountAccess
}

const checks: {
  [S in Scope]: (request: FastifyRequest, capability?: Capability) => Promise<ScopeAccess[S]>
} = {
  public: async () => undefined,
  session: requireSession,
  member: requireMember,
  admin: requireAdmin,
  grant: requireGrant,
  device: requireDevice,
  mount: requireMount,
}

const found = new WeakMap<FastifyRequest, unknown>()

/**
 * The hook that checks a route's scope before its handler runs; none where there is nothing to check (a
 * public call, or one whose handler checks in its own statement), so those hot paths run no hook at all.
 */
export function scopeHook(endpoint: Endpoint): preHandlerAsyncHookHandler | undefined {
  if (endpoint.scope === 'public' || endpoint.checkedByHandler) return undefined
  const check = checks[endpoint.scope]
  return async (request) => {
    found.set(request, await check(request, endpoint.capability))
  }
}

/** What the scope's hook found for this request. */
export function accessOf<S extends Scope>(request: FastifyRequest, _scope: S): ScopeAccess[S] {
  return found.get(request) as ScopeAccess[S]
}
