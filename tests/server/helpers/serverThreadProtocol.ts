// The messages between a test and the server it runs in a worker thread (serverThread.ts and
// serverThreadMain.ts). Types only: the worker's bundle and the test share them without sharing code.
import type { JsonSchema } from './jsonSchema.ts'

/** A route as the server's catalogue lists it, its schemas as plain JSON Schema. */
export interface CatalogueEntry {
  method: string
  url: string
  schema?: {
    body?: JsonSchema
    querystring?: JsonSchema
    params?: JsonSchema
    response?: Record<string, JsonSchema>
  }
}

export interface ThreadStart {
  /** The environment loadConfig reads. */
  env: Record<string, string>
}

export type ThreadCommand =
  | { kind: 'query'; id: number; sql: string; params: unknown[] }
  /** The worker's heap in use after a forced collection, in bytes. */
  | { kind: 'memory'; id: number }
  | { kind: 'close'; id: number }

export type ThreadEvent =
  | { kind: 'ready'; url: string; catalogue: CatalogueEntry[]; bodyLimit: number }
  | { kind: 'failed'; message: string }
  | { kind: 'log'; line: string }
  | { kind: 'answer'; id: number; value: unknown }
  | { kind: 'refusal'; id: number; message: string }
