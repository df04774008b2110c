/**
 * A contract endpoint's input: read from the query, a form, JSON or an encrypted body, and checked
 * against the endpoint's request schema from the contract.
 * @module
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { EncryptedBodySchema, encryptedHeader, endpoints, wireQuery, type EndpointKey, type ParsedRequestOf } from '../../sdk/contract/all.ts'
import type { PlatformKeys } from '../auth/rsa.ts'
import { parseJson, queryObject, readBody, readBytes } from './body.ts'
import { BodyTooLarge, Fail, invalid } from './fail.ts'

type EndpointDef = (typeof endpoints)[EndpointKey]

/**
 * Reads and validates the input of endpoint `key`: the contract's request schema decides what is
 * accepted, and text holding a NUL character is refused too.
 * @throws Fail('validation_failed') naming the offending fields (413 for an oversized body)
 */
export async function inputOf<K extends EndpointKey>(c: Context, key: K, deps: { keys: PlatformKeys; now: () => number }): Promise<ParsedRequestOf<K>> {
  const ep = endpoints[key]
  const raw = await readInput(c, ep, deps)
  const parsed = v.safeParse(ep.request, raw)
  if (!parsed.success) throw invalid(parsed.issues)
  const nul = fieldWithNul(parsed.output)
  if (nul !== null) throw new Fail('validation_failed', 'Text may not contain NUL characters', { fields: { [nul || 'body']: 'err_field_invalid' } })
  return parsed.output as ParsedRequestOf<K>
}

async function readInput(c: Context, ep: EndpointDef, deps: { keys: PlatformKeys; now: () => number }): Promise<unknown> {
  if (ep.method === 'GET') {
    // The wire values a public read may carry in its query (read by contextOf) are not the input.
    const query = queryObject(new URL(c.req.url).searchParams)
    for (const name of Object.values(wireQuery)) delete query[name]
    return query
  }
  if ('binary' in ep && ep.binary) {
    // A file's bytes: the rest of the input is in the query. A chunked upload is not buffered past the limit.
    const { field, maxBytes, tooLarge } = ep.binary
    const refuse = () => new BodyTooLarge(`The file is larger than ${maxBytes / 1024 / 1024} MB.`, { [field]: tooLarge })
    if (Number(c.req.header('content-length') ?? '0') > maxBytes) throw refuse()
    const bytes = await readBytes(c.req.raw, maxBytes)
    if (!bytes) throw refuse()
    return { ...queryObject(new URL(c.req.url).searchParams), [field]: bytes }
  }
  const text = await readBody(c.req.raw)
  const type = c.req.header('content-type') ?? ''
  if ('encrypt' in ep && ep.encrypt) {
    if (c.req.header(encryptedHeader) !== '1') throw new Fail('validation_failed', `This call must be encrypted (header ${encryptedHeader}: 1).`)
    const sealed = v.safeParse(EncryptedBodySchema, parseJson(text))
    if (!sealed.success) throw invalid(sealed.issues)
    try {
      return await deps.keys.open(sealed.output, deps.now())
    } catch (err) {
      if (err instanceof Fail) throw err
      throw new Fail('validation_failed', 'The encrypted body could not be opened.')
    }
  }
  if ('form' in ep && ep.form && !type.includes('json')) return queryObject(new URLSearchParams(text))
  return text.trim() === '' ? {} : parseJson(text)
}

/**
 * Name of the first field holding a NUL character ('' for the root), or null. PostgreSQL text cannot
 * store NUL, so such input is refused up front as invalid rather than failing in the database.
 */
function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  // A file's bytes are not text.
  if (ArrayBuffer.isView(value)) return null
  if (value && typeof value === 'object') {
    for (const [k, inner] of Object.entries(value)) {
      const hit = fieldWithNul(inner, path ? `${path}.${k}` : k)
      if (hit !== null) return hit
    }
  }
  return null
}
