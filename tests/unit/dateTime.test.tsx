// The console's one date rule (src/ui/DateTime.tsx): a moment in the simple display titled by the long
// format where space is short, in the long format in detail; a calendar day as yyyy-MM-dd; each a <time>
// with its machine-readable value.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { formatDay } from '../../src/lib/format.ts'
import { CalendarDay, DateTime } from '../../src/ui/DateTime.tsx'

const now = new Date(2026, 5, 12, 15, 0, 0) // Friday 12 June 2026, 3 PM local time
const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>)

describe('DateTime', () => {
  it('shows a moment in the simple display, the long format as its title', () => {
    const updated = new Date(2026, 5, 12, 9, 30, 5)
    expect(html(<DateTime value={updated} now={now} />)).toBe(
      `<time dateTime="${updated.toISOString()}" title="06/12/26 9:30:05 AM">9:30 AM</time>`,
    )
    // Each step of the simple display, with the same title form.
    expect(html(<DateTime value={new Date(2026, 5, 11, 9, 0)} now={now} />)).toContain('>Yesterday</time>')
    expect(html(<DateTime value={new Date(2026, 5, 9, 9, 0)} now={now} />)).toContain('>Tuesday</time>')
    expect(html(<DateTime value={new Date(2025, 11, 24, 9, 0)} now={now} />)).toContain(
      'title="12/24/25 9:00:00 AM">12/24/25</time>',
    )
  })

  it('reads the ISO text an answer carries', () => {
    const iso = '2026-03-04T05:06:07.000Z'
    expect(html(<DateTime value={iso} now={now} />)).toMatch(
      new RegExp(`^<time dateTime="${iso}" title="03/0[34]/26 [^"]+">[^<]+</time>$`),
    )
  })

  it('shows the long format itself in detail, with no title to repeat it', () => {
    expect(html(<DateTime value={new Date(2026, 0, 5, 9, 4, 3)} long now={now} />)).toBe(
      `<time dateTime="${new Date(2026, 0, 5, 9, 4, 3).toISOString()}">01/05/26 9:04:03 AM</time>`,
    )
  })

  it('shows what it is given for no date, and nothing by default', () => {
    expect(html(<DateTime value={null} empty="Never" />)).toBe('Never')
    expect(html(<DateTime value={undefined} long />)).toBe('')
  })
})

describe('CalendarDay', () => {
  it('shows a day as yyyy-MM-dd, from a day or a timestamp of that UTC day', () => {
    expect(html(<CalendarDay day="2026-10-01" />)).toBe('<time dateTime="2026-10-01">2026-10-01</time>')
    expect(html(<CalendarDay day="2026-10-31T00:00:00.000Z" />)).toBe(
      '<time dateTime="2026-10-31">2026-10-31</time>',
    )
  })

  it('shows nothing, or what it is given, for no day', () => {
    expect(html(<CalendarDay day={null} />)).toBe('')
    expect(html(<CalendarDay day="soon" empty="—" />)).toBe('—')
    expect(formatDay('11/24/26')).toBe('')
  })
})
