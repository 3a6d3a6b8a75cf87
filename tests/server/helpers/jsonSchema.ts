// Reading a route's JSON Schema (as TypeBox writes it) to make requests from it: a value the schema accepts,
// and, for every field, values meant to break it (wrong types, numbers past their bounds, strings past
// their length, arrays past their count, missing and extra fields, and for a field the contract marks as a
// name or an e-mail address, what the name or address rule refuses). Whether a value really breaks the
// schema is not decided here: the fuzz asks TypeBox's Value.Check of the whole request.
import { TEXT_RULE_KEYWORD } from '../../../server/contract/text.ts'
import { CONTROLS, ODD_ADDRESSES } from './textForms.ts'

/** The part of JSON Schema that TypeBox emits for the product's wire types. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  const?: unknown
  enum?: unknown[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  examples?: unknown[]
  minItems?: number
  maxItems?: number
  /** The text rule a field follows (contract/text.ts): 'name' or 'email'. */
  [TEXT_RULE_KEYWORD]?: string
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }
export type JsonPath = ReadonlyArray<string | number>

/** One change to a request's JSON: a field set to a value, or removed. */
export interface FieldEdit {
  path: JsonPath
  change: { set: Json } | 'remove'
  /** What the edit does, as a failure message shows it: `part_list[0].part_size = 1e308`. */
  label: string
}

// A text that is a valid SHA-256 in hex, and also a fine name, path, id or code: a value in any string
// field that is not refused for its form lets the other fields' mutations reach deeper.
const SAMPLE_TEXT = 'a3f5c0e1b2d4968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f809'
/** Longer than any field the product accepts; still far under the body limit. */
const LONG_TEXT_CHARS = 10_000
/** Arrays past their maxItems are built only up to this many items (the body limit cuts longer ones). */
const LONGEST_BUILT_ARRAY = 20_000

const variantsOf = (schema: JsonSchema): JsonSchema[] => [
  ...(schema.anyOf ?? []).flatMap(variantsOf),
  ...(schema.oneOf ?? []).flatMap(variantsOf),
  ...(schema.anyOf || schema.oneOf ? [] : [schema]),
]

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]

/** The object properties of a schema, with those of every part of an intersection (allOf). */
export function propertiesOf(schema: JsonSchema): {
  properties: Record<string, JsonSchema>
  required: string[]
} {
  const parts = [schema, ...(schema.allOf ?? [])]
  return {
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<
      string,
      JsonSchema
    >,
    required: parts.flatMap((part) => part.required ?? []),
  }
}

function numberIn(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + step)
  const high =
    schema.maximum ?? (schema.exclusiveMaximum === undefined ? low : schema.exclusiveMaximum - step)
  return Math.min(Math.max(0, low), high)
}

/**
 * A value the schema accepts (for the schemas of the product: a pattern in a request body comes with an
 * example that matches it).
 */
export function validValue(schema: JsonSchema): Json {
  if (schema.const !== undefined) return schema.const as Json
  if (schema.pattern !== undefined && schema.examples?.length) return schema.examples[0] as Json
  if (schema.enum?.length) return schema.enum[0] as Json
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0]
  if (first) return validValue(first)
  if (schema.allOf) {
    const parts = schema.allOf.map(validValue)
    return parts.every(isObject) ? Object.assign({}, ...parts) : (parts[0] ?? null)
  }
  switch (typesOf(schema)[0]) {
    case 'object': {
      // Required fields only: an optional one with a value the route refuses for its form (a 64-character
      // domain prefix) would end every request before the field being broken is read. Optional fields
      // get their own edits (fieldEdits).
      const { properties, required } = propertiesOf(schema)
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => required.includes(name))
          .map(([name, field]) => [name, validValue(field)]),
      )
    }
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 1)
      return Array.from({ length: count }, () => validValue(schema.items ?? {}))
    }
    case 'string': {
      const text = SAMPLE_TEXT.slice(0, schema.maxLength ?? SAMPLE_TEXT.length)
      return text.padEnd(schema.minLength ?? 0, 'a')
    }
    case 'integer':
      return numberIn(schema, true)
    case 'number':
      return numberIn(schema, false)
    case 'boolean':
      return false
    default:
      return null
  }
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A short form of a value for failure messages: long texts and arrays by their size. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const escaped = JSON.stringify(value.length > 40 ? value.slice(0, 20) : value)
    return value.length > 40 ? `${escaped.slice(0, -1)}…" (${value.length} chars)` : escaped
  }
  if (typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) >= 1e16 ? value.toExponential() : String(value)
  if (Array.isArray(value) && value.length > 3) return `[${describeValue(value[0])}, … ${value.length} items]`
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}

export const pathText = (path: JsonPath) =>
  path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('')

const set = (path: JsonPath, value: Json): FieldEdit => ({
  path,
  change: { set: value },
  label: `${pathText(path) || '(whole body)'} = ${describeValue(value)}`,
})

/** Values of the wrong JSON type for whatever a field holds. */
const WRONG_TYPES: Json[] = [null, '1', 1, true, [], {}]

function numberBreakers(schema: JsonSchema): Json[] {
  const bounds = [
    schema.minimum === undefined ? [] : [schema.minimum - 1, schema.minimum],
    schema.maximum === undefined ? [] : [schema.maximum + 1, schema.maximum],
    schema.exclusiveMinimum === undefined ? [] : [schema.exclusiveMinimum],
    schema.exclusiveMaximum === undefined ? [] : [schema.exclusiveMaximum],
  ].flat()
  return [-1, 0, 1.5, 1e18, 2 ** 63, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, ...bounds]
}

function stringBreakers(schema: JsonSchema, base: Json): Json[] {
  const text = typeof base === 'string' ? base : SAMPLE_TEXT
  return [
    '',
    '   ',
    'x'.repeat(LONG_TEXT_CHARS),
    ...(schema.maxLength === undefined ? [] : ['x'.repeat(schema.maxLength + 1)]),
    ...(schema.minLength ? ['x'.repeat(schema.minLength - 1)] : []),
    `${text}\u0000`,
    '\u0000',
    // Lone surrogates: not text at all once encoded as UTF-8.
    '\ud800',
    `${text.slice(0, 4)}\udfff${text.slice(4)}`,
    ...(schema[TEXT_RULE_KEYWORD] === 'name' ? nameBreakers(text) : []),
    ...(schema[TEXT_RULE_KEYWORD] === 'email' ? ODD_ADDRESSES : []),
  ]
}

/**
 * A name with each kind of control character: inside it, before a forged header line, and once at its end
 * (where trimming must not quietly take it away).
 */
const nameBreakers = (text: string): string[] => [
  ...CONTROLS.map(([, control]) => `${text.slice(0, 8)}${control}Bcc: eve@evil.test`),
  `${text}\r\n`,
]

/** The texts of a request that follow a text rule, with the rule: where the value has them. */
export function ruledTexts(schema: JsonSchema, value: Json): Array<{ rule: string; text: string }> {
  const found: Array<{ rule: string; text: string }> = []
  const visit = (part: JsonSchema, item: Json) => {
    const rule = part[TEXT_RULE_KEYWORD]
    if (typeof item === 'string' && rule !== undefined) found.push({ rule, text: item })
    for (const variant of [...(part.anyOf ?? []), ...(part.oneOf ?? []), ...(part.allOf ?? [])])
      visit(variant, item)
    if (isObject(item)) {
      for (const [name, field] of Object.entries(part.properties ?? {})) {
        const property = item[name]
        if (property !== undefined) visit(field, property)
      }
    }
    if (Array.isArray(item) && part.items) for (const entry of item) visit(part.items, entry)
  }
  visit(schema, value)
  return found
}

/**
 * Every edit meant to break the value at `path` of a request built by validValue: the field's own
 * breakers, then those of its items and properties, recursively.
 */
export function fieldEdits(schema: JsonSchema, base: Json, path: JsonPath = []): FieldEdit[] {
  const edits: FieldEdit[] = WRONG_TYPES.map((value) => set(path, value))
  const variants = variantsOf(schema)
  for (const variant of [...variants, ...(schema.allOf ?? [])]) {
    const types = typesOf(variant)
    if (types.includes('integer') || types.includes('number')) {
      edits.push(...numberBreakers(variant).map((value) => set(path, value)))
    }
    if (types.includes('string'))
      edits.push(...stringBreakers(variant, base).map((value) => set(path, value)))
    if (types.includes('boolean')) edits.push(...['true', 0].map((value) => set(path, value)))
    if (types.includes('array') && Array.isArray(base)) {
      edits.push(set(path, []), set(path, [null]))
      if (variant.maxItems !== undefined && variant.maxItems < LONGEST_BUILT_ARRAY) {
        const item = base[0] ?? validValue(variant.items ?? {})
        edits.push(
          set(
            path,
            Array.from({ length: variant.maxItems + 1 }, () => item),
          ),
        )
      }
      if (base[0] !== undefined && variant.items)
        edits.push(...fieldEdits(variant.items, base[0], [...path, 0]))
    }
  }
  const { properties, required } = propertiesOf(schema)
  if (isObject(base) && Object.keys(properties).length > 0) {
    for (const name of required) {
      edits.push({ path: [...path, name], change: 'remove', label: `${pathText([...path, name])} missing` })
    }
    edits.push(set([...path, 'unexpected_field'], 1))
    for (const [name, field] of Object.entries(properties)) {
      const value = base[name]
      // An optional field the base leaves out: given a valid value, then broken every way, each alone.
      if (value === undefined) edits.push(set([...path, name], validValue(field)))
      edits.push(...fieldEdits(field, value ?? validValue(field), [...path, name]))
    }
  }
  const seen = new Set<string>()
  return edits.filter((edit) => !seen.has(edit.label) && Boolean(seen.add(edit.label)))
}

/** The value with the edit made; undefined when the edit's path no longer exists in it. */
export function applyEdit(value: Json, edit: FieldEdit): Json | undefined {
  if (edit.path.length === 0) return edit.change === 'remove' ? undefined : edit.change.set
  const copy = structuredClone(value)
  let parent: Json = copy
  for (const part of edit.path.slice(0, -1)) {
    const next: Json | undefined = Array.isArray(parent)
      ? parent[part as number]
      : isObject(parent)
        ? parent[part]
        : undefined
    if (next === undefined || next === null || typeof next !== 'object') return undefined
    parent = next
  }
  const last = edit.path[edit.path.length - 1] as string | number
  if (Array.isArray(parent) && typeof last === 'number') {
    if (edit.change === 'remove') parent.splice(last, 1)
    else parent[last] = edit.change.set
  } else if (isObject(parent) && typeof last === 'string') {
    if (edit.change === 'remove') Reflect.deleteProperty(parent, last)
    else parent[last] = edit.change.set
  } else {
    return undefined
  }
  return copy
}

/** Every field path of a value: where random values may go. */
export function fieldPaths(value: Json, path: JsonPath = []): JsonPath[] {
  const children: JsonPath[] = Array.isArray(value)
    ? value.slice(0, 1).flatMap((item, index) => fieldPaths(item, [...path, index]))
    : isObject(value)
      ? Object.entries(value).flatMap(([name, item]) => fieldPaths(item, [...path, name]))
      : []
  return [path, ...children]
}
