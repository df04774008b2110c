import { atom, computed, onMount } from 'nanostores'
import { $storage } from '../runtime/index.ts'
import { $session } from '../stores/index.ts'

/**
 * Lottery favourites, kept on the device under the local key `LOTTFAV` (SPEC §3): one list of game
 * codes per username, so two members sharing a browser keep their own. Guests have none.
 * @module
 */

type ByUser = Record<string, string[]>

const read = (): ByUser => {
  const raw = $storage.get().local.get('LOTTFAV')
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {}
  const out: ByUser = {}
  for (const [user, codes] of Object.entries(raw as Record<string, unknown>)) {
    if (Array.isArray(codes)) out[user] = codes.filter((c): c is string => typeof c === 'string')
  }
  return out
}

const $all = atom<ByUser>(read())
onMount($all, () => $storage.listen(() => $all.set(read())))

/** The signed-in member's favourite lottery game codes (empty for a guest). */
export const $lotteryFavourites = computed([$all, $session], (all, session): ReadonlySet<string> => new Set(session.account ? (all[session.account] ?? []) : []))

/**
 * Adds or removes a game from the signed-in member's favourites; a guest's call changes nothing.
 * @returns whether the game is a favourite afterwards
 */
export function toggleLotteryFavourite(gameCode: string): boolean {
  const user = $session.get().account
  if (!user) return false
  const all = read()
  const mine = all[user] ?? []
  const next = mine.includes(gameCode) ? mine.filter((c) => c !== gameCode) : [...mine, gameCode]
  const updated = { ...all, [user]: next }
  $storage.get().local.set('LOTTFAV', updated)
  $all.set(updated)
  return next.includes(gameCode)
}
