// Restoring a version to its folder (specification 000, section 4): the version's content is registered
// beside the file under a numbered name, trying the next number when the name is taken, at most 5 times.
import { ApiError } from '../api/transport.ts'
import { RESTORE_TRIES, restoreName } from './filePaths.ts'

/**
 * Calls `register` with 'name (1).ext', 'name (2).ext', ... until one is accepted; a 409 (another file
 * holds that name) moves on, any other failure ends the restore. Answers the name used.
 */
export async function registerWithSuffix(
  name: string,
  register: (candidate: string) => Promise<unknown>,
  tries = RESTORE_TRIES,
): Promise<string> {
  let lastError: unknown
  for (let attempt = 1; attempt <= tries; attempt++) {
    const candidate = restoreName(name, attempt)
    try {
      await register(candidate)
      return candidate
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error
      lastError = error
    }
  }
  throw lastError
}
