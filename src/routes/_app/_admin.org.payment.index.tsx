// Payment Methods (specification 001, section 2: /org/payment): the organization's cards, Card (brand and
// last four), Expiration (MM/YYYY) and Status (Default or Backup); Make Default and Delete for a backup (both
// disabled for the default, which the invoices are charged to), Add Method. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import {
  paymentMethodQueries,
  useDeletePaymentMethod,
  useMakeDefaultPaymentMethod,
  type PaymentMethod,
} from '../../api/paymentMethods.ts'
import { adminOrgId } from '../../app/adminAccess.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { useSession } from '../../app/session.ts'
import { messageFor } from '../../lib/messages.ts'
import { ConfirmAction } from '../../ui/ConfirmAction.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { cardText, defaultFirst, expirationText, paymentStatusText } from './-payment/paymentText.ts'

export const Route = createFileRoute('/_app/_admin/org/payment/')({
  staticData: { orgHeading: 'Payment Methods' },
  loader: async ({ context }) => {
    const { orgId } = context
    await context.queryClient.ensureQueryData(paymentMethodQueries.list(orgId))
  },
  component: PaymentMethodsPage,
})

function MethodActions({ orgId, method }: { orgId: number; method: PaymentMethod }) {
  const makeDefault = useMakeDefaultPaymentMethod(orgId)
  const remove = useDeletePaymentMethod(orgId)
  const busy = makeDefault.isPending || remove.isPending
  const card = cardText(method)
  const name = <span className="visually-hidden"> {card}</span>
  return (
    <>
      <button
        type="button"
        className="button secondary"
        disabled={method.is_default || busy}
        onClick={() =>
          makeDefault.mutate(method.payment_method_id, {
            onError: (failure) => showAlert(messageFor('card_default', failure)),
          })
        }
      >
        Make Default{name}
      </button>
      <ConfirmAction
        disabled={method.is_default || busy}
        confirm={{ text: `Delete the payment method ${card}?`, positive: 'Delete' }}
        onConfirm={() =>
          remove.mutate(method.payment_method_id, {
            onError: (failure) => showAlert(messageFor('card_delete', failure)),
          })
        }
      >
        Delete{name}
      </ConfirmAction>
    </>
  )
}

function columns(orgId: number): ReadonlyArray<Column<PaymentMethod>> {
  return [
    { key: 'card', header: 'Card', rowHeader: true, render: cardText },
    { key: 'expiration', header: 'Expiration', render: expirationText },
    { key: 'status', header: 'Status', render: paymentStatusText },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'row-actions',
      phone: 'actions',
      render: (method) => <MethodActions orgId={orgId} method={method} />,
    },
  ]
}

function PaymentMethodsPage() {
  const orgId = adminOrgId(useSession())
  const { data: methods } = useSuspenseQuery(paymentMethodQueries.list(orgId))
  return (
    <>
      <p className="hint">
        Invoices are charged to the default method; a backup is tried when the default is declined.
      </p>
      <div className="panel">
        <Table
          label="Payment Methods"
          columns={columns(orgId)}
          rows={defaultFirst(methods)}
          rowKey={(method) => method.payment_method_id}
          rowData={(method) => ({ 'data-card': method.card_last4 })}
          empty="No payment methods."
        />
        <p>
          <RouteLink to="/org/payment/add" className="button">
            Add Method
          </RouteLink>
        </p>
      </div>
    </>
  )
}
