// The contrast formula e2e/chartColors.spec.ts measures the charts with, against values WCAG's own
// examples and common tools agree on, so a check that passes is passing on the right numbers.
import { describe, expect, it } from 'vitest'
import { contrastRatio, parseRgb, relativeLuminance } from '../../e2e/support/contrast.ts'

describe('contrast of computed colours', () => {
  it('reads the rgb() and rgba() forms getComputedStyle answers, and refuses others', () => {
    expect(parseRgb('rgb(29, 78, 216)')).toEqual({ r: 29, g: 78, b: 216, alpha: 1 })
    expect(parseRgb('rgba(0, 0, 0, 0)')).toEqual({ r: 0, g: 0, b: 0, alpha: 0 })
    expect(parseRgb('rgba(17, 24, 39, 0.45)').alpha).toBe(0.45)
    expect(() => parseRgb('#1d4ed8')).toThrow('not a computed rgb() colour: #1d4ed8')
  })

  it('gives black and white their luminance and 21:1 between them, the same either way round', () => {
    const black = parseRgb('rgb(0, 0, 0)')
    const white = parseRgb('rgb(255, 255, 255)')
    expect(relativeLuminance(black)).toBe(0)
    expect(relativeLuminance(white)).toBeCloseTo(1, 10)
    expect(contrastRatio(black, white)).toBeCloseTo(21, 10)
    expect(contrastRatio(white, black)).toBeCloseTo(21, 10)
    expect(contrastRatio(white, white)).toBe(1)
  })

  it('puts the known greys either side of 4.5:1 on white, and blue-700 at 6.70:1', () => {
    const white = parseRgb('rgb(255, 255, 255)')
    // #767676 is the lightest grey that reads at AA on white; #777777 is just under.
    expect(contrastRatio(parseRgb('rgb(118, 118, 118)'), white)).toBeCloseTo(4.54, 2)
    expect(contrastRatio(parseRgb('rgb(119, 119, 119)'), white)).toBeCloseTo(4.48, 2)
    expect(contrastRatio(parseRgb('rgb(29, 78, 216)'), white)).toBeCloseTo(6.7, 2)
  })
})
