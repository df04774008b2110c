/**
 * First-party cookies through the same door as the storage areas: reads and writes that never throw
 * (a sandboxed frame without same-origin access throws on `document.cookie`) and do nothing on a server.
 * @module
 */

/** Options of {@link writeCookie}. */
export interface CookieOptions {
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAge: number
  /** Sent only over HTTPS (default: when the page itself is on HTTPS). */
  secure?: boolean
}

/** The cookie jar of the page, or `undefined` where there is none or it may not be touched. */
function jar(): { cookie: string } | undefined {
  if (typeof document === 'undefined') return undefined
  try {
    // Reading is what throws where cookies are off limits.
    void document.cookie
    return document
  } catch {
    return undefined
  }
}

/**
 * The value of cookie `name` (URI-decoded), or `undefined` when it is absent, empty, unreadable or badly encoded.
 * @example readCookie('lk_last_user') // 'demo01'
 */
export function readCookie(name: string): string | undefined {
  const entry = jar()
    ?.cookie.split('; ')
    .find((part) => part.startsWith(`${name}=`))
  if (!entry) return undefined
  try {
    return decodeURIComponent(entry.slice(name.length + 1)) || undefined
  } catch {
    return undefined
  }
}

/**
 * Sets cookie `name` for the whole site (`path=/`, `samesite=lax`), URI-encoded; `undefined` deletes it.
 * Resolves `false` when the page may not set cookies (the choice then lasts only for this page).
 * @example writeCookie('lk_lang', 'es', { maxAge: 31_536_000 })
 */
export function writeCookie(name: string, value: string | undefined, options: CookieOptions): boolean {
  const page = jar()
  if (!page) return false
  const secure = (options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:')) ? '; secure' : ''
  const maxAge = value === undefined ? 0 : options.maxAge
  try {
    page.cookie = `${name}=${value === undefined ? '' : encodeURIComponent(value)}; path=/; max-age=${maxAge}; samesite=lax${secure}`
    return true
  } catch {
    return false
  }
}
