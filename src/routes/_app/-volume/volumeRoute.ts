// What a /volume/{volume_id} screen (specification 001, section 2) needs before it shows: a volume of the
// current organization with that id, else 'Page not found' as for a path that does not exist (the admin area
// has already let only an admin of that organization through). The volume's layout route
// (src/routes/_app/_admin.volume.$volumeId.tsx) reads the volume once and puts it in its screens' context;
// the components of the layout and its screens find it with useVolume.
import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound, useRouteContext } from '@tanstack/react-router'
import { volumeQueries, type Volume } from '../../../api/volumes.ts'
import { adminOrgId, type AdminContext } from '../../../app/adminAccess.ts'
import { useSession } from '../../../app/session.ts'

/** The volume id of a path segment ('12'); undefined for anything else ('x', '012', '1e3'). */
export function parseVolumeId(segment: string): number | undefined {
  if (!/^[1-9][0-9]{0,14}$/.test(segment)) return undefined
  return Number(segment)
}

/** Loader: the volume a /volume/{volume_id} screen is about, read into the cache; else 'Page not found'. */
export async function ensureVolume(context: AdminContext, volumeIdSegment: string): Promise<Volume> {
  const { orgId } = context
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
 * Component: the current organization and the volume of the path, from the list the layout read (kept
 * fresh by TanStack Query). Should the session change under the screen (another organization chosen, the
 * role taken away) before the loaders run again, the screen shows 'Page not found' as they then will.
 */
export function useVolume(): { orgId: number; volume: Volume } {
  const orgId = adminOrgId(useSession())
  const { data: volumes } = useSuspenseQuery(volumeQueries.list(orgId))
  const volumeId = useRouteContext({
    from: '/_app/_admin/volume/$volumeId',
    select: (context) => context.volume.volume_id,
  })
  const volume = volumes.find((each) => each.volume_id === volumeId)
  if (!volume) throw notFound()
  return { orgId, volume }
}
