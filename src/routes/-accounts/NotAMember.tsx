// Shown when someone signs in on a custom-domain site of an organization they do not belong to.
export function NotAMember({ onBack }: { onBack: () => void }) {
  return (
    <main className="auth-card" aria-labelledby="not-a-member-heading">
      <h1 id="not-a-member-heading">Not A Member</h1>
      <p>You are not a member of this organization. Ask one of its admins to add your e-mail address.</p>
      <button type="button" className="button" onClick={onBack}>
        Sign In Again
      </button>
    </main>
  )
}
