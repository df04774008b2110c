/**
 * The one guard of every admin route (`/sandbox/admin/*`): a call that changes something must say
 * `Content-Type: application/json`. A cross-site page can POST `text/plain` or a form without asking
 * first, but not JSON (that needs a CORS preflight this server never grants for these routes), so a
 * page on another site cannot approve a withdrawal or run a pay run in a signed-in admin's browser.
 * @module
 */
import type { Context, Next } from 'hono'
import { Fail, failResponse } from './fail.ts'

/** Whether the request says it carries JSON (`application/json`, parameters allowed). */
export const isJson = (c: Context): boolean => /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')

/** Path pattern of the routes {@link jsonOnly} guards. */
export const adminRoutes = '/sandbox/admin/*'

/**
 * Middleware: answers 415 (`validation_failed`) to any non-GET, non-HEAD request that is not JSON,
 * before the route runs. Mounted once for {@link adminRoutes} (sandbox/app.ts).
 */
export async function jsonOnly(c: Context, next: Next): Promise<Response | undefined> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || isJson(c)) {
    await next()
    return undefined
  }
  return failResponse(c, new Fail('validation_failed', 'Send the request as application/json.'), 415)
}
