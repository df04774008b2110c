/** Where the account flows send the browser next. */
export type Navigator = (path: string) => void

let leaving = false

/** Whether `path` loads another document than this one (not only a different fragment of it). */
function changesPage(path: string): boolean {
  const next = new URL(path, location.href)
  return next.pathname !== location.pathname || next.search !== location.search || next.hash === ''
}

let go: Navigator = (path) => {
  if (typeof location === 'undefined') return
  // This page is being replaced: work meant for "the next page" (the after-login popups) waits for it.
  if (changesPage(path)) leaving = true
  location.assign(path)
}

/** Sends the browser to a site path (`/`, `/agentHome`). The host serves the page in the saved language. */
export const navigate = (path: string): void => go(path)

/**
 * Whether this page has sent the browser to another one (a login or a password change ends so): what
 * is kept for the next page must not be started, and used up, here in the moment before it unloads.
 */
export const pageIsLeaving = (): boolean => leaving

/** Replaces the navigator (tests, embeds that route inside the host page). */
export function setNavigator(next: Navigator): void {
  go = next
}
