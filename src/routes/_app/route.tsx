// The signed-in area: every screen below needs a verified session (the guard) and shares the layout. It
// joins both transfer queues, so transfers left by a closed or reloaded tab resume on any screen.
import { createFileRoute } from '@tanstack/react-router'
import { Layout } from '../../app/layout/Layout.tsx'
import { requireSession, useApi } from '../../app/session.ts'
import { useJoinDownloads } from '../../transfers/downloads.ts'
import { useJoinUploads } from '../../transfers/uploads.ts'

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => ({ session: await requireSession(context, location.href) }),
  component: SignedInArea,
})

function SignedInArea() {
  useJoinDownloads(useApi())
  useJoinUploads()
  return <Layout />
}
