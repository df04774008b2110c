import { ApiError, toApiError } from '../client/index.ts'
import { guard } from '../guard/index.ts'
import { $locale } from '../i18n/index.ts'
import { lotteryApi } from './api.ts'
import { gamePageHref, launchAddress, launchCdns } from '../games/launch.ts'
import type { PrizeMode } from '../games/menus.ts'

/**
 * Opening a lottery game through the lottery launcher (SPEC §7: lottoArea VN, launchMode LOTT, prize
 * mode, game code, view, device, back address, language), behind the same login and real-account
 * guards as other games. Loaded when a player first opens a game.
 * @module
 */

/** Where to go after {@link launchLottery}. */
export type LotteryLaunch = { kind: 'navigate'; href: string } | { kind: 'blocked'; reason: 'login' | 'trial' } | { kind: 'error'; error: ApiError }

/**
 * Launches a lottery game. Never throws.
 * @param backUrl - where the game's back button returns (this lobby's address)
 */
export async function launchLottery(p: { gameCode: string; prizeMode: PrizeMode; view: 'betting' | 'lobby'; backUrl: string }): Promise<LotteryLaunch> {
  const login = guard('play')
  if (!login.ok) return { kind: 'blocked', reason: login.reason }
  const real = guard('real')
  if (!real.ok) return { kind: 'blocked', reason: real.reason }
  try {
    const { content } = await lotteryApi('lotteryLaunch', {
      lottoArea: 'VN',
      launchMode: 'LOTT',
      prizeMode: p.prizeMode,
      gameCode: p.gameCode,
      view: p.view,
      device: 'WEB',
      backUrl: p.backUrl,
      language: $locale.get(),
    })
    await launchCdns()
    const address = launchAddress(content)
    if (!address) return { kind: 'error', error: new ApiError('bad_reply', { message: 'No launch CDN for the lottery address' }) }
    return { kind: 'navigate', href: gamePageHref(address) }
  } catch (error) {
    const failure = toApiError(error)
    if (failure.code === 'session_expired' || failure.code === 'unauthorized') return { kind: 'blocked', reason: 'login' }
    if (failure.code === 'trial_account') return { kind: 'blocked', reason: 'trial' }
    return { kind: 'error', error: failure }
  }
}
