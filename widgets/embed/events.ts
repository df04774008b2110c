/**
 * The events every `lk-*` element sends: one `lk:` prefix, bubbling and composed (they leave the
 * shadow root), typed for `addEventListener` through `HTMLElementEventMap`.
 * @module
 */

/** `lk:ready`: the element has rendered for the first time. */
export interface LkReadyDetail {
  /** Tag of the element (`lk-games`). */
  tag: string
  /** Version of the embed bundle. */
  version: string
}

/**
 * `lk:registered`: a player signed up inside the brand's frame. A sign-up by username tells that
 * username; a sign-up by mobile number tells only the method (the account is named by the number,
 * and a phone number never reaches the partner page). Credentials and tokens never do either.
 */
export type LkRegisteredDetail = { method: 'username'; username: string } | { method: 'mobile' }

/**
 * `lk:login`: a player signed in inside the brand's frame. `username` is left out for an account named
 * by its mobile number (one registered by mobile): a phone number never reaches the partner page.
 */
export interface LkLoginDetail {
  username?: string
}

/** `lk:launch`: a game was picked; cancel the event to open it yourself. */
export interface LkLaunchDetail {
  /** The game's node id (a lottery game from `lk-lottery`: its game code). */
  nodeId: string
  gameName: string
  /** The brand site's address that opens the game (the affiliate code included). */
  url: string
}

/** `lk:error`: something the player notices failed (a list did not load, a frame did not answer). */
export interface LkErrorDetail {
  /** A snake_case code (`network_error`, `chunk_load`, the platform's codes). */
  code: string
  /** A message in the element's language. */
  message: string
}

/** `lk:resize`: a frame element changed height to fit its content (no inner scroll bars). */
export interface LkResizeDetail {
  height: number
}

/** Every `lk:` event and its detail. */
export interface LkEventMap {
  'lk:ready': CustomEvent<LkReadyDetail>
  'lk:registered': CustomEvent<LkRegisteredDetail>
  'lk:login': CustomEvent<LkLoginDetail>
  'lk:launch': CustomEvent<LkLaunchDetail>
  'lk:error': CustomEvent<LkErrorDetail>
  'lk:resize': CustomEvent<LkResizeDetail>
}

declare global {
  interface HTMLElementEventMap extends LkEventMap {}
  interface GlobalEventHandlersEventMap extends LkEventMap {}
}

/**
 * Dispatches a typed `lk:` event from `target`; returns false when a listener cancelled it.
 * @example emit(this, 'lk:error', { code: 'network_error', message })
 */
export function emit<K extends keyof LkEventMap>(target: EventTarget, name: K, detail: LkEventMap[K]['detail'], cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }))
}
