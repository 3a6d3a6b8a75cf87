// List or grid: how the listing shows a directory, a segmented control of two icons (each with its name for
// assistive technology and as a tooltip), remembered in the browser as local-state-listing_view.
import type { ReactNode } from 'react'
import { localState, useLocalState, type LocalStateValues } from '../../../lib/localState.ts'

export type ListingView = LocalStateValues['listing_view']

export const DEFAULT_LISTING_VIEW: ListingView = 'list'

export function useListingView(): ListingView {
  return useLocalState('listing_view') ?? DEFAULT_LISTING_VIEW
}

const VIEWS: ReadonlyArray<{ value: ListingView; label: string; icon: ReactNode }> = [
  {
    value: 'list',
    label: 'List view',
    icon: <path d="M3 5h14M3 10h14M3 15h14" />,
  },
  {
    value: 'grid',
    label: 'Grid view',
    icon: (
      <>
        <rect x="3" y="3" width="5.5" height="5.5" rx="1" />
        <rect x="11.5" y="3" width="5.5" height="5.5" rx="1" />
        <rect x="3" y="11.5" width="5.5" height="5.5" rx="1" />
        <rect x="11.5" y="11.5" width="5.5" height="5.5" rx="1" />
      </>
    ),
  },
]

export function ViewToggle() {
  const view = useListingView()
  return (
    <fieldset className="segmented view-toggle" aria-label="View">
      <legend className="visually-hidden">View</legend>
      {VIEWS.map((option) => (
        <label
          key={option.value}
          className={option.value === view ? 'checked' : undefined}
          title={option.label}
        >
          <input
            type="radio"
            name="listing_view"
            value={option.value}
            checked={option.value === view}
            aria-label={option.label}
            onChange={() => localState.write('listing_view', option.value)}
          />
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            {option.icon}
          </svg>
        </label>
      ))}
    </fieldset>
  )
}
