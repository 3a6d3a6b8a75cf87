// Network Stores (specification 001, section 2: /org/bucket): the organization's own S3-compatible buckets
// in the order uploads try them (priority 1 first), the service's own store last as the default; Name, Max
// File Size, Priority and Status, Move Up and Move Down (which send the two stores' swapped priorities), and
// the Add Network Store form. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import {
  networkStoreQueries,
  swapWithNeighbour,
  useAddNetworkStore,
  useReorderNetworkStores,
  type NetworkStore,
} from '../../api/networkStores.ts'
import { adminOrgId } from '../../app/adminAccess.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { useSession } from '../../app/session.ts'
import { formatBytes } from '../../lib/format.ts'
import { messageFor } from '../../lib/messages.ts'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { NetworkStoreForm, createRequest } from './-networkStores/NetworkStoreForm.tsx'
import { networkStoreStatusText } from './-networkStores/networkStoreText.ts'

export const Route = createFileRoute('/_app/_admin/org/bucket/')({
  staticData: { orgHeading: 'Network Stores' },
  loader: async ({ context }) => {
    const { orgId } = context
    await context.queryClient.ensureQueryData(networkStoreQueries.list(orgId))
  },
  component: NetworkStoresPage,
})

type Reorder = ReturnType<typeof useReorderNetworkStores>

// One reorder for the whole list: while a move and the list's reload are in flight every Move button
// waits, so a press never sends priorities read from the order before it.
function MoveButtons({
  reorder,
  stores,
  store,
}: {
  reorder: Reorder
  stores: NetworkStore[]
  store: NetworkStore
}) {
  if (store.is_default === 1) return null
  const move = (direction: -1 | 1) => {
    const updateList = swapWithNeighbour(stores, store.s3_bucket_id, direction)
    if (!updateList) return
    reorder.mutate(updateList, {
      onError: (failure) => showAlert(messageFor('network_store_order', failure)),
    })
  }
  const name = <span className="visually-hidden"> {store.s3_bucket}</span>
  return (
    <>
      {(
        [
          [-1, 'Move Up'],
          [1, 'Move Down'],
        ] as const
      ).map(([direction, text]) => (
        <button
          key={text}
          type="button"
          className="button secondary"
          disabled={reorder.isPending || !swapWithNeighbour(stores, store.s3_bucket_id, direction)}
          onClick={() => move(direction)}
        >
          {text}
          {name}
        </button>
      ))}
    </>
  )
}

function columns(reorder: Reorder, stores: NetworkStore[]): ReadonlyArray<Column<NetworkStore>> {
  return [
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      render: (store) =>
        store.is_default === 1 ? (
          'Default'
        ) : (
          <RouteLink to="/org/bucket/$storeId" params={{ storeId: String(store.s3_bucket_id) }}>
            {store.s3_bucket}
          </RouteLink>
        ),
    },
    { key: 'max_size', header: 'Max File Size', render: (store) => formatBytes(store.max_size) },
    { key: 'priority', header: 'Priority', render: (store) => String(store.priority) },
    { key: 'status', header: 'Status', render: networkStoreStatusText },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'row-actions',
      render: (store) => <MoveButtons reorder={reorder} stores={stores} store={store} />,
    },
  ]
}

function AddNetworkStoreForm({ orgId }: { orgId: number }) {
  const add = useAddNetworkStore(orgId)
  return (
    <NetworkStoreForm
      label="Add Network Store"
      submitLabel="Add Network Store"
      pending={add.isPending}
      save={async (draft) => {
        await add.mutateAsync(createRequest(draft))
        return `Network store ${draft.s3_bucket.trim()} added.`
      }}
      failed={(failure) => messageFor('network_store_add', failure)}
    />
  )
}

function NetworkStoresPage() {
  const orgId = adminOrgId(useSession())
  const { data: stores } = useSuspenseQuery(networkStoreQueries.list(orgId))
  const reorder = useReorderNetworkStores(orgId)
  return (
    <>
      <p className="hint">
        New uploads go to the first enabled store, by priority, whose max file size admits the file; the
        default store takes the rest.
      </p>
      <div className="panel">
        <Table
          label="Network Stores"
          columns={columns(reorder, stores)}
          rows={stores}
          rowKey={(store) => store.s3_bucket_id}
          rowData={(store) => ({ 'data-store': store.is_default === 1 ? 'default' : store.s3_bucket })}
        />
      </div>
      <section className="panel" aria-labelledby="add-store-heading">
        <h2 id="add-store-heading">Add Network Store</h2>
        <AddNetworkStoreForm orgId={orgId} />
      </section>
    </>
  )
}
