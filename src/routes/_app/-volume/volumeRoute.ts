// What every /volume screen (specification 001, section 2) checks before it shows: only an admin of the
// current organization reaches it (a member sees 'Page not found', as for a path that does not exist), and a
// /volume/{volume_id} screen needs a volume of that organization with that id. Loaders and components of the
// volume screens (settings, containers, audit) use these, so each asks the same way.
import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { volumeQueries, type Volume } from '../../../api/volumes.ts'
import { adminOrgId, type SignedInContext } from '../../../app/adminAccess.ts'
import { useSession } from '../../../app/session.ts'

/** The volume id of a path segment ('12'); undefined for anything else ('x', '012', '1e3'). */
export function parseVolumeId(segment: string): number | undefined {
  if (!/^[1-9][0-9]{0,14}$/.test(segment)) return undefined
  return Number(segment)
}

/** Loader: the volume a /volume/{volume_id} screen is about, read into the cache; else 'Page not found'. */
export async function ensureVolume(context: SignedInContext, volumeIdSegment: string): Promise<Volume> {
  const orgId = adminOrgId(context.session)
  const volumeId = parseVolumeId(volumeIdSegment)
  if (volumeId === undefined) throw notFound()
  const list = volumeQueries.list(orgId)
  const volumes = await context.queryClient.ensureQueryData(list)
  // A volume added since the list was read (in another tab) is not in it yet: ask once more first.
  const volume =
    volumes.find((each) => each.volume_id === volumeId) ??
    (await context.queryClient.fetchQuery({ ...list, staleTime: 0 })).find(
      (each) => each.volume_id === volumeId,
    )
  if (!volume) throw notFound()
  return volume
}

/**
 * Component: the current organization and the volume of the path, from the list the loader read (kept
 * fresh by TanStack Query). Should the session change under the screen (another organization chosen, the
 * role taken away) before the loaders run again, the screen shows 'Page not found' as they then will.
 */
export function useVolume(volumeIdSegment: string): { orgId: number; volume: Volume } {
  const orgId = adminOrgId(useSession())
  const { data: volumes } = useSuspenseQuery(volumeQueries.list(orgId))
  const volumeId = parseVolumeId(volumeIdSegment)
  const volume = volumes.find((each) => each.volume_id === volumeId)
  if (!volume) throw notFound()
  return { orgId, volume }
}
