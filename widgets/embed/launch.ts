/**
 * Opening a game picked in an embedded list: on the brand site, in a new tab, through the games
 * page's `?nodeId=` launch (which asks the player to log in there when needed), with the affiliate
 * code. Listeners of `lk:launch` may cancel it and open the address themselves.
 * @module
 */
import type { Game } from '../../sdk/contract/index.ts'
import { emit } from './events.ts'
import { reportFunnel } from './funnel.ts'
import { rngTypeHref } from '../../sdk/pages/rng.ts'

/** The brand site's address that launches `game`. */
export function launchAddress(platform: string, game: Pick<Game, 'nodeId' | 'gameType'>, affiliateCode: string): string {
  const url = new URL(rngTypeHref(game.gameType), platform)
  url.searchParams.set('nodeId', game.nodeId)
  if (affiliateCode) url.searchParams.set('affiliateCode', affiliateCode)
  return url.href
}

/** Sends `lk:launch` from `host` and, unless a listener cancelled it, opens the game in a new tab. */
export function launchOnBrand(host: HTMLElement, platform: string, game: Game, affiliateCode: string, subId?: string): void {
  const url = launchAddress(platform, game, affiliateCode)
  reportFunnel('click', affiliateCode, subId, game.nodeId)
  if (emit(host, 'lk:launch', { nodeId: game.nodeId, gameName: game.displayName, url }, true)) window.open(url, '_blank', 'noopener')
}
