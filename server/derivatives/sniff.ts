// What content is, by its first bytes, before any decoder sees it: the derivative job hands a picture to
// sharp and a clip or a sound to ffprobe only when its signature says so, whatever its name claims (a file's
// name is its uploader's word; the content is shared by every file that names its hash).
export type ContentSort = 'image' | 'av' | 'unknown'

/** How many bytes sniff needs from the start of the content. */
export const SNIFF_BYTES = 256

// ISO base media (ftyp) brands of still pictures (HEIF, AVIF); every other brand is a clip or a sound.
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis'])
// QuickTime files may start with another atom than ftyp.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'])

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1')
const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, index) => head[index] === byte)

export function sniff(head: Buffer): ContentSort {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image' // JPEG
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'image' // PNG
  if (ascii(head, 0, 4) === 'GIF8') return 'image'
  if (ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*') return 'image' // TIFF
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12)
    if (form === 'WEBP') return 'image'
    if (form === 'AVI ' || form === 'WAVE') return 'av'
    return 'unknown'
  }
  const box = ascii(head, 4, 8)
  if (box === 'ftyp') {
    const brand = ascii(head, 8, 12)
    if (brand === 'crx ') return 'unknown' // Canon raw
    return IMAGE_BRANDS.has(brand) ? 'image' : 'av'
  }
  if (QUICKTIME_ATOMS.has(box)) return 'av'
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'av' // Matroska, WebM
  if (ascii(head, 0, 4) === 'OggS' || ascii(head, 0, 4) === 'fLaC' || ascii(head, 0, 3) === 'ID3') return 'av'
  if (ascii(head, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(head, 8, 12))) return 'av'
  if (ascii(head, 0, 3) === 'FLV') return 'av'
  if (startsWith(head, [0x06, 0x0e, 0x2b, 0x34])) return 'av' // MXF
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75])) return 'av' // ASF (WMV, WMA)
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba])) return 'av' // MPEG program stream
  if (head[0] === 0x47 && head.length > 188 && head[188] === 0x47) return 'av' // MPEG transport stream
  // MPEG audio frames and ADTS AAC: a frame sync of 11 (MP3) or 12 (AAC) bits.
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0) return 'av'
  return 'unknown'
}
