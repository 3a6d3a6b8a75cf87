// CSV text per RFC 4180: the header line first, CRLF line ends, quoting only where a field needs it.
import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from '../../src/lib/csv.ts'

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('media')).toBe('media')
    expect(csvField(42)).toBe('42')
    expect(csvField(1.5)).toBe('1.5')
    expect(csvField(true)).toBe('true')
  })

  it('writes null and undefined as an empty field', () => {
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
  })

  it('quotes a field with a comma, a double quote, a CR or an LF, doubling its double quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('cr\rhere')).toBe('"cr\rhere"')
    expect(csvField(' padded ')).toBe(' padded ')
  })
})

describe('toCsv', () => {
  it('writes the header line first and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['name', 'size'],
        [
          ['a', 1],
          ['b,c', 2],
        ],
      ),
    ).toBe('name,size\r\na,1\r\n"b,c",2\r\n')
  })

  it('writes only the header line when there are no rows', () => {
    expect(toCsv(['name', 'size'], [])).toBe('name,size\r\n')
  })
})
