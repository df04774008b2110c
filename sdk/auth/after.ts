import { atom } from 'nanostores'
import { $storage } from '../runtime/index.ts'
import { quietNow } from '../protect/quiet.ts'

/**
 * What the next page shows after a login: the after-login popup and, on a member's very first login,
 * the first-login welcome. Kept in session storage because a login ends with a page change.
 */
export interface AfterLogin {
  popup: boolean
  firstLogin: boolean
}

const key = 'afterLogin'
const read = (): AfterLogin | null => {
  const value = $storage.get().session.get(key) as Partial<AfterLogin> | undefined
  return value && typeof value === 'object' ? { popup: value.popup === true, firstLogin: value.firstLogin === true } : null
}

/** Pending after-login work, or `null`. The auth host shows the popup (widgets/auth/AfterLogin.tsx), which calls {@link consumeAfterLogin}. */
export const $afterLogin = atom<AfterLogin | null>(read())
$storage.listen(() => $afterLogin.set(read()))

/** Flags the after-login popup (SPEC §4), noting whether this was the first login (the first-login action). */
export function markAfterLogin(firstLogin: boolean): void {
  // No after-login (marketing) popup during a time-out or self-exclusion.
  if (quietNow()) return
  const next = { popup: true, firstLogin: firstLogin || $afterLogin.get()?.firstLogin === true }
  $storage.get().session.set(key, next)
  $afterLogin.set(next)
}

/**
 * Keeps a first login through a forced password change: the popup waits for the change
 * ({@link markAfterLogin} then shows it), the first-login welcome with it.
 */
export function holdFirstLogin(): void {
  const next = { popup: false, firstLogin: true }
  $storage.get().session.set(key, next)
  $afterLogin.set(next)
}

/** Clears the flag once the popup was shown. */
export function consumeAfterLogin(): void {
  $storage.get().session.remove(key)
  $afterLogin.set(null)
}
