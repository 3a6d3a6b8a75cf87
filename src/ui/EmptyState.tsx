// What a list, table or page shows when it has nothing to show ('No audit events found.', 'No Device
// Mounts.'), with an optional action that gets the user going (Add Device, Add Grant).
import type { ReactNode } from 'react'

export interface EmptyStateProps {
  children: ReactNode
  /** A button or link shown after the message. */
  action?: ReactNode
}

export function EmptyState({ children, action }: EmptyStateProps) {
  const message = <p className="empty-state">{children}</p>
  if (action === undefined || action === null) return message
  return (
    <div className="empty-state-block">
      {message}
      {action}
    </div>
  )
}
