import { atom } from 'nanostores'
import { $storage } from '../runtime/index.ts'
import { quietNow } from '../protect/quiet.ts'
import { readAfterLogin, writeAfterLogin, type AfterLogin } from './modal.ts'

export type { AfterLogin } from './modal.ts'

/** Pending after-login work, or `null`. The auth host runs it on the next page (./welcome.ts `runAfterLogin`). */
export const $afterLogin = atom<AfterLogin | null>(readAfterLogin())
$storage.listen(() => $afterLogin.set(readAfterLogin()))

const set = (next: AfterLogin | null) => {
  writeAfterLogin(next)
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
