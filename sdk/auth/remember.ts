/**
 * Remember-me: only the last username, in a first-party cookie for 24 hours (SPEC §9). Passwords and
 * codes are never kept anywhere.
 * @module
 */

import { readCookie, writeCookie } from '../storage/index.ts'

/** Cookie holding the remembered username. */
export const rememberCookie = 'lk_last_user'
/** Lifetime of the remembered username, in seconds (24 h). */
export const rememberSeconds = 24 * 60 * 60

/** The remembered username, if any. */
export const rememberedUser = (): string | undefined => readCookie(rememberCookie)

/** Remembers `username` for 24 hours, or forgets it when `username` is undefined. */
export function rememberUser(username: string | undefined): void {
  writeCookie(rememberCookie, username || undefined, { maxAge: rememberSeconds })
}
