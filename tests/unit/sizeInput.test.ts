import { describe, expect, it } from 'vitest'
import {
  bytesText,
  INVALID_SIZE_MESSAGE,
  parseSize,
  SIZE_TOO_LARGE_MESSAGE,
} from '../../src/lib/sizeInput.ts'

const bytesOf = (text: string) => {
  const reading = parseSize(text)
  return reading.state === 'valid' ? reading.bytes : reading.state
}

describe('parseSize', () => {
  it('reads plain bytes, with or without digit groups', () => {
    expect(bytesOf('4398046511104')).toBe(4398046511104)
    expect(bytesOf(' 1000000 ')).toBe(1000000)
    expect(bytesOf('4,398,046,511,104')).toBe(4398046511104)
    expect(bytesOf('12 bytes')).toBe(12)
    expect(bytesOf('1 B')).toBe(1)
  })
  it('reads KB, MB, GB and TB in base 1024, any case, a space or not', () => {
    expect(bytesOf('1 KB')).toBe(1024)
    expect(bytesOf('1 GB')).toBe(1024 ** 3)
    expect(bytesOf('500mb')).toBe(500 * 1024 ** 2)
    expect(bytesOf('4 TB')).toBe(4398046511104)
    expect(bytesOf('4 TiB')).toBe(4398046511104)
    expect(bytesOf('2g')).toBe(2 * 1024 ** 3)
    expect(bytesOf('1.5 GB')).toBe(1.5 * 1024 ** 3)
    expect(bytesOf('.5 KB')).toBe(512)
  })
  it('says nothing of an empty field', () => {
    expect(parseSize('   ')).toEqual({ state: 'empty' })
  })
  it('refuses junk with a message that shows what to type', () => {
    for (const junk of ['abc', '1 XB', '1 GB 2', '-1 MB', '1,00', '1.5', '1.5 bytes', 'GB', '1..2 MB']) {
      expect(parseSize(junk), junk).toEqual({ state: 'invalid', message: INVALID_SIZE_MESSAGE })
    }
  })
  it('refuses a size past what a number holds exactly', () => {
    expect(parseSize('99999999 TB')).toEqual({ state: 'invalid', message: SIZE_TOO_LARGE_MESSAGE })
  })
})

describe('bytesText', () => {
  it('writes the bytes with digit groups', () => {
    expect(bytesText(4398046511104)).toBe('4,398,046,511,104 bytes')
    expect(bytesText(1)).toBe('1 byte')
  })
})
