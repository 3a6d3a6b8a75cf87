import { afterEach, describe, expect, it } from 'vitest'
import { dialogs } from '../../src/app/dialogs.tsx'
import { ConfirmAction, type ConfirmActionProps } from '../../src/ui/ConfirmAction.tsx'

/** Presses the button ConfirmAction renders, without a DOM: its onClick is called as React would. */
function press(props: ConfirmActionProps) {
  const element = ConfirmAction(props) as { props: { onClick: () => void } }
  element.props.onClick()
  return dialogs.get()
}

afterEach(() => dialogs.close(false))

describe('ConfirmAction', () => {
  it('a red button asks a question whose yes is red too', () => {
    const dialog = press({ children: 'Delete', confirm: { text: 'Delete Media?' }, onConfirm: () => {} })
    expect(dialog).toMatchObject({ type: 'confirm', text: 'Delete Media?', destructive: true })
  })

  it('a primary button asks a plain question, unless told its yes destroys', () => {
    const plain = press({
      children: 'Change Plan',
      className: 'button',
      confirm: () => ({ text: 'Change the plan?' }),
      onConfirm: () => {},
    })
    expect(plain).not.toHaveProperty('destructive')
    dialogs.close(false)
    const told = press({
      children: 'Disable',
      className: 'button secondary',
      destructive: true,
      confirm: { text: 'Disable the app?' },
      onConfirm: () => {},
    })
    expect(told).toMatchObject({ destructive: true })
  })

  it('runs the action only on yes', () => {
    let runs = 0
    press({ children: 'Delete', confirm: { text: 'Delete?' }, onConfirm: () => runs++ })
    dialogs.close(false)
    expect(runs).toBe(0)
    press({ children: 'Delete', confirm: { text: 'Delete?' }, onConfirm: () => runs++ })
    dialogs.close(true)
    expect(runs).toBe(1)
  })
})
