/**
 * Reading request input: bounded bodies, JSON and query strings without prototype tricks.
 * @module
 */
import { Fail, BodyTooLarge } from './fail.ts'
import { bodyLimit } from './limits.ts'

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

/** JSON.parse that drops `__proto__`/`constructor`/`prototype` keys; malformed JSON → validation_failed. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, (k, val: unknown) => (isDangerousKey(k) ? undefined : val))
  } catch {
    throw new Fail('validation_failed', 'The request body is not valid JSON.')
  }
}

/** Reads a request body as text, refusing more than {@link bodyLimit} bytes (413). */
export async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > bodyLimit) throw new BodyTooLarge()
  const bytes = await readBytes(req, bodyLimit)
  if (!bytes) throw new BodyTooLarge()
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
