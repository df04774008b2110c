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
