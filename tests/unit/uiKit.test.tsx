// The UI kit (src/ui) as markup: table semantics and narrow-screen labels, field wiring, the Save rule, the
// audit table's columns and words. Rendered on the server, so components that need the router stay out.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AuditEvent } from '../../server/contract/media.ts'
import { AuditTable, auditUser } from '../../src/ui/AuditTable.tsx'
import { CopyField } from '../../src/ui/CopyField.tsx'
import { EmptyState } from '../../src/ui/EmptyState.tsx'
import { Field, RadioGroup, SelectField, TextField } from '../../src/ui/Field.tsx'
import { SaveButton } from '../../src/ui/SaveButton.tsx'
import { phoneGrid, phonePlaces, Table, type Column } from '../../src/ui/Table.tsx'

interface Fruit {
  id: number
  name: string
  color: string
}

const columns: Array<Column<Fruit>> = [
  { key: 'name', header: 'Name', rowHeader: true, render: (fruit) => fruit.name },
  { key: 'color', header: 'Color', render: (fruit) => fruit.color },
  { key: 'actions', header: 'Actions', hideHeader: true, className: 'row-actions', render: () => 'x' },
]

describe('Table', () => {
  const html = renderToStaticMarkup(
    <Table
      label="Fruit"
      columns={columns}
      rows={[
        { id: 1, name: 'Apple', color: 'Red' },
        { id: 2, name: 'Lime', color: 'Green' },
      ]}
      rowKey={(fruit) => fruit.id}
      rowClassName={(fruit) => (fruit.id === 2 ? 'selected' : undefined)}
    />,
  )
  it('is a named table with column headers and a row header', () => {
    expect(html).toMatch(
      /^<table class="table data-table" aria-label="Fruit" role="table" style="--phone-grid:/,
    )
    expect(html).toContain('<th scope="col" role="columnheader">Name</th>')
    expect(html).toContain(
      '<th scope="col" role="columnheader"><span class="visually-hidden">Actions</span></th>',
    )
    expect(html).toContain(
      '<th scope="row" role="rowheader" class="cell-primary" data-label="Name" title="Apple">Apple</th>',
    )
    expect(html).toContain('<tr class="selected" role="row">')
  })
  it('labels each cell with its header, but not a hidden header, and marks its place in a phone row', () => {
    expect(html).toContain('<td role="cell" class="cell-secondary" data-label="Color" title="Red">Red</td>')
    expect(html).toContain('<td role="cell" class="row-actions cell-actions">x</td>')
  })
  it('marks an empty value, which leaves no label or separator on a phone', () => {
    const blank = renderToStaticMarkup(
      <Table
        label="Fruit"
        columns={columns}
        rows={[{ id: 1, name: 'Apple', color: '' }]}
        rowKey={(f) => f.id}
      />,
    )
    expect(blank).toContain('<td role="cell" class="cell-secondary cell-empty" data-label="Color"></td>')
  })
  it('sizes a column by its header, clips an ellipsis column and titles it with its whole value', () => {
    const sized = renderToStaticMarkup(
      <Table
        label="Paths"
        columns={[
          { key: 'name', header: 'Name', rowHeader: true, render: (row: { path: string }) => row.path },
          {
            key: 'link',
            header: 'Link',
            width: '30%',
            minWidth: '8rem',
            ellipsis: true,
            phone: 'hidden',
            title: (row) => `whole ${row.path}`,
            render: (row) => <a href="/x">{row.path}</a>,
          },
        ]}
        rows={[{ path: '/dailies/a' }]}
        rowKey={(row) => row.path}
      />,
    )
    expect(sized).toContain('<th scope="col" role="columnheader" style="width:30%;min-width:8rem">Link</th>')
    expect(sized).toContain(
      '<td role="cell" class="cell-hidden cell-ellipsis" data-label="Link" title="whole /dailies/a">',
    )
  })
  it('shows the empty state in one full-width cell', () => {
    const empty = renderToStaticMarkup(
      <Table label="Fruit" columns={columns} rows={[]} rowKey={(fruit) => fruit.id} empty="No fruit." />,
    )
    expect(empty).toContain(
      '<td colSpan="3" class="table-empty" role="cell"><p class="empty-state">No fruit.</p></td>',
    )
    const bare = renderToStaticMarkup(
      <Table label="Fruit" columns={columns} rows={[]} rowKey={(f) => f.id} />,
    )
    expect(bare).toContain('<tbody role="rowgroup"></tbody>')
  })
  it('sets the data attributes a row asks for', () => {
    const marked = renderToStaticMarkup(
      <Table
        label="Fruit"
        columns={columns}
        rows={[{ id: 1, name: 'Apple', color: 'Red' }]}
        rowKey={(fruit) => fruit.id}
        rowData={(fruit) => ({ 'data-status': fruit.color.toLowerCase() })}
      />,
    )
    expect(marked).toContain('<tr role="row" data-status="red">')
  })
})

describe('EmptyState', () => {
  it('is a paragraph, with its action beside it', () => {
    expect(renderToStaticMarkup(<EmptyState>Nothing.</EmptyState>)).toBe(
      '<p class="empty-state">Nothing.</p>',
    )
    expect(renderToStaticMarkup(<EmptyState action={<button>Add</button>}>Nothing.</EmptyState>)).toBe(
      '<div class="empty-state-block"><p class="empty-state">Nothing.</p><button>Add</button></div>',
    )
  })
})

describe('Field', () => {
  it('ties the label, hint and error to the control', () => {
    const html = renderToStaticMarkup(
      <Field label="Name" hint="3 to 64 characters" error="Too short">
        {(control) => <input {...control} />}
      </Field>,
    )
    const id = /<label for="([^"]+)">Name<\/label>/.exec(html)?.[1]
    expect(id).toBeDefined()
    expect(html).toContain(
      `<input id="${id}" aria-describedby="${id}-hint ${id}-error" aria-invalid="true"/>`,
    )
    expect(html).toContain(`<p id="${id}-hint" class="hint">3 to 64 characters</p>`)
    expect(html).toContain(`<p id="${id}-error" class="form-error" role="alert">Too short</p>`)
  })
  it('describes nothing and is valid without hint or error', () => {
    const html = renderToStaticMarkup(<TextField label="Name" name="n" value="v" onChange={() => {}} />)
    expect(html).toMatch(/<input id="[^"]+" name="n" value="v"\/>/)
    expect(html).not.toContain('aria-')
  })
  it('a select lists its options', () => {
    const html = renderToStaticMarkup(
      <SelectField
        label="Volume"
        value="2"
        options={[
          { value: '1', label: 'One' },
          { value: '2', label: 'Two' },
        ]}
        onChange={() => {}}
      />,
    )
    expect(html).toContain('<option value="2" selected="">Two</option>')
  })
  it('a radio group is a fieldset with a legend; disabled disables every radio', () => {
    const html = renderToStaticMarkup(
      <RadioGroup
        legend="Status"
        options={[
          { value: false, label: 'Enabled' },
          { value: true, label: 'Disabled' },
        ]}
        value={true}
        onChange={() => {}}
        disabled
      />,
    )
    expect(html).toMatch(/^<fieldset class="radio-group" disabled=""><legend>Status<\/legend>/)
    expect(html.match(/type="radio"/g)).toHaveLength(2)
    expect(html).toMatch(/<input type="radio" name="[^"]+" checked="" value="1"\/>Disabled/)
  })
})

describe('CopyField', () => {
  it('shows a secret once: a labelled read-only field with its note, Copy and any other action', () => {
    const html = renderToStaticMarkup(
      <CopyField
        label="New Secret Key"
        value="s3cr3t"
        hint="Copy it now: it will not be shown again."
        actions={<button type="button">Hide</button>}
      />,
    )
    const id = /<label for="([^"]+)">New Secret Key<\/label>/.exec(html)?.[1]
    expect(id).toBeDefined()
    expect(html).toMatch(
      new RegExp(`<input id="${id}" aria-describedby="${id}-hint" readOnly=""[^>]* value="s3cr3t"`),
    )
    expect(html).toContain('Copy it now: it will not be shown again.')
    expect(html).toContain('Copy<span class="visually-hidden"> New Secret Key</span></button>')
    expect(html).toContain('<button type="button">Hide</button>')
  })
  it('wraps a link over lines when asked, whole and read-only, with the same label and Copy', () => {
    const link = `https://media.example.com/s/${'A'.repeat(43)}`
    const html = renderToStaticMarkup(<CopyField label="Link" value={link} wrap />)
    const id = /<label for="([^"]+)">Link<\/label>/.exec(html)?.[1]
    expect(html).toMatch(new RegExp(`<textarea id="${id}"[^>]* class="copy-field-wrapped" readOnly=""`))
    expect(html).toContain(`>${link}</textarea>`)
    expect(html).not.toContain('<input')
    expect(html).toContain('Copy<span class="visually-hidden"> Link</span></button>')
  })
})

describe('SaveButton', () => {
  const disabled = (element: React.ReactElement) => renderToStaticMarkup(element).includes('disabled=""')
  it('is disabled until changed, while invalid and while pending', () => {
    expect(disabled(<SaveButton changed={false} />)).toBe(true)
    expect(disabled(<SaveButton changed valid={false} />)).toBe(true)
    expect(disabled(<SaveButton changed pending />)).toBe(true)
    expect(disabled(<SaveButton changed />)).toBe(false)
    expect(renderToStaticMarkup(<SaveButton changed label="Save Volume" />)).toContain(
      '>Save Volume</button>',
    )
    expect(renderToStaticMarkup(<SaveButton changed />)).toContain('type="submit"')
  })
})

describe('AuditTable', () => {
  const event = (fields: Partial<AuditEvent>): AuditEvent => ({
    create_time: '2026-01-02T03:04:05Z',
    device_name: null,
    user_name: null,
    email: null,
    dest_path: null,
    media_path: '/media/Files/a.txt',
    device_id: null,
    user_id: null,
    visitor_address: null,
    ...fields,
  })
  it('names the user by name, else e-mail, else device', () => {
    expect(auditUser(event({ user_name: 'ann', email: 'a@x', device_name: 'Mac' }))).toBe('ann')
    expect(auditUser(event({ email: 'a@x', device_name: 'Mac' }))).toBe('a@x')
    expect(auditUser(event({ user_name: '', device_name: 'Mac' }))).toBe('Mac')
    expect(auditUser(event({}))).toBe('')
  })
  it('has Timestamp, User, Source, Destination, and reads Web Download without a destination', () => {
    const html = renderToStaticMarkup(
      <AuditTable
        label="Audit"
        events={[event({ email: 'a@x' }), event({ dest_path: '/Volumes/Edit/a.txt' })]}
      />,
    )
    expect([...html.matchAll(/role="columnheader"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual([
      'Timestamp',
      'User',
      'Source',
      'Destination',
    ])
    // Paths are clipped with an ellipsis, the whole path in the title.
    expect(html).toContain('data-label="Destination" title="Web Download">Web Download</td>')
    expect(html).toContain('data-label="Destination" title="/Volumes/Edit/a.txt">/Volumes/Edit/a.txt</td>')
    expect(html).toContain(
      'class="cell-path cell-secondary cell-ellipsis" data-label="Source" title="/media/Files/a.txt">',
    )
    expect(html).not.toContain('Load More')
  })
  it('shows the chosen columns, the empty state and Load More', () => {
    const html = renderToStaticMarkup(
      <AuditTable
        label="Audit Tracking"
        events={[]}
        columns={['timestamp', 'user', 'destination']}
        pagination={{ hasMore: true, loadingMore: true, onLoadMore: () => {} }}
      />,
    )
    expect(html).not.toContain('Source')
    expect(html).toContain('colSpan="3"')
    expect(html).toContain('No audit events found.')
    expect(html).toMatch(
      /<button type="button" class="button secondary" disabled="" aria-busy="true">Load More<\/button>/,
    )
  })
})

describe('Table on a phone', () => {
  it('puts the row header first, actions at the end, the rest on the second line, declared places first', () => {
    expect(phonePlaces(columns)).toEqual(['primary', 'secondary', 'actions'])
    const noHeader: Array<Column<Fruit>> = [
      { key: 'select', header: 'Select', hideHeader: true, phone: 'lead', render: () => null },
      { key: 'name', header: 'Name', render: (fruit) => fruit.name },
      { key: 'color', header: 'Color', phone: 'labelled', render: (fruit) => fruit.color },
      { key: 'note', header: 'Note', phone: 'hidden', render: () => '' },
    ]
    // Without a row header the first column with a visible header names the row.
    expect(phonePlaces(noHeader)).toEqual(['lead', 'primary', 'labelled', 'hidden'])
  })
  it('gives each second-line value a track, a lead and actions their own', () => {
    expect(phoneGrid(['primary', 'secondary', 'actions'])).toBe(
      '[lead-start main-start] minmax(0, max-content) minmax(0, 1fr) [main-end] auto [end]',
    )
    expect(phoneGrid(['lead', 'primary', 'labelled', 'secondary', 'hidden'])).toBe(
      '[lead-start] auto [main-start] minmax(0, max-content) minmax(0, max-content) minmax(0, 1fr) [main-end end]',
    )
  })
})
