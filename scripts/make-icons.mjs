// Draws the app icons (a white cloud on the brand blue) as PNG files in public/icons. Run it after changing
// the design: `node scripts/make-icons.mjs`. The output is committed, so builds do not depend on it.
import fs from 'node:fs'
import zlib from 'node:zlib'

const BLUE = [0x1d, 0x4e, 0xd8]
const WHITE = [0xff, 0xff, 0xff]

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buffer) {
  let c = 0xffffffff
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}
function png(size, pixel) {
  const rows = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4)
    for (let x = 0; x < size; x++) row.set(pixel((x + 0.5) / size, (y + 0.5) / size), 1 + x * 4)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// A cloud: three circles over a rounded base, centred, `scale` of the icon wide.
function inCloud(x, y, scale) {
  const u = (x - 0.5) / scale + 0.5
  const v = (y - 0.5) / scale + 0.5
  const circles = [
    [0.33, 0.55, 0.17],
    [0.52, 0.45, 0.22],
    [0.7, 0.56, 0.15],
  ]
  const inBase = u > 0.2 && u < 0.8 && v > 0.5 && v < 0.71
  return inBase || circles.some(([cx, cy, r]) => (u - cx) ** 2 + (v - cy) ** 2 < r * r)
}
function roundedSquare(x, y, radius) {
  const dx = Math.max(radius - x, x - (1 - radius), 0)
  const dy = Math.max(radius - y, y - (1 - radius), 0)
  return dx * dx + dy * dy <= radius * radius
}

const icon = (scale, corner) => (x, y) => {
  if (corner > 0 && !roundedSquare(x, y, corner)) return [0, 0, 0, 0]
  return [...(inCloud(x, y, scale) ? WHITE : BLUE), 255]
}

fs.writeFileSync('public/icons/icon-192.png', png(192, icon(0.8, 0.18)))
fs.writeFileSync('public/icons/icon-512.png', png(512, icon(0.8, 0.18)))
// Maskable: full bleed, the cloud inside the central 80% safe zone.
fs.writeFileSync('public/icons/maskable-512.png', png(512, icon(0.6, 0)))
console.log('icons written to public/icons')
