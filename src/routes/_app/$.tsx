// Any other path (specification 000, section 2: "Any unknown path shows 'Page not found'"). It sits in the
// signed-in area, so a signed-in user keeps the layout: the not-found is the area's (see route.tsx).
import { createFileRoute, notFound } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/$')({
  loader: () => {
    throw notFound()
  },
})
