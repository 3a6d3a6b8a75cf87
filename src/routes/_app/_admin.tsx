// The admin area (specification 001, section 6): every screen below (the organization's, the users', the
// volumes') is for an admin of the current organization. The check is made here, once, before any screen
// below loads; anyone else sees 'Page not found' inside the layout, as for a path that does not exist. The
// screens' loaders find the organization's id in their context.
import { createFileRoute } from '@tanstack/react-router'
import { adminOrgId } from '../../app/adminAccess.ts'

export const Route = createFileRoute('/_app/_admin')({
  beforeLoad: ({ context }) => ({ orgId: adminOrgId(context.session) }),
})
