/**
 * Remember-me: only the last username, in a first-party cookie for 24 hours (SPEC §9). Passwords and
 * codes are never kept anywhere.
 * @module
 */

/** Cookie holding the remembered username. */
export const rememberCookie = 'lk_last_user'
/** Lifetime of the remembered username, in seconds (24 h). */
export const rememberSeconds = 24 * 60 * 60

const readCookie = (name: string): string | undefined => {
  if (typeof document === 'undefined') return undefined
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  if (!entry) return undefined
  try {
    return decodeURIComponent(entry.slice(name.length + 1)) || undefined
  } catch {
    return undefined
  }
}

/** The remembered username, if any. */
export const rememberedUser = (): string | undefined => readCookie(rememberCookie)

/** Remembers `username` for 24 hours, or forgets it when `username` is undefined. */
export function rememberUser(username: string | undefined): void {
  if (typeof document === 'undefined') return
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : ''
  document.cookie = username
    ? `${rememberCookie}=${encodeURIComponent(username)}; path=/; max-age=${rememberSeconds}; samesite=lax${secure}`
    : `${rememberCookie}=; path=/; max-age=0; samesite=lax${secure}`
}
