import { NO_CONTAINER_ACCESS_MESSAGE } from '../../../lib/messages.ts'
import { AppLink } from '../../../ui/AppLink.tsx'

/** A container the user does not hold: admins can give themselves access on the volume. */
export function NoAccess({ isAdmin }: { isAdmin: boolean }) {
  return (
    <section className="notice" aria-labelledby="no-access-heading">
      <h1 id="no-access-heading">{NO_CONTAINER_ACCESS_MESSAGE}</h1>
      {isAdmin ? (
        <p className="hint">
          To get access, modify the volume in <AppLink href="/volume">Volumes</AppLink> and add yourself to
          it.
        </p>
      ) : (
        <p className="hint">Please ask your administrator to give you access.</p>
      )}
    </section>
  )
}
