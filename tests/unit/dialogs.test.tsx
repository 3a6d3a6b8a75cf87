import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { DialogView, alertDialog, confirmDialog, createDialogStore } from '../../src/app/dialogs.tsx'

describe('dialogs', () => {
  it('an alert has its text and a single Done button', () => {
    const html = renderToStaticMarkup(<DialogView dialog={alertDialog('Org left!')} onClose={() => {}} />)
    expect(html).toContain('Org left!')
    expect(html.match(/<button/g)).toHaveLength(1)
    expect(html).toContain('>Done</button>')
  })
  it('a confirm defaults to OK and Cancel', () => {
    const dialog = confirmDialog({ text: 'Sure?' }, () => {})
    expect(dialog).toMatchObject({ type: 'confirm', positive: 'OK', negative: 'Cancel' })
    const html = renderToStaticMarkup(<DialogView dialog={dialog} onClose={() => {}} />)
    expect(html).toContain('>Cancel</button>')
    expect(html).toContain('>OK</button>')
    expect(confirmDialog({ text: 'x', positive: 'Leave', negative: 'Stay' }, () => {})).toMatchObject({
      positive: 'Leave',
      negative: 'Stay',
    })
  })
  it('a confirm may list details under its text', () => {
    const dialog = confirmDialog(
      {
        text: 'Remove ann@example.com?',
        positive: 'Remove User',
        details: ['Container: Media', 'Web Upload'],
      },
      () => {},
    )
    expect(dialog.details).toEqual(['Container: Media', 'Web Upload'])
    const html = renderToStaticMarkup(<DialogView dialog={dialog} onClose={() => {}} />)
    expect(html).toContain(
      '<ul id="dialog-details" class="dialog-details"><li>Container: Media</li><li>Web Upload</li></ul>',
    )
    expect(html.indexOf('Remove ann@example.com?')).toBeLessThan(html.indexOf('Container: Media'))
    // No details, or an empty list, show no list.
    expect(confirmDialog({ text: 'x', details: [] }, () => {})).not.toHaveProperty('details')
    expect(
      renderToStaticMarkup(<DialogView dialog={confirmDialog({ text: 'x' }, () => {})} onClose={() => {}} />),
    ).not.toContain('<ul')
  })
  it('closing clears the dialog, then calls back with the answer', () => {
    const store = createDialogStore()
    const seen: Array<[boolean, unknown]> = []
    store.show(confirmDialog({ text: 'Sure?' }, (positive) => seen.push([positive, store.get()])))
    store.close(true)
    store.show(confirmDialog({ text: 'Sure?' }, (positive) => seen.push([positive, store.get()])))
    store.close(false) // a dismissal
    expect(seen).toEqual([
      [true, undefined],
      [false, undefined],
    ])
    expect(store.get()).toBeUndefined()
  })
  it('tells subscribers when a dialog opens and closes', () => {
    const store = createDialogStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.show(alertDialog('Logout failed'))
    expect(store.get()?.text).toBe('Logout failed')
    store.close(false)
    expect(listener).toHaveBeenCalledTimes(2)
  })
  it('a destructive confirm shows its yes as the danger button; others keep the primary one', () => {
    const destructive = confirmDialog(
      { text: 'Delete Media?', positive: 'Delete', destructive: true },
      () => {},
    )
    expect(renderToStaticMarkup(<DialogView dialog={destructive} onClose={() => {}} />)).toContain(
      '<button type="button" class="button danger" autofocus="">Delete</button>',
    )
    const plain = confirmDialog({ text: 'Change the plan?', positive: 'Change Plan' }, () => {})
    expect(plain).not.toHaveProperty('destructive')
    expect(renderToStaticMarkup(<DialogView dialog={plain} onClose={() => {}} />)).toContain(
      '<button type="button" class="button" autofocus="">Change Plan</button>',
    )
  })
})
