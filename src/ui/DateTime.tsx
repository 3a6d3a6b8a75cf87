// The console's one date rule (specification 000, section 9, "Simple time display" and "Long format"):
//
// - A moment (something happened at a time: a file updated, a device seen, an audit event, a payment) is
//   shown by <DateTime>. Where space is short (lists, tables, cards, status lines) it is the simple display
//   (the time of day, Yesterday, the weekday, or 11/3/26), with the long format as its title, so a pointer
//   resting on it reads the full date and time. In detail and properties (<DateTime long>) it is the long
//   format itself, MM/dd/yy with the time.
// - A moment to come (a link's expiry) in a list is <DateTime coming>: the simple display looking ahead by
//   calendar days (a time today, Tomorrow, a weekday, 11/3/26), titled by the long format. The simple
//   display counts back from now and would show next week's moment as a time of day.
// - A calendar day (a day by nature, with no time of day: an invoice's date and period, a usage or metric
//   day, the day a file is purged) is shown by <CalendarDay> as yyyy-MM-dd, the invoice date's format in
//   specification 001. A day is not a moment: the simple display would call it "Yesterday" at one hour and
//   "Monday" at another, and its time of day would be midnight UTC, which is no one's.
// - Chart axes label their days 11/24 (month/day): the day format's year repeats on every tick and does not
//   fit a phone's axis; the chart's table gives the days in full.
//
// Both render <time dateTime=…>, so the machine-readable value is there for assistive tools and tests.
import {
  formatComingTime,
  formatDay,
  formatLongTime,
  formatSimpleTime,
  parseDate,
  type DateInput,
} from '../lib/format.ts'

export interface DateTimeProps {
  value: DateInput
  /** Detail and properties: the long format, in full. Without it, the simple display titled by the long one. */
  long?: boolean
  /** A moment to come, in a list: the simple display looking ahead, titled by the long format. */
  coming?: boolean
  /** What shows when there is no date ('Never'); nothing by default. */
  empty?: string
  /** The moment the simple display counts back from (tests); now by default. */
  now?: Date
}

export function DateTime({ value, long = false, coming = false, empty = '', now }: DateTimeProps) {
  const date = parseDate(value)
  if (!date) return empty
  const longText = formatLongTime(date)
  const shown = long ? longText : coming ? formatComingTime(date, now) : formatSimpleTime(date, now)
  return (
    <time dateTime={date.toISOString()} title={long ? undefined : longText}>
      {shown}
    </time>
  )
}

/** A calendar day, yyyy-MM-dd, from a day ('2026-10-01') or a timestamp on that UTC day. */
export function CalendarDay({ day, empty = '' }: { day: string | null | undefined; empty?: string }) {
  const shown = formatDay(day)
  if (!shown) return empty
  return <time dateTime={shown}>{shown}</time>
}
