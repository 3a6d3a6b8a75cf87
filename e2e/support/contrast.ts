// WCAG 2.x contrast between two colours as the browser computes them ('rgb(29, 78, 216)'), so a spec can
// measure what is drawn rather than what a stylesheet says. The formula is WCAG's: the relative luminance of
// each colour from its linearised sRGB channels, then (lighter + 0.05) / (darker + 0.05).

export interface Rgb {
  r: number
  g: number
  b: number
  /** 0 (transparent) to 1. */
  alpha: number
}

/** A computed colour: 'rgb(r, g, b)' or 'rgba(r, g, b, a)', the forms getComputedStyle answers. */
export function parseRgb(text: string): Rgb {
  const match =
    /^rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)(?:,\s*(\d*(?:\.\d+)?))?\)$/.exec(
      text.trim(),
    )
  if (!match) throw new Error(`not a computed rgb() colour: ${text}`)
  const [, r, g, b, alpha] = match
  return { r: Number(r), g: Number(g), b: Number(b), alpha: alpha === undefined ? 1 : Number(alpha) }
}

function linear(channel: number): number {
  const value = channel / 255
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** The contrast ratio of two opaque colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(one: Rgb, other: Rgb): number {
  const [lighter, darker] = [relativeLuminance(one), relativeLuminance(other)].sort((a, b) => b - a) as [
    number,
    number,
  ]
  return (lighter + 0.05) / (darker + 0.05)
}
