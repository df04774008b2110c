/** The message a demo game posts to its parent after each settled round. */
export interface RoundMessage {
  type: 'lk:round'
  /** Balance after the round in minor units, when the game knows it. */
  balance?: number
}

/**
 * Whether a `message` event is a round report this page may trust: exactly from `origin` (the
 * page's own, where the sandbox serves its games) and shaped `{ type: 'lk:round' }`.
 */
export function isRoundMessage(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): event is { origin: string; data: RoundMessage } {
  if (event.origin !== origin) return false
  const data = event.data as { type?: unknown } | null
  return typeof data === 'object' && data !== null && data.type === 'lk:round'
}

/**
 * The game address of `/game?url=…` if it is safe to frame: http(s) only (a `javascript:` or
 * `data:` address would run in this page's origin). Relative addresses resolve against `origin`.
 * @returns the absolute address, or `undefined` when refused
 */
export function safeGameUrl(raw: string | null | undefined, origin: string): string | undefined {
  if (!raw) return undefined
  try {
    const url = new URL(raw, origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}
