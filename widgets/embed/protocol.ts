/**
 * The messages between an `lk-register`/`lk-login` element and its frame on the brand origin. Both
 * sides post only to the other's exact origin and accept only from it (and from the expected
 * window): never `'*'`.
 * @module
 */

/** Path of a frame on the brand origin. */
export const framePath = (kind: FrameKind): string => `/embed/v1/frame/${kind}`
/** Path of the brand site's page that trades a handoff code for a session. */
export const handoffPath = '/embed/v1/frame/handoff'

export type FrameKind = 'register' | 'login'

/**
 * What a frame tells its element. A chosen username is all the partner page ever learns of the
 * member: an account named by its mobile number is told without it ({@link memberOf}).
 */
export type FrameMessage =
  | { lobbykit: 1; type: 'resize'; height: number }
  | { lobbykit: 1; type: 'registered'; method: 'username' | 'mobile'; username?: string }
  | { lobbykit: 1; type: 'login'; username?: string }
  | { lobbykit: 1; type: 'error'; code: string; message: string }

/**
 * Whether an account name is a mobile number: an account registered by mobile is named by its digits
 * (a chosen username starts with a letter, sdk/contract's username rule).
 */
const isPhoneName = (account: string): boolean => /^\+?[\d\s-]+$/.test(account)

/**
 * What the partner page may learn of the member signed up or in as `account`: the username when the
 * player chose one, else only that the account is a mobile number's.
 */
export function memberOf(account: string): { method: 'username'; username: string } | { method: 'mobile' } {
  return account && !isPhoneName(account) ? { method: 'username', username: account } : { method: 'mobile' }
}

/** Whether `data` is a well-formed {@link FrameMessage} (anything else on the channel is ignored). */
export function isFrameMessage(data: unknown): data is FrameMessage {
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, 'lobbykit')) return false
  const m = data as Record<string, unknown>
  if (m.lobbykit !== 1) return false
  if (m.type === 'resize') return typeof m.height === 'number' && Number.isFinite(m.height)
  // A username that is a phone number is refused here too: it would reach the partner page.
  const username = m.username === undefined || (typeof m.username === 'string' && m.username !== '' && !isPhoneName(m.username))
  if (m.type === 'registered') return (m.method === 'mobile' && m.username === undefined) || (m.method === 'username' && typeof m.username === 'string' && username)
  if (m.type === 'login') return username
  if (m.type === 'error') return typeof m.code === 'string' && typeof m.message === 'string'
  return false
}

/**
 * What the frame that asked for a handoff code tells the tab it opened on the brand site: the code's
 * verifier (the browser binding, sdk/contract/handoff.ts) and whose code it is. Posted only to the
 * brand origin (the frame's own), and the tab answers `handoff-received` to the frame's window only.
 */
export type HandoffMessage = { lobbykit: 1; type: 'handoff'; code: string; verifier: string; username: string } | { lobbykit: 1; type: 'handoff-received'; code: string }

/** Whether `data` is a well-formed {@link HandoffMessage}. */
export function isHandoffMessage(data: unknown): data is HandoffMessage {
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, 'lobbykit')) return false
  const m = data as Record<string, unknown>
  if (m.lobbykit !== 1 || typeof m.code !== 'string') return false
  if (m.type === 'handoff') return typeof m.verifier === 'string' && typeof m.username === 'string'
  return m.type === 'handoff-received'
}

/** The design tokens (`--lk-<name>`) a partner's page may set, which the frames take over too. */
export const tokenNames = ['font', 'radius', 'bg', 'surface', 'surface-2', 'text', 'text-muted', 'border', 'primary', 'primary-text', 'accent', 'danger', 'focus'] as const

/** What an element tells its frame: the partner's values of the {@link tokenNames} (the others are the brand's). */
export type HostMessage = { lobbykit: 1; type: 'appearance'; tokens: Record<string, string> }

/**
 * Whether `value` may be a token's value in a frame: a colour, length or font list, never a way to
 * load something (`url(`, `image-set(`) or to leave the declaration.
 */
export const isSafeTokenValue = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 && !/[;{}<>\\@]|url\s*\(|image|src\s*\(|expression/i.test(value)

/** The well-formed, safe tokens of `data` when it is a {@link HostMessage}, else `null`. */
export function appearanceOf(data: unknown): Record<string, string> | null {
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, 'lobbykit')) return null
  const m = data as Record<string, unknown>
  if (m.lobbykit !== 1 || m.type !== 'appearance' || typeof m.tokens !== 'object' || m.tokens === null) return null
  const tokens = m.tokens as Record<string, unknown>
  const out: Record<string, string> = {}
  for (const name of tokenNames) if (Object.hasOwn(tokens, name) && isSafeTokenValue(tokens[name])) out[name] = tokens[name]
  return out
}
