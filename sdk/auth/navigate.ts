/** Where the account flows send the browser next. */
export type Navigator = (path: string) => void

let go: Navigator = (path) => {
  if (typeof location !== 'undefined') location.assign(path)
}

/** Sends the browser to a site path (`/`, `/agentHome`). The host serves the page in the saved language. */
export const navigate = (path: string): void => go(path)

/** Replaces the navigator (tests, embeds that route inside the host page). */
export function setNavigator(next: Navigator): void {
  go = next
}
