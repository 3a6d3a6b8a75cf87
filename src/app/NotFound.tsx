import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <main className="page-message">
      <h1>Page not found</h1>
      <Link to="/" className="button">
        Go Home
      </Link>
    </main>
  )
}
