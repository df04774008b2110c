/**
 * What the dev-only admin routes (absent in production) share: their JSON body checked by a schema,
 * and the envelope around what they answer. Called by hand and by tests, so a bad body says what
 * was expected.
 * @module
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { parseJson, readBody } from './body.ts'
import { Fail, failResponse, invalid } from './fail.ts'
import { reportError } from './report.ts'

/**
 * The request's JSON body (an empty one as `{}`) checked by `schema`. A bad body is `validation_failed`
 * naming its fields, with `expected` as the message, else the first issues of each field.
 */
export async function adminBody<S extends v.GenericSchema>(c: Context, schema: S, expected?: string): Promise<v.InferOutput<S>> {
  const text = await readBody(c.req.raw)
  const parsed = v.safeParse(schema, text.trim() ? parseJson(text) : {})
  if (parsed.success) return parsed.output
  const { fields } = invalid(parsed.issues)
  const why = parsed.issues.slice(0, 5).map((i) => `${v.getDotPath(i) ?? 'body'}: ${i.message}`)
  throw new Fail('validation_failed', expected ?? `Invalid request: ${why.join('; ')}.`, { fields })
}

/**
 * A dev admin route answering what `fn` returns in the success envelope; a `Fail` is answered as
 * itself, anything else is logged as `what` failed and answered `server_error`.
 */
export const adminRoute =
  (what: string, fn: (c: Context) => Promise<unknown>) =>
  async (c: Context): Promise<Response> => {
    try {
      return c.json({ success: true, code: 'ok', message: '', value: await fn(c) })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err)
      reportError(c, what, err)
      return failResponse(c, new Fail('server_error'))
    }
  }
