import { atom } from 'nanostores'
import { $storage } from '../runtime/index.ts'
import { quietNow } from '../protect/quiet.ts'
import { afterLoginKey } from './modal.ts'

/**
 * What the next page shows after a login: the after-login popup and, on a member's very first login,
 * the first-login welcome. Kept in session storage because a login ends with a page change.
 */
export interface AfterLogin {
  popup: boolean
  firstLogin: boolean
}

/** The stored after-login flag, or `null`. */
export function readAfterLogin(): AfterLogin | null {
  const value = $storage.get().session.get(afterLoginKey) as Partial<AfterLogin> | undefined
  return value && typeof value === 'object' ? { popup: value.popup === true, firstLogin: value.firstLogin === true } : null
}

/** Pending after-login work, or `null`. The auth host runs it on the next page (./welcome.ts `runAfterLogin`). */
export const $afterLogin = atom<AfterLogin | null>(readAfterLogin())
$storage.listen(() => $afterLogin.set(readAfterLogin()))

const set = (next: AfterLogin | null) => {
  if (next) $storage.get().session.set(afterLoginKey, next)
  else $storage.get().session.remove(afterLoginKey)
  $afterLogin.set(next)
}

/** Flags the after-login popup (SPEC §4), noting whether this was the first login (the first-login action). */
export function markAfterLogin(firstLogin: boolean): void {
  // No after-login (marketing) popup during a time-out or self-exclusion.
  if (quietNow()) return
  set({ popup: true, firstLogin: firstLogin || $afterLogin.get()?.firstLogin === true })
}

/**
 * Keeps a first login through a forced password change: the popup waits for the change
 * ({@link markAfterLogin} then flags it), the first-login welcome with it.
 */
export function holdFirstLogin(): void {
  set({ popup: false, firstLogin: true })
}

/** Clears the flag once the after-login work started. */
export function consumeAfterLogin(): void {
  set(null)
}
