// Users (specification 001, section 2: /admin/user): the organization's members with their permissions,
// how many of the plan's users are taken, and Add User by e-mail with a role and capabilities. Someone
// without an account gets one and is mailed where to sign in. A search (by e-mail, name or permissions) and
// pages of 50, both kept in the address. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { orgQueries } from '../../api/orgs.ts'
import { orgUserQueries, permissionsText, useAddOrgUser, type OrgUser } from '../../api/orgUsers.ts'
import { useSession } from '../../app/session.ts'
import {
  listPage,
  listSearchOf,
  pageNavigation,
  searchNavigation,
  type ListSearch,
} from '../../lib/listSearch.ts'
import { messageFor } from '../../lib/messages.ts'
import { ListToolbar, noMatchText, Pager } from '../../ui/ListToolbar.tsx'
import { TextField } from '../../ui/Field.tsx'
import { SaveFormMessages, useSaveForm } from '../../ui/SaveForm.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'
import { RoleFields } from './-users/RoleFields.tsx'
import { NEW_USER_ROLE, type RoleValues } from './-users/roles.ts'

const USER_ADDED_MESSAGE = 'User added. They were e-mailed where to sign in.'

export const Route = createFileRoute('/_app/_admin/admin/user/')({
  validateSearch: (search: Record<string, unknown>): ListSearch => listSearchOf(search),
  loader: async ({ context }) => {
    const { orgId } = context
    await Promise.all([
      context.queryClient.ensureQueryData(orgUserQueries.list(orgId)),
      context.queryClient.ensureQueryData(orgQueries.detail(orgId)),
    ])
  },
  component: UsersPage,
})

function userColumns(selfId: number): ReadonlyArray<Column<OrgUser>> {
  return [
    {
      key: 'email',
      header: 'Email',
      rowHeader: true,
      className: 'cell-path',
      ellipsis: true,
      width: '45%',
      title: (user) => user.email,
      render: (user) => (
        <>
          <RouteLink to="/admin/user/$userId" params={{ userId: String(user.user_id) }}>
            {user.email}
          </RouteLink>
          {user.user_id === selfId ? <span className="badge">You</span> : null}
        </>
      ),
    },
    { key: 'name', header: 'User Name', render: (user) => user.user_name ?? '' },
    { key: 'permissions', header: 'Permissions', render: permissionsText },
  ]
}

const userTexts = (user: OrgUser) => [user.email, user.user_name, permissionsText(user)]

function AddUserForm({ orgId }: { orgId: number }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<RoleValues>(NEW_USER_ROLE)
  const form = useSaveForm(useAddOrgUser(orgId), {
    saved: USER_ADDED_MESSAGE,
    failed: (failure) => messageFor('user_add', failure),
    onSaved: () => {
      setEmail('')
      setRole(NEW_USER_ROLE)
    },
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    const address = email.trim()
    if (address === '') return
    form.save({ email: address, ...role })
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(value) => {
          setEmail(value)
          form.edited()
        }}
      />
      <RoleFields values={role} onChange={setRole} memberCaps={NEW_USER_ROLE} />
      <SaveFormMessages form={form} />
      <button
        type="submit"
        className="button"
        disabled={email.trim() === '' || form.pending}
        aria-busy={form.pending}
      >
        Add User
      </button>
    </form>
  )
}

function UsersPage() {
  const session = useSession()
  const orgId = adminOrgId(session)
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: users } = useSuspenseQuery(orgUserQueries.list(orgId))
  const { data: org } = useSuspenseQuery(orgQueries.detail(orgId))
  const maxUsers = org.plan?.max_user_count ?? null
  const list = listPage(users, search, userTexts)
  return (
    <main className="page">
      <h1>Users</h1>
      {maxUsers === null ? null : (
        <p className="hint" data-testid="user-count">
          {users.length} of {maxUsers} users
        </p>
      )}
      <ListToolbar
        label="Search users"
        value={search.q}
        onSearch={(q) => void navigate(searchNavigation(q))}
        matched={list.matched}
        total={users.length}
      />
      <Table
        label="Users"
        columns={userColumns(session.user.user_id)}
        rows={list.rows}
        rowKey={(user) => user.user_id}
        {...(search.q === undefined ? {} : { empty: noMatchText(search.q) })}
      />
      <Pager label="Users" list={list} onPage={(page) => void navigate(pageNavigation(page))} />
      <section className="panel" aria-labelledby="add-user-heading">
        <h2 id="add-user-heading">Add User</h2>
        <AddUserForm orgId={orgId} />
      </section>
    </main>
  )
}
