// Users of the benchmarks: each with a ready organization whose first volume comes with a container.
import { createReadyOrg, listGrants, signUpUser } from '../../../e2e/support/api.ts'
import { freshEmail } from '../../../e2e/support/mail.ts'

/** The volume each organization comes with, where the screen uploads. */
export const GRANT = 'Media'

export interface Container {
  sessionKey: string
  /** The path parameters of the container's calls. */
  params: { org_id: number; media_grant_id: number }
}

/** A user of its own per name, with a ready organization and the container its first volume comes with. */
export async function containers(names: readonly string[]): Promise<Container[]> {
  const found: Container[] = []
  for (const name of names) {
    const sessionKey = await signUpUser(freshEmail('bench'))
    const orgId = await createReadyOrg(sessionKey, name, GRANT)
    const [grant] = await listGrants(sessionKey, orgId)
    if (!grant) throw new Error(`the volume of ${name} came without a container`)
    found.push({ sessionKey, params: { org_id: orgId, media_grant_id: grant.media_grant_id } })
  }
  return found
}
