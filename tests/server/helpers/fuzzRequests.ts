// The requests the fuzz sends to one route, made from the route's schemas as the server's catalogue lists
// them: one request per single malformation (each body field broken each way, each path parameter not an
// id, each form of a wrong session key, each query field broken, bodies that are not JSON objects), then
// combinations and arbitrary JSON drawn by fast-check from a fixed seed. Each request says whether it must
// be refused (and why), judged by TypeBox's Value.Check against the route's own schema and by the text
// rules its fields are marked with (a name with a control character, an address that is not one mailbox),
// so a route added later is fuzzed, and judged, without a line here changing.
import fc from 'fast-check'
import { Value } from 'typebox/value'
import type { FuzzFixture } from './fuzzFixture.ts'
import {
  applyEdit,
  describeValue,
  fieldEdits,
  fieldPaths,
  isObject,
  pathText,
  propertiesOf,
  ruledTexts,
  validValue,
  type FieldEdit,
  type Json,
  type JsonSchema,
} from './jsonSchema.ts'
import type { RawRequest } from './rawHttp.ts'
import type { CatalogueEntry } from './serverThreadProtocol.ts'
import { holdsControl, ODD_ADDRESSES } from './textForms.ts'

export type Identity = 'admin' | 'member' | 'none'

/** How the session key is written in the query. Only `plain` is a way the server may accept it. */
export const SESSION_FORMS = {
  plain: 'session_key=<key>',
  array: 'session_key twice (an array)',
  brackets: 'session_key[]=<key>',
  wrongCase: 'Session_Key=<key>',
  long: 'session_key of 10,000 characters',
  nul: 'session_key=<key> followed by NUL',
  empty: 'session_key empty',
  unknown: 'session_key of nobody',
} as const
export type SessionForm = keyof typeof SESSION_FORMS

export type RequestBody =
  | { kind: 'json'; value: Json }
  | {
      kind: 'raw'
      text: string
      contentType?: string
      describe: string
      /** Why the server must refuse it whatever the route takes (not JSON, over the limit). */
      refusal?: string
      /** Its JSON value, when it is JSON. */
      value?: Json
    }

export type QueryValues = Record<string, string | string[]>

export interface FuzzRequest {
  /** What this request changes from a valid one. */
  label: string
  identity: Identity
  session: SessionForm
  /** Path parameters by name, as written in the path. */
  params: Record<string, string>
  /** A path parameter replaced by one that is not an id, when one is. */
  paramEdit?: string
  query: QueryValues
  body: RequestBody | undefined
}

/** A catalogue entry with what the fuzz learned of it. */
export interface FuzzRoute extends CatalogueEntry {
  /**
   * What the route refuses a request without: a session key, or a URL signature (which only the server
   * makes, so every request the fuzz sends it lacks one), or nothing.
   */
  credentials: 'session' | 'signature' | 'none'
  bodyLimit: number
}

/** Path segments that are not ids: each must answer like a missing record, never 5xx. */
export const MALFORMED_IDS = [
  '0',
  '-1',
  '1e3',
  '1.5',
  'abc',
  '99999999999999999999',
  '%00',
  '%201',
  'x'.repeat(5000),
]

export const paramNamesOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string)
export const takesBody = (method: string) => method !== 'GET' && method !== 'HEAD'

const QUERY_KEY_UNEXPECTED = 'unexpected_param'

/** The request a route would accept from its schemas and the fixture: the base every malformation edits. */
export function baseRequest(route: CatalogueEntry, fixture: FuzzFixture): FuzzRequest {
  const querySchema = route.schema?.querystring
  const query: QueryValues = {}
  const validQuery = querySchema ? validValue(querySchema) : null
  if (isObject(validQuery))
    for (const [name, value] of Object.entries(validQuery)) query[name] = String(value)
  const bodySchema = route.schema?.body
  return {
    label: 'valid',
    identity: 'admin',
    session: 'plain',
    params: Object.fromEntries(
      paramNamesOf(route.url).map((name) => [name, fixture.pathValues[name] ?? '1']),
    ),
    query,
    body: bodySchema && takesBody(route.method) ? { kind: 'json', value: validValue(bodySchema) } : undefined,
  }
}

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : Array.isArray(value)
      ? value.some(holdsNul)
      : isObject(value) &&
        Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item))

/** Why a text of a field marked with a text rule breaks it, when one does. */
function brokenTextRule(schema: JsonSchema, value: Json): string | undefined {
  for (const { rule, text } of ruledTexts(schema, value)) {
    if (rule === 'name' && holdsControl(text))
      return `a name holds a control character: ${JSON.stringify(text)}`
    if (rule === 'email' && ODD_ADDRESSES.includes(text))
      return `the e-mail is not one mailbox: ${JSON.stringify(text)}`
  }
  return undefined
}

/**
 * Why the server must refuse the request, or undefined when nothing the test knows of the route refuses
 * it. Path ids, the session key, the query and the body are read as the route reads them; text with a NUL
 * character is refused wherever the route reads it (no name, path, code or key of the product has one), a
 * control character in a name and an address that is not one mailbox wherever the contract marks them.
 */
export function malformation(route: FuzzRoute, request: FuzzRequest): string | undefined {
  if (route.credentials === 'signature') return 'no URL signature'
  if (request.paramEdit) return `path parameter ${request.paramEdit} is not an id`
  if (route.credentials === 'session' && request.identity === 'none') return 'no session key'
  if (route.credentials === 'session' && request.session !== 'plain') return SESSION_FORMS[request.session]
  const querySchema = route.schema?.querystring
  if (querySchema) {
    const readQuery = Object.fromEntries(
      Object.entries(request.query).filter(([name]) => name in propertiesOf(querySchema).properties),
    )
    if (!Value.Check(querySchema, request.query)) return 'the query breaks its schema'
    if (holdsNul(readQuery)) return 'a query value holds NUL'
  }
  const body = request.body
  if (body?.kind === 'raw' && body.refusal) return body.refusal
  const bodySchema = route.schema?.body
  if (bodySchema && takesBody(route.method)) {
    const value = body === undefined ? undefined : body.value
    if (value === undefined) return body === undefined ? 'no body' : 'the body is not JSON'
    if (!Value.Check(bodySchema, value)) return 'the body breaks its schema'
    if (holdsNul(value)) return 'the body holds NUL'
    const brokenText = brokenTextRule(bodySchema, value)
    if (brokenText) return brokenText
    if (JSON.stringify(value).length > route.bodyLimit) return 'the body is over the limit'
  }
  return undefined
}

/**
 * Valid requests to a route without a body schema are not sent with a real session: they would do what
 * the route does (sign out, leave, delete), and there is nothing malformed in them to test.
 */
export const isSendable = (route: FuzzRoute, request: FuzzRequest) =>
  !(takesBody(route.method) && !route.schema?.body && malformation(route, request) === undefined)

const encodePair = (key: string, value: string) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`

function sessionPairs(form: SessionForm, key: string): string[] {
  switch (form) {
    case 'plain':
      return [encodePair('session_key', key)]
    case 'array':
      return [encodePair('session_key', key), encodePair('session_key', key)]
    case 'brackets':
      return [`session_key[]=${encodeURIComponent(key)}`]
    case 'wrongCase':
      return [encodePair('Session_Key', key)]
    case 'long':
      return [encodePair('session_key', 'k'.repeat(10_000))]
    case 'nul':
      return [encodePair('session_key', `${key}\u0000`)]
    case 'empty':
      return ['session_key=']
    case 'unknown':
      return [encodePair('session_key', 'A'.repeat(key.length))]
  }
}

/** The request as it goes on the wire. */
export function toRawRequest(route: CatalogueEntry, request: FuzzRequest, fixture: FuzzFixture): RawRequest {
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => request.params[name] ?? '1')
  const key = request.identity === 'admin' ? fixture.adminKey : fixture.memberKey
  const pairs = [
    ...(request.identity === 'none' ? [] : sessionPairs(request.session, key)),
    ...Object.entries(request.query).flatMap(([name, value]) =>
      [value].flat().map((item) => encodePair(name, item)),
    ),
  ]
  const target = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path
  const body = request.body
  if (body === undefined) return { method: route.method, target }
  if (body.kind === 'json') {
    return {
      method: route.method,
      target,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body.value),
    }
  }
  return {
    method: route.method,
    target,
    headers: body.contentType ? { 'content-type': body.contentType } : {},
    body: body.text,
  }
}

/**
 * Bodies that are not a JSON object of the route's schema, whatever the schema. The one over the server's
 * body limit must be refused by every route: the catalogue names no route's own limit, and the only routes
 * that raise theirs (the local store's signed PUTs) take URL signatures the fuzz never has.
 */
function rawBodies(base: Json | undefined, bodyLimit: number): RequestBody[] {
  const padded = (size: number) => {
    const value = { ...(isObject(base) ? base : {}), padding: '' }
    value.padding = 'x'.repeat(Math.max(0, size - JSON.stringify(value).length))
    return value
  }
  const overLimit = JSON.stringify(padded(bodyLimit + 1))
  const nearLimit = padded(bodyLimit - 1024)
  const depth = 100_000
  const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`
  const fields = isObject(base) ? JSON.stringify(base).slice(1, -1) : ''
  return [
    {
      kind: 'raw',
      text: '{"a":',
      contentType: 'application/json',
      describe: 'invalid JSON',
      refusal: 'not JSON',
    },
    {
      kind: 'raw',
      text: '{} x',
      contentType: 'application/json',
      describe: 'JSON and then text',
      refusal: 'not JSON',
    },
    {
      kind: 'raw',
      text: '',
      contentType: 'application/json',
      describe: 'an empty JSON body',
      refusal: 'not JSON',
    },
    {
      kind: 'raw',
      text: JSON.stringify(base ?? {}),
      contentType: 'text/plain',
      describe: 'the body as text/plain',
      // Fastify reads text/plain as a string: a body, if not an object.
      value: JSON.stringify(base ?? {}),
    },
    {
      kind: 'raw',
      text: '<request/>',
      contentType: 'application/xml',
      describe: 'an XML body',
      refusal: 'a content type the API does not read',
    },
    {
      kind: 'raw',
      text: overLimit,
      contentType: 'application/json',
      describe: `a JSON body of ${overLimit.length} bytes`,
      refusal: `over the ${bodyLimit}-byte body limit`,
    },
    {
      kind: 'raw',
      text: JSON.stringify(nearLimit),
      contentType: 'application/json',
      describe: `a JSON body of ${JSON.stringify(nearLimit).length} bytes, under the limit`,
      value: nearLimit,
    },
    {
      kind: 'raw',
      text: deep,
      contentType: 'application/json',
      describe: `arrays nested ${depth} deep`,
      value: [],
    },
    {
      kind: 'raw',
      text: `{"__proto__":{"polluted":true}${fields ? `,${fields}` : ''}}`,
      contentType: 'application/json',
      describe: 'a __proto__ key',
      value: isObject(base) ? { ...base } : {},
    },
  ]
}

const bodyLabel = (body: RequestBody | undefined) =>
  body === undefined ? 'no body' : body.kind === 'raw' ? body.describe : `body ${describeValue(body.value)}`

/** The edits of the query a route's querystring schema describes. */
function queryEdits(
  schema: JsonSchema | undefined,
): Array<{ label: string; edit(query: QueryValues): QueryValues }> {
  if (!schema) return []
  const { properties, required } = propertiesOf(schema)
  const edits = Object.entries(properties).flatMap(([name, field]) => {
    const set = (label: string, value: string | string[]) => ({
      label: `query ${name} ${label}`,
      edit: (query: QueryValues) => ({ ...query, [name]: value }),
    })
    return [
      ...(required.includes(name)
        ? [
            {
              label: `query ${name} missing`,
              edit: (query: QueryValues) =>
                Object.fromEntries(Object.entries(query).filter(([key]) => key !== name)),
            },
          ]
        : []),
      set('empty', ''),
      set('twice (an array)', ['a', 'b']),
      set('with NUL', 'a\u0000'),
      set('of 10,000 characters', 'x'.repeat(10_000)),
      ...(field.maxLength === undefined
        ? []
        : [set(`of ${field.maxLength + 1} characters`, 'x'.repeat(field.maxLength + 1))]),
    ]
  })
  return [
    ...edits,
    { label: `query ${QUERY_KEY_UNEXPECTED}`, edit: (query) => ({ ...query, [QUERY_KEY_UNEXPECTED]: '1' }) },
  ]
}

const editBody = (body: RequestBody | undefined, edit: FieldEdit): RequestBody | undefined => {
  if (body?.kind !== 'json') return undefined
  const value = applyEdit(body.value, edit)
  return value === undefined ? undefined : { kind: 'json', value }
}

/** One request per single malformation of the route's valid request. */
export function singleMalformations(route: FuzzRoute, fixture: FuzzFixture): FuzzRequest[] {
  const base = baseRequest(route, fixture)
  const bodySchema = route.schema?.body
  const requests: FuzzRequest[] = []
  if (bodySchema && base.body?.kind === 'json') {
    for (const edit of fieldEdits(bodySchema, base.body.value)) {
      const body = editBody(base.body, edit)
      if (body) requests.push({ ...base, label: `body ${edit.label}`, body })
    }
    requests.push({ ...base, label: 'no body', body: undefined })
  }
  if (takesBody(route.method)) {
    const baseValue = base.body?.kind === 'json' ? base.body.value : undefined
    for (const body of rawBodies(baseValue, route.bodyLimit))
      requests.push({ ...base, label: bodyLabel(body), body })
  }
  for (const name of Object.keys(base.params)) {
    for (const value of MALFORMED_IDS) {
      requests.push({
        ...base,
        label: `path ${name} = ${describeValue(value)}`,
        params: { ...base.params, [name]: value },
        paramEdit: name,
      })
    }
  }
  requests.push({ ...base, label: 'no session key', identity: 'none' })
  requests.push({ ...base, label: 'the member without capabilities', identity: 'member' })
  for (const form of Object.keys(SESSION_FORMS) as SessionForm[]) {
    if (form !== 'plain') requests.push({ ...base, label: SESSION_FORMS[form], session: form })
  }
  for (const { label, edit } of queryEdits(route.schema?.querystring)) {
    requests.push({ ...base, label, query: edit(base.query) })
  }
  return requests.filter((request) => isSendable(route, request))
}

/** The value drawn `weight` times in four, null otherwise. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 4 - weight, arbitrary: fc.constant(null) }, { weight, arbitrary })

/**
 * Requests drawn by fast-check: an identity and a session form, up to three of the single body edits at
 * once, arbitrary JSON at a field or as the whole body, and at times a path or query malformation.
 */
export function drawnRequests(
  route: FuzzRoute,
  fixture: FuzzFixture,
  seed: number,
  count: number,
): FuzzRequest[] {
  const base = baseRequest(route, fixture)
  const bodySchema = route.schema?.body
  const baseBody = base.body?.kind === 'json' ? base.body.value : undefined
  const edits = bodySchema && baseBody !== undefined ? fieldEdits(bodySchema, baseBody) : []
  const paths = baseBody === undefined ? [] : fieldPaths(baseBody)
  const params = Object.keys(base.params)
  const query = queryEdits(route.schema?.querystring)
  const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>

  const draw = fc.record({
    identity: fc.constantFrom<Identity>('admin', 'admin', 'member', 'none'),
    session: fc.oneof(
      { weight: 3, arbitrary: fc.constant<SessionForm>('plain') },
      { weight: 1, arbitrary: fc.constantFrom(...(Object.keys(SESSION_FORMS) as SessionForm[])) },
    ),
    bodyEdits: edits.length > 0 ? fc.subarray(edits, { maxLength: 3 }) : fc.constant([]),
    randomField:
      paths.length > 0 ? sometimes(fc.tuple(fc.constantFrom(...paths), json), 2) : fc.constant(null),
    wholeBody: takesBody(route.method) ? sometimes(json, 1) : fc.constant(null),
    paramEdit:
      params.length > 0
        ? sometimes(fc.tuple(fc.constantFrom(...params), fc.constantFrom(...MALFORMED_IDS)), 1)
        : fc.constant(null),
    queryEdit: query.length > 0 ? sometimes(fc.constantFrom(...query), 1) : fc.constant(null),
  })

  return fc.sample(draw, { seed, numRuns: count }).flatMap((drawn) => {
    const labels: string[] = []
    let body = base.body
    for (const edit of drawn.bodyEdits) {
      const edited = editBody(body, edit)
      if (edited) {
        body = edited
        labels.push(`body ${edit.label}`)
      }
    }
    if (drawn.randomField) {
      const [path, value] = drawn.randomField
      const edited = editBody(body, { path, change: { set: value }, label: '' })
      if (edited) {
        body = edited
        labels.push(`body ${pathText(path) || '(whole body)'} = ${describeValue(value)}`)
      }
    }
    if (drawn.wholeBody !== null) {
      body = { kind: 'json', value: drawn.wholeBody }
      labels.push(`body ${describeValue(drawn.wholeBody)}`)
    }
    const request: FuzzRequest = { ...base, identity: drawn.identity, session: drawn.session, body }
    if (drawn.identity !== 'admin') labels.push(drawn.identity === 'none' ? 'no session key' : 'the member')
    if (drawn.identity !== 'none' && drawn.session !== 'plain') labels.push(SESSION_FORMS[drawn.session])
    if (drawn.paramEdit) {
      const [name, value] = drawn.paramEdit
      request.params = { ...base.params, [name]: value }
      request.paramEdit = name
      labels.push(`path ${name} = ${describeValue(value)}`)
    }
    if (drawn.queryEdit) {
      request.query = drawn.queryEdit.edit(base.query)
      labels.push(drawn.queryEdit.label)
    }
    request.label = `drawn: ${labels.join('; ') || 'valid'}`
    return isSendable(route, request) ? [request] : []
  })
}
