// Role and capabilities as radios (specification 001, sections 2 and 5), shared by Add User and the user
// detail: a Role group (Org Admin or Member) and one Enabled/Disabled group per capability. An admin holds
// every capability, so choosing Org Admin turns them on and disables their radios.
import { RadioGroup } from '../../../ui/Field.tsx'
import { CAPABILITIES, chooseRole, type RoleValues } from './roles.ts'

const ROLE_OPTIONS = [
  { value: false, label: 'Member' },
  { value: true, label: 'Org Admin' },
] as const

const STATE_OPTIONS = [
  { value: true, label: 'Enabled' },
  { value: false, label: 'Disabled' },
] as const

export interface RoleFieldsProps {
  values: RoleValues
  onChange: (values: RoleValues) => void
  /** The capabilities to give back when Member is chosen again after Org Admin. */
  memberCaps: RoleValues
  /** Every control disabled (an admin's own record). */
  disabled?: boolean
}

export function RoleFields({ values, onChange, memberCaps, disabled = false }: RoleFieldsProps) {
  return (
    <>
      <RadioGroup
        legend="Role"
        options={ROLE_OPTIONS}
        value={values.is_admin}
        disabled={disabled}
        onChange={(isAdmin) => onChange(chooseRole(values, isAdmin, memberCaps))}
      />
      {CAPABILITIES.map(({ key, label }) => (
        <RadioGroup
          key={key}
          legend={label}
          options={STATE_OPTIONS}
          value={values[key]}
          disabled={disabled || values.is_admin}
          onChange={(enabled) => onChange({ ...values, [key]: enabled })}
        />
      ))}
      {values.is_admin && !disabled ? <p className="hint">An admin holds every capability.</p> : null}
    </>
  )
}
