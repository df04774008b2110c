/**
 * Reading request input: bounded bodies, JSON and query strings without prototype tricks.
 * @module
 */
import { Fail, BodyTooLarge } from './fail.ts'
import { bodyLimit, jsonDepthLimit } from './limits.ts'

/** First value of each query parameter, in an object with no prototype tricks. */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, val] of params) {
    if (isDangerousKey(k) || Object.hasOwn(out, k)) continue
    out[k] = val
  }
  return out
}

const isDangerousKey = (k: string) => k === '__proto__' || k === 'constructor' || k === 'prototype'

/**
 * How deep arrays and objects nest in JSON text, counted in one pass (strings skipped), stopping as
 * soon as `max` is passed: a deeply nested body is refused before JSON.parse and the reviver walk it.
 */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 92)
        i++ // backslash: skip the escaped character
      else if (ch === 34) inString = false
    } else if (ch === 34) inString = true
    else if (ch === 123 || ch === 91) {
      if (++depth > max) return true
    } else if (ch === 125 || ch === 93) depth--
  }
  return false
}

/**
 * JSON.parse that drops `__proto__`/`constructor`/`prototype` keys; malformed JSON, or JSON nested
 * deeper than `maxDepth`, → validation_failed.
 */
export function parseJson(text: string, maxDepth = jsonDepthLimit): unknown {
  if (jsonDepthOver(text, maxDepth)) throw new Fail('validation_failed', `The request body nests deeper than ${maxDepth} levels.`)
  try {
    return JSON.parse(text, (k, val: unknown) => (isDangerousKey(k) ? undefined : val))
  } catch {
    throw new Fail('validation_failed', 'The request body is not valid JSON.')
  }
}

/**
 * Reads a request body as text, refusing more than `max` bytes (413): a declared length over it is
 * refused before reading, a streamed body as soon as it passes it. Every body the sandbox reads
 * comes through here or {@link readBytes}.
 */
export async function readBody(req: Request, max = bodyLimit): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > max) throw new BodyTooLarge(max)
  const bytes = await readBytes(req, max)
  if (!bytes) throw new BodyTooLarge(max)
  return new TextDecoder().decode(bytes)
}

/** A request body's bytes, or null as soon as they pass `max` (a chunked upload is not buffered whole). */
export async function readBytes(req: Request, max: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array()
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return new Uint8Array(Buffer.concat(chunks))
}
