// Secrets the server keeps and must read back (each volume's key; the network stores' credentials) are
// sealed with AES-256-GCM under the server key, so a copy of the database alone does not reveal them.
// The server key is SERVER_KEY (64 hex digits) when set, which every process of a deployment must share;
// otherwise a key made on first start in DATA_DIR/server.key (mode 0600), as an embedded install needs.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const KEY_BYTES = 32
const NONCE_BYTES = 12
const TAG_BYTES = 16
/** The first byte of a sealed value: the format, so a later one can be told apart. */
const FORMAT = 1

export interface Sealer {
  seal(plain: Buffer): Buffer
  open(sealed: Uint8Array): Buffer
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== KEY_BYTES) throw new Error(`the server key must be ${KEY_BYTES} bytes`)
  return {
    seal(plain) {
      const nonce = crypto.randomBytes(NONCE_BYTES)
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce)
      const body = Buffer.concat([cipher.update(plain), cipher.final()])
      return Buffer.concat([Buffer.of(FORMAT), nonce, cipher.getAuthTag(), body])
    },
    open(sealed) {
      const bytes = Buffer.from(sealed)
      if (bytes[0] !== FORMAT || bytes.length < 1 + NONCE_BYTES + TAG_BYTES) {
        throw new Error('a sealed value of an unknown format')
      }
      const nonce = bytes.subarray(1, 1 + NONCE_BYTES)
      const tag = bytes.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES)
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce)
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(bytes.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()])
    },
  }
}

/** The server key: the configured one, or the one kept in the data directory (made when missing). */
export function loadServerKey(serverKeyHex: string | undefined, dataDir: string): Buffer {
  if (serverKeyHex) return Buffer.from(serverKeyHex, 'hex')
  const file = path.join(dataDir, 'server.key')
  fs.mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx': only the first process to get here writes it; the others read what it wrote.
    fs.writeFileSync(file, crypto.randomBytes(KEY_BYTES).toString('hex') + '\n', { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const hex = fs.readFileSync(file, 'utf8').trim()
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} must hold 64 hex digits`)
  return Buffer.from(hex, 'hex')
}
