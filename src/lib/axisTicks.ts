// Round steps for a chart's value axis, from 0 to the first step at or above the largest value: byte sizes
// step by powers of two (base 1024, as the console's sizes are: 0, 16 MB, 32 MB, 48 MB; 512 MB, 1 GB, 1.5 GB),
// so a step never straddles a unit; counts step by 1, 2 or 5 times a power of ten (0, 20, 40, 60). A chart
// library left to itself splits the range evenly (0, 19.1 MB, 38.1 MB), which no one reads at a glance.
// Pure, so the steps are tested without drawing.

/** Steps an axis aims at: 3 to 5 labels fit a chart 260 px tall and leave room between them. */
export const AXIS_INTERVALS = 4

/** What an axis of nothing but zeros shows, so it still reads as a scale: 0 to 1 KB, or 0 to 4. */
const EMPTY_BYTES_TOP = 1024
const EMPTY_COUNT_TOP = 4

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

function ticksUpTo(max: number, step: number): number[] {
  const count = Math.max(1, Math.ceil(max / step))
  return Array.from({ length: count + 1 }, (_, index) => index * step)
}

/** Ticks of a byte axis: a power of two of bytes apart, at most `intervals` steps up to `max`. */
export function byteTicks(max: number, intervals: number = AXIS_INTERVALS): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : EMPTY_BYTES_TOP
  let step = 1
  while (step * intervals < top) step *= 2
  return ticksUpTo(top, step)
}

/** Ticks of a count axis: 1, 2 or 5 times a power of ten apart (whole numbers), at most `intervals` steps. */
export function countTicks(max: number, intervals: number = AXIS_INTERVALS): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : EMPTY_COUNT_TOP
  for (let power = 1; ; power *= 10) {
    for (const factor of [1, 2, 5]) {
      const step = factor * power
      if (step * intervals >= top) return ticksUpTo(top, step)
    }
  }
}

/**
 * A byte tick's label: the size in the largest unit it holds one of, without the trailing zeros a size
 * shows elsewhere ('16 MB', '1.5 GB', '0 B'), as the steps are round. Steps of a power of two are at most
 * eighths of the unit shown, so three decimals always write one exactly.
 */
export function byteTickLabel(bytes: number): string {
  let unit = 0
  let value = bytes
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${Number(value.toFixed(3))} ${BYTE_UNITS[unit]}`
}

/** A count tick's label: '1,200'. */
export function countTickLabel(count: number): string {
  return count.toLocaleString('en-US')
}
