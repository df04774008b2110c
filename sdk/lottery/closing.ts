import type { LotteryGame, LotteryMenus } from './filters.ts'
import { secondsLeft } from './lobby.ts'

/** Draws the home page lists as closing soon. */
export const closingSoonCount = 4

/**
 * The open draws of `menus` that close first: each game once (a game listed under several tags or
 * prize modes is one draw), soonest first, none already closed at `now`.
 * @param fetchedAt - epoch ms when the menus arrived (their `remainTime` counts from then)
 * @example closingSoon(menus, fetchedAt, Date.now()) // the four draws to bet on before they close
 */
export function closingSoon(menus: LotteryMenus, fetchedAt: number, now: number, count = closingSoonCount): LotteryGame[] {
  const seen = new Set<string>()
  const open: LotteryGame[] = []
  for (const menu of menus)
    for (const game of menu.gameMenus) {
      if (seen.has(game.gameCode) || secondsLeft(game.remainTime, fetchedAt, now) <= 0) continue
      seen.add(game.gameCode)
      open.push(game)
    }
  return open.sort((a, b) => a.remainTime - b.remainTime).slice(0, count)
}
