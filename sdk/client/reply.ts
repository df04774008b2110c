import * as v from 'valibot'
import { ErrorEnvelopeSchema, envelope, type ApiCode } from '../contract/index.ts'
import { ApiError } from './errors.ts'
import type { RawReply } from './transport.ts'

const hardened = new WeakSet<object>()

/**
 * Gives the schema's object entries no prototype, recursively. valibot walks `entries` with
 * `for…in`, so on a page whose Object.prototype was polluted (`Object.prototype.x = 1`, seen on
 * embedding hosts) every reply failed its schema; entries without a prototype have only their own keys.
 */
function harden(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null || hardened.has(schema)) return
  hardened.add(schema)
  const node = schema as Record<string, unknown>
  for (const key of ['entries', 'item', 'wrapped', 'options', 'pipe', 'rest', 'key', 'value', 'items'] as const) {
    if (!Object.hasOwn(node, key)) continue
    const child = node[key]
    if (key === 'entries' && typeof child === 'object' && child !== null) {
      if (Object.getPrototypeOf(child) !== null) Object.setPrototypeOf(child, null)
      for (const entry of Object.values(child)) harden(entry)
    } else if (Array.isArray(child)) child.forEach(harden)
    else harden(child)
  }
}

const codeForStatus = (status: number): ApiCode | undefined => (status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : undefined)

/**
 * Turns a raw reply into the validated `value`, or throws an {@link ApiError}. Nothing leaves here
 * unvalidated: malformed JSON, an HTML page or a value off-schema is `bad_reply` (unless the HTTP
 * status already says rate limiting or a server failure).
 */
export function readReply<S extends v.GenericSchema>(reply: RawReply, schema: S): v.InferOutput<S> {
  const { status } = reply
  let body: unknown
  try {
    body = JSON.parse(reply.text)
  } catch (cause) {
    throw new ApiError(codeForStatus(status) ?? 'bad_reply', { status, cause, message: 'reply is not JSON' })
  }

  harden(ErrorEnvelopeSchema)
  const failed = v.safeParse(ErrorEnvelopeSchema, body)
  if (failed.success) {
    const { code, message, fields, value } = failed.output
    throw new ApiError(code === 'ok' ? (codeForStatus(status) ?? 'bad_reply') : code, { status, message, fields, value })
  }

  if (status < 200 || status >= 300) {
    throw new ApiError(codeForStatus(status) ?? 'bad_reply', { status, message: `HTTP ${status} without an error envelope` })
  }
  const expected = envelope(schema)
  harden(expected)
  const ok = v.safeParse(expected, body)
  if (!ok.success || ok.output.code !== 'ok') {
    const issues = ok.success ? [] : ok.issues
    const where = issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`).slice(0, 3)
    throw new ApiError('bad_reply', { status, message: `reply does not match its schema ${where.join('; ')}`, cause: issues })
  }
  return ok.output.value as v.InferOutput<S>
}
