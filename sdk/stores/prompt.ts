import { atom } from 'nanostores'

/** Why the login popup is open: a protected action needs a login, or the session ended. */
export type LoginPromptReason = 'required' | 'expired'

/** The UI shows the login popup while this is set. */
export const $loginPrompt = atom<LoginPromptReason | null>(null)

/**
 * The game a guest picked before being asked to log in (its display name), while the prompt is open:
 * the form says "Log in to play <game>", and the game opens after the login (sdk/games `launchById`).
 */
export const $loginGame = atom<string | null>(null)

/**
 * Set while the platform says this session must change its password before anything else:
 * the UI keeps the change-password popup open, on any page, after a reload and in a new tab.
 */
export const $passwordChangeRequired = atom(false)

/** Asks the UI to show the login popup. */
export const openLoginPrompt = (reason: LoginPromptReason = 'required'): void => {
  $loginGame.set(null)
  $loginPrompt.set(reason)
}

/** Closes the login popup. */
export const closeLoginPrompt = (): void => {
  $loginPrompt.set(null)
  $loginGame.set(null)
}
