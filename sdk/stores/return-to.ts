import { $storage } from '../runtime/index.ts'

/** How long a kept return lasts: a login abandoned and made much later goes home as usual. */
export const returnTtlMs = 30 * 60_000
const key = 'returnTo'

/** Whether `path` is a path of this site (never another origin: `//host`, `/\host`, a scheme). */
const isSitePath = (path: unknown): path is string => typeof path === 'string' && /^\/(?![/\\])/.test(path)

/**
 * Keeps where a login asked for by a protected action should go back to (a game picked by a guest,
 * `/rng/rng?nodeId=…`), in session storage since a login ends with a page change. A path of this
 * site only; anything else is ignored.
 */
export function keepReturn(path: string, now = Date.now()): void {
  if (isSitePath(path)) $storage.get().session.set(key, { path, at: now })
}

/**
 * Where a finished login or registration goes: the kept return (taken, so it is used once) while it
 * is fresh, else `fallback`.
 * @example navigate(takeReturn(pages.home))
 */
export function takeReturn(fallback: string, now = Date.now()): string {
  const session = $storage.get().session
  const kept = session.get(key) as { path?: unknown; at?: number } | undefined
  session.remove(key)
  return kept && isSitePath(kept.path) && now - (kept.at ?? Number.NEGATIVE_INFINITY) <= returnTtlMs ? kept.path : fallback
}
