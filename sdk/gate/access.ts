/**
 * The login-only access rule (SPEC §2): when the whitelabel flag LOGINONLY3 is on, every route except
 * these goes to /login without a session token.
 * @module
 */
import { pages } from '../pages/index.ts'

/** Routes a guest may open even when the site is login-only. */
export const publicRoutes = [pages.login, pages.register, pages.registerHtml, pages.helpmc, pages.download] as const

/** localStorage key caching `{ loginOnly, systemStatus }` of the last status reply (read before first paint). */
export const statusCacheKey = 'lk_status'

/** The summary of a status reply that access turns on, cached under {@link statusCacheKey}. */
export interface CachedStatus {
  loginOnly: boolean
  /** 0 open, 1 maintenance, 2 region block. */
  systemStatus: number
}

/** Where a visitor goes: the page, the status page (maintenance, region block), /login, or nowhere yet (`error`: unknown and possibly closed). */
export type Access = 'app' | 'maintenance' | 'blocked' | 'login' | 'error'

/**
 * The login-only rule and the status page's hold, for a visitor who is a guest on a protected route
 * (`guarded`) given the status summary (`null`: none known). The head script runs it before first
 * paint and the status gate after; it names nothing outside itself, as the head script carries its
 * source text. Without any status, a guarded route stays closed: a login-only site shows no protected
 * content first (SPEC §2).
 */
export function accessOf(guarded: boolean, summary: CachedStatus | null): Access {
  if (summary && summary.systemStatus === 1) return 'maintenance'
  if (summary && summary.systemStatus === 2) return 'blocked'
  if (!guarded) return 'app'
  if (!summary) return 'error'
  return summary.loginOnly ? 'login' : 'app'
}

/** The route of a pathname without the language prefix and trailing slash (`/es/help/` → `/help`). */
export function routeOf(pathname: string, languages: readonly string[]): string {
  let path = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '') || '/'
  for (const lang of languages) {
    if (path === `/${lang}`) return '/'
    if (path.startsWith(`/${lang}/`)) path = path.slice(lang.length + 1)
  }
  return path
}

/** Whether a guest may see `route` when the site is login-only. */
export const isPublicRoute = (route: string): boolean => (publicRoutes as readonly string[]).includes(route)

/**
 * The window property a page sets once it is on its way to /login (the head script, or
 * `leaveForLogin` in ./index.ts): the two decide from the same status call, and the second
 * `location.replace` would cancel the first navigation.
 */
export const leavingKey = 'lkLeaving'
