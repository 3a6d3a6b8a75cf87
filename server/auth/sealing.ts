// Secrets the server keeps and must read back (each volume's key; the network stores' credentials) are
// sealed with AES-256-GCM under the server key, so a copy of the database alone does not reveal them.
// The server key is SERVER_KEY (64 hex digits) when set, which every process of a deployment must share;
// otherwise a key made on first start in DATA_DIR/server.key (mode 0600), as an embedded install needs.
// Each value is sealed for its row: a label naming the row ('volume_key:<org id>:<volume id>',
// auth/sealedValues.ts) is the cipher's associated data, so a value written into another row (by anyone
// who can write to the database but lacks the key) does not open there. Whether the key is the
// deployment's at all is checked once, at start (auth/serverKeyCheck.ts).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts'

const KEY_BYTES = 32
const NONCE_BYTES = 12
const TAG_BYTES = 16
/**
 * The first byte of a sealed value: its format. 1: sealed without a label (servers before labels; such
 * values are opened and sealed again with their label at start, auth/serverKeyCheck.ts); 2: sealed for a
 * label, which is bound as associated data together with this byte.
 */
const UNBOUND_FORMAT = 1
const FORMAT = 2

export interface Sealer {
  /** Seals plain for the row the label names: it opens only with the same label. */
  seal(plain: Buffer, label: string): Buffer
  /** Opens a value sealed for this label; throws for another label, another key, or a value of format 1. */
  open(sealed: Uint8Array, label: string): Buffer
  /** Opens a value of format 1 (sealed for no row); only the upgrade at start reads these. */
  openUnbound(sealed: Uint8Array): Buffer
}

/** The formats, by the first byte of a sealed value (the upgrade at start finds format 1 by it). */
export const SEALED_FORMAT = { unbound: UNBOUND_FORMAT, current: FORMAT } as const

export function createSealer(key: Buffer): Sealer {
  if (key.length !== KEY_BYTES) throw new Error(`the server key must be ${KEY_BYTES} bytes`)
  const associated = (label: string) => Buffer.concat([Buffer.of(FORMAT), Buffer.from(label, 'utf8')])

  function openAs(sealed: Uint8Array, format: number, aad: Buffer | undefined): Buffer {
    const bytes = Buffer.from(sealed)
    if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES) throw new Error('a sealed value too short to open')
    if (bytes[0] !== format) {
      throw new Error(
        bytes[0] === UNBOUND_FORMAT
          ? 'a sealed value of the earlier format, which is not bound to its row'
          : `a sealed value of format ${bytes[0]}, not ${format}`,
      )
    }
    const nonce = bytes.subarray(1, 1 + NONCE_BYTES)
    const tag = bytes.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES)
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce)
    if (aad) decipher.setAAD(aad)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(bytes.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()])
  }

  return {
    seal(plain, label) {
      const nonce = crypto.randomBytes(NONCE_BYTES)
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(associated(label))
      const body = Buffer.concat([cipher.update(plain), cipher.final()])
      return Buffer.concat([Buffer.of(FORMAT), nonce, cipher.getAuthTag(), body])
    },
    open: (sealed, label) => openAs(sealed, FORMAT, associated(label)),
    openUnbound: (sealed) => openAs(sealed, UNBOUND_FORMAT, undefined),
  }
}

/** The server key: the configured one, or the one kept in the data directory (made when missing). */
export function loadServerKey(serverKeyHex: string | undefined, dataDir: string): Buffer {
  if (serverKeyHex) return Buffer.from(serverKeyHex, 'hex')
  const file = path.join(dataDir, 'server.key')
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  try {
    // 'wx': only the first process to get here writes it; the others read what it wrote.
    fs.writeFileSync(file, crypto.randomBytes(KEY_BYTES).toString('hex') + '\n', {
      flag: 'wx',
      mode: PRIVATE_FILE_MODE,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const hex = fs.readFileSync(file, 'utf8').trim()
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} must hold 64 hex digits`)
  return Buffer.from(hex, 'hex')
}
