// A size as a person types it: plain bytes (4398046511104, commas allowed) or a number with a unit, KB, MB,
// GB or TB, base 1024 as the spec's sizes (000 section 9); "1.5 GB", "500mb", "4 TiB" and "2 bytes" read
// too. Pure: the size field (src/ui/SizeField.tsx) shows what it reads, and forms send its bytes.

export const INVALID_SIZE_MESSAGE = 'Enter a size such as 500 MB, 4 TB or a number of bytes.'
export const SIZE_TOO_LARGE_MESSAGE = 'Enter a smaller size.'

const UNIT_POWERS: Record<string, number> = { '': 0, b: 0, byte: 0, bytes: 0, k: 1, m: 2, g: 3, t: 4 }

export type SizeReading =
  { state: 'empty' } | { state: 'invalid'; message: string } | { state: 'valid'; bytes: number }

/** What the text says, in whole bytes (a fraction of a unit is rounded to the nearest byte). */
export function parseSize(text: string): SizeReading {
  const trimmed = text.trim()
  if (trimmed === '') return { state: 'empty' }
  // Digit groups as written in English (4,398,046,511,104); the number then its unit, a space between or not.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)$/i.exec(trimmed)
  if (!match) return { state: 'invalid', message: INVALID_SIZE_MESSAGE }
  const [, numberText = '', unitText = ''] = match
  const power = unitPower(unitText.toLowerCase())
  if (power === undefined) return { state: 'invalid', message: INVALID_SIZE_MESSAGE }
  const value = Number(numberText.replace(/,/g, ''))
  // Bytes are whole: a fraction is for a unit, not for bytes.
  if (power === 0 && !Number.isInteger(value)) return { state: 'invalid', message: INVALID_SIZE_MESSAGE }
  const bytes = Math.round(value * 1024 ** power)
  if (!Number.isSafeInteger(bytes)) return { state: 'invalid', message: SIZE_TOO_LARGE_MESSAGE }
  return { state: 'valid', bytes }
}

/** KB, K, KiB, kb…: the power of 1024 a unit stands for; undefined for anything else. */
function unitPower(unit: string): number | undefined {
  if (unit in UNIT_POWERS) return UNIT_POWERS[unit]
  const prefixed = /^([kmgt])(?:i?b)$/.exec(unit)
  return prefixed ? UNIT_POWERS[prefixed[1] ?? ''] : undefined
}

/** How the field reads a size back: "4,398,046,511,104 bytes". */
export function bytesText(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`
}
