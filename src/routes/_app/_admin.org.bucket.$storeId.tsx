// A network store (specification 001, section 2: /org/bucket/{s3_bucket_id}): its bucket name, region, host,
// prefix, keys (the stored secret shown as '****'; left blank it is kept) and max size, Enable or Disable
// (the one its state allows), and its health: the last probe, the error rate of the server's calls to it,
// and the bytes placed in it. A store the organization does not have is 'Page not found'. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import {
  networkStoreQueries,
  useNetworkStoreStatus,
  useUpdateNetworkStore,
  type NetworkStore,
} from '../../api/networkStores.ts'
import { adminOrgId, foundOrNotFound } from '../../app/adminAccess.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { useSession } from '../../app/session.ts'
import { formatBytes } from '../../lib/format.ts'
import { messageFor } from '../../lib/messages.ts'
import { DateTime } from '../../ui/DateTime.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { NetworkStoreForm, updateRequest } from './-networkStores/NetworkStoreForm.tsx'
import { networkStoreStatusText, errorRateText, probeText } from './-networkStores/networkStoreText.ts'
import { parseId } from './-devices/deviceAccess.ts'
import { StatusToggle } from '../../ui/StatusToggle.tsx'

export const Route = createFileRoute('/_app/_admin/org/bucket/$storeId')({
  staticData: { orgHeading: StoreHeading },
  loader: async ({ context, params }) => {
    const { orgId } = context
    const storeId = parseId(params.storeId)
    if (storeId === undefined) throw notFound()
    await foundOrNotFound(context.queryClient.ensureQueryData(networkStoreQueries.detail(orgId, storeId)))
  },
  component: NetworkStorePage,
})

function StoreStatus({ orgId, store }: { orgId: number; store: NetworkStore }) {
  const status = useNetworkStoreStatus(orgId, store.s3_bucket_id)
  return (
    <StatusToggle
      statusText={networkStoreStatusText(store)}
      testId="bucket-status"
      isDisabled={store.is_disabled}
      pending={status.isPending}
      onChange={(disable) =>
        status.mutate(disable, {
          onError: (failure) =>
            showAlert(messageFor(disable ? 'network_store_disable' : 'network_store_enable', failure)),
        })
      }
    />
  )
}

function StoreHealth({ store }: { store: NetworkStore }) {
  return (
    <dl className="properties" data-testid="bucket-health">
      <div>
        <dt>Last Probe</dt>
        <dd>
          {probeText(store)}
          {store.last_probe_at ? (
            <>
              {' '}
              <DateTime value={store.last_probe_at} long />
            </>
          ) : (
            ''
          )}
        </dd>
      </div>
      <div>
        <dt>Error Rate</dt>
        <dd>{errorRateText(store)}</dd>
      </div>
      <div>
        <dt>Bytes Placed</dt>
        <dd>{formatBytes(store.bytes_placed)}</dd>
      </div>
      {store.last_error ? (
        <div>
          <dt>Last Error</dt>
          <dd>{store.last_error}</dd>
        </div>
      ) : null}
    </dl>
  )
}

/** The store's bucket name and state, above the organization's tabs: from the store the loader read. */
function StoreHeading() {
  const storeId = parseId(Route.useParams().storeId)
  if (storeId === undefined) throw notFound()
  const { data: store } = useSuspenseQuery(networkStoreQueries.detail(adminOrgId(useSession()), storeId))
  return (
    <h1 className="device-heading">
      {store.s3_bucket}
      {store.is_disabled ? <span className="badge">Disabled</span> : null}
    </h1>
  )
}

function NetworkStorePage() {
  const orgId = adminOrgId(useSession())
  const storeId = parseId(Route.useParams().storeId)
  if (storeId === undefined) throw notFound()
  const { data: store } = useSuspenseQuery(networkStoreQueries.detail(orgId, storeId))
  const update = useUpdateNetworkStore(orgId, storeId)
  return (
    <>
      <p>
        <RouteLink to="/org/bucket">Network Stores</RouteLink>
      </p>
      <section className="panel" aria-labelledby="bucket-status-heading">
        <h2 id="bucket-status-heading">Status</h2>
        <StoreStatus orgId={orgId} store={store} />
      </section>
      <section className="panel" aria-labelledby="bucket-details-heading">
        <h2 id="bucket-details-heading">Details</h2>
        <NetworkStoreForm
          store={store}
          label="Network store settings"
          submitLabel="Save"
          pending={update.isPending}
          save={async (_draft, changed) => {
            await update.mutateAsync(updateRequest(changed))
            return 'Network store saved.'
          }}
          failed={(failure) => messageFor('network_store_update', failure)}
        />
      </section>
      <section className="panel" aria-labelledby="bucket-health-heading">
        <h2 id="bucket-health-heading">Health</h2>
        <StoreHealth store={store} />
      </section>
    </>
  )
}
