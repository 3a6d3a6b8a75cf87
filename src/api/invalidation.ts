// What a change invalidates, for the mutation hooks of src/api. Every query of an organization lives under
// its key ['org', orgId], so one change there reads again whatever shows it (lists, details, holders, the
// admin trail, the plan's counts); the user's own record (their name, their organizations) lives under
// ['user'].
import { useQueryClient } from '@tanstack/react-query'

/** Every query of the organization is read again (the active ones at once). */
export function useInvalidateOrg(orgId: number): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['org', orgId] })
}

/** The current user and their organizations are read again. */
export function useInvalidateCurrentUser(): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['user', 'current'] })
}
