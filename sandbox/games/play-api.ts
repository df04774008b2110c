/**
 * The answers of the sandbox games' own play API (the slot and lottery screens on the sandbox "CDN"),
 * in the platform's envelope, and the JSON body of a play request checked by its schema.
 * @module
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { statusOf, type ApiCode } from '../../sdk/contract/all.ts'
import { parseJson, readBody } from '../http/body.ts'
import { BodyTooLarge, Fail } from '../http/fail.ts'
import { playBodyLimit } from '../http/limits.ts'

/** An envelope answer with the status of its code. */
export function envelope(c: Context, code: ApiCode, message: string, value: unknown, fields?: Record<string, string>): Response {
  return c.json({ success: code === 'ok', code, message, value, ...(fields ? { fields } : {}) }, statusOf[code] as 200)
}

/**
 * The request's JSON body as `schema` reads it, or the `validation_failed` answer naming the fields
 * that broke it (`hint` says what to send). The body is read through the limited reader: at most
 * {@link playBodyLimit} bytes (413 beyond, without buffering the rest) and a bounded nesting depth.
 */
export async function playBody<S extends v.GenericSchema>(c: Context, schema: S, hint: string): Promise<{ value: v.InferOutput<S> } | Response> {
  let body: unknown
  try {
    body = parseJson(await readBody(c.req.raw, playBodyLimit))
  } catch (err) {
    if (err instanceof BodyTooLarge) return c.json({ success: false, code: 'validation_failed', message: err.message, value: null }, 413)
    return envelope(c, 'validation_failed', err instanceof Fail ? err.message : 'The body must be JSON', null)
  }
  const parsed = v.safeParse(schema, body)
  if (parsed.success) return { value: parsed.output }
  const fields: Record<string, string> = {}
  for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? 'body'] = 'err_validation_failed'
  return envelope(c, 'validation_failed', hint, null, fields)
}
