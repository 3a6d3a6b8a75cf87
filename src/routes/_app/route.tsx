// The signed-in area: every screen below needs a verified session (the guard) and shares the layout.
import { createFileRoute } from '@tanstack/react-router'
import { Layout } from '../../app/layout/Layout.tsx'
import { requireSession, useApi } from '../../app/session.ts'
import { useJoinDownloads } from '../../transfers/downloads.ts'

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => ({ session: await requireSession(context, location.href) }),
  component: SignedInArea,
})

function SignedInArea() {
  useJoinDownloads(useApi())
  return <Layout />
}
