import { atom } from 'nanostores'
import { closeLoginPrompt } from '../stores/index.ts'
import { pages } from '../pages/index.ts'
import { $storage } from '../runtime/index.ts'

/** Which account popup is open. */
export type AuthModal = 'login' | 'register' | 'forgot' | 'changePassword'

/** The open account popup, or `null`. The layout's `AuthHost` renders it. */
export const $authModal = atom<AuthModal | null>(null)

/**
 * Why the change-password popup is open: `forced` after a login with a weak, expired or first-time
 * password (it cannot be dismissed), `voluntary` otherwise.
 */
export const $changePasswordMode = atom<'forced' | 'voluntary'>('voluntary')

/**
 * The password just used to log in, held in memory only so a forced change need not ask for it
 * again. Never written to any storage; dropped on close, sign-out and free play. A store, so a
 * change-password form already open (the platform asked for the change while the login was still
 * finishing) stops asking for it once the login hands it over.
 */
export const $knownPassword = atom<string | undefined>(undefined)
// Where a forced change continues to: home, or `/agentHome` after the agent page's login.
let afterChange: string = pages.home

/** Where a popup was opened from: the site header's login popup has a forgot-password icon (SPEC §2). */
export type AuthOrigin = 'header' | null
/** Where the open popup was opened from (see {@link noteAuthOrigin}). */
export const $authOrigin = atom<AuthOrigin>(null)
let clickedIn: AuthOrigin = null

/** Notes where the current click happened (the auth host listens to clicks on their way down), for the popup it may open. */
export const noteAuthOrigin = (origin: AuthOrigin): void => {
  clickedIn = origin
}

/** Opens an account popup (the header's login and register buttons call this); `from`: where, else where the click was. */
export function openAuth(kind: AuthModal, from: AuthOrigin = clickedIn): void {
  if (kind !== 'changePassword') $changePasswordMode.set('voluntary')
  $authOrigin.set(from)
  $authModal.set(kind)
}

/** Closes every account popup and the login prompt. */
export function closeAuth(): void {
  $authModal.set(null)
  closeLoginPrompt()
  if ($changePasswordMode.get() === 'voluntary') forgetPassword()
}

/**
 * Opens the change-password popup that cannot be dismissed, remembering the current password in memory.
 * @param next where the user goes once the password is changed
 */
export function openForcedChange(currentPassword?: string, next: string = pages.home): void {
  $knownPassword.set(currentPassword)
  afterChange = next
  $changePasswordMode.set('forced')
  $authModal.set('changePassword')
}

/** Where to go after a change: the forced change's destination, else home. */
export const changeDestination = (): string => ($changePasswordMode.get() === 'forced' ? afterChange : pages.home)

/** The current password when a forced change already knows it. */
export const knownOldPassword = (): string | undefined => $knownPassword.get()

/** Drops the in-memory password (after a change, sign-out or free play). */
export function forgetPassword(): void {
  $knownPassword.set(undefined)
}

/** Session storage key (sdk/storage) of the after-login flag (./after.ts). */
export const afterLoginKey = 'afterLogin'

/**
 * Whether a login flagged the after-login popup for this page: here, with the popup store every page
 * loads, so the auth host asks without loading the flows that set it (./after.ts).
 */
export const afterLoginPending = (): boolean => ($storage.get().session.get(afterLoginKey) as { popup?: unknown } | undefined)?.popup === true
