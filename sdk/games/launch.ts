/**
 * The launch rules (SPEC §4) and the iframe pages' game address. An entry of its own, not re-exported
 * by `./index.ts`: game lists load it when a card is first opened.
 * @module
 */
import { ApiError, toApiError } from '../client/index.ts'
import { realMoneyGameTypes, type Game, type GameType, type Vendor } from '../contract/index.ts'
import { $guardWarning, guard } from '../guard/index.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/launch.ts'
import { $loginGame, $loginPrompt, $status, launchUrl, loadStatus, setSession } from '../stores/index.ts'
import { safeGameUrl, webPageUrl } from './frame.ts'
import { electronicTypes, lotteryVendors } from './menus.ts'
import { pageHref, pageOf, pages } from '../pages/index.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/launch.ts).
const api = roomApi({ launchGame: core.launchGame, gameInfo: core.gameInfo, launchFB: core.launchFB })

/** The parts of a game the launch rules read (a PvP room supplies only these). */
export type LaunchGame = Pick<Game, 'nodeId' | 'gameType' | 'vassalage' | 'vendor' | 'isGame' | 'gameCode' | 'defaultPlayType'>

/** What a card launches: a game, or a vendor (nav dropdown, hot-game footer, vendor lane). */
export type LaunchTarget = LaunchGame | Vendor

/** What the UI does after {@link launch}: the prompt or warning is already requested when blocked. */
export type LaunchDecision =
  | { kind: 'blocked'; reason: 'login' | 'trial' }
  | { kind: 'navigate'; href: string }
  | { kind: 'popup'; vendor: string; gameType: GameType }
  | { kind: 'error'; error: ApiError }

/** Categories a trial account may not launch (the contract's rule, enforced by the platform too). */
export const realMoneyTypes: readonly GameType[] = realMoneyGameTypes

/** The sports provider with its own page (SPEC §4). */
export const fbVendor = 'FB'

/**
 * The full launch address of a `launchGame` reply: a path relative to a launch CDN (`play/…`) goes on
 * one of the status's `launchGameCDNs`, picked at random each time (SPEC §9); a root-relative path or
 * a full URL is already an address and is used as it is.
 * @returns the address, or `undefined` for a relative path while no launch CDN is known
 */
export function launchAddress(content: string): string | undefined {
  if (content.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(content)) return content
  return ($status.get().data?.launchGameCDNs.length ?? 0) > 0 ? launchUrl(content) : undefined
}

/**
 * The launch CDNs of the system status, loading the status first when this page has not yet (a
 * launch must not run before the list it picks from). Rejects with the status call's error.
 */
export async function launchCdns(): Promise<readonly string[]> {
  const status = $status.get().data ? $status.get() : await loadStatus()
  if (!status.data) throw status.error ?? new ApiError('network_error')
  return status.data.launchGameCDNs
}

/** The launch address of a reply, or the error the caller reports when no CDN can take it. */
async function addressOf(content: string): Promise<string> {
  await launchCdns()
  const address = launchAddress(content)
  if (!address) throw new ApiError('bad_reply', { message: 'A relative launch address came with no launch CDN in the system status' })
  return address
}

/** The route of the iframe game page for a launch address. */
export const gamePageHref = (url: string): string => pageHref.game(url)

const isGame = (target: LaunchTarget): target is LaunchGame => 'nodeId' in target
const vendorOf = (target: LaunchTarget): string => (isGame(target) ? target.vassalage || target.vendor : target.vassalage)
const isElectronic = (type: GameType): boolean => (electronicTypes as readonly GameType[]).includes(type)

/** `/lottery` with gameCode, vendor and playType, each only when present (SPEC §2). */
export function lotteryHref(target: LaunchTarget): string {
  const game = isGame(target) ? target : undefined
  return pageHref.lottery({ gameCode: game?.gameCode, vendor: vendorOf(target), playType: game?.defaultPlayType })
}

const blockedTrial = (): LaunchDecision => {
  $guardWarning.set({ messageKey: 'in_need_true_account', confirmKey: 'in_increase_submit' })
  return { kind: 'blocked', reason: 'trial' }
}

/**
 * Decides where a card leads, by the launch rules of SPEC §4, and fetches the launch address when
 * the game starts directly. Never throws: failures come back as `{ kind: 'error' }`.
 *
 * - no session → login prompt (`blocked: login`);
 * - a vendor of rng, pvp or fish → remembered as the current provider, then its category page;
 * - a lottery vendor's game → `/lottery` (real accounts only);
 * - `isGame: 'VASSALAGE'` (or another vendor) → the vendor's popup game list;
 * - sports by FB → `/fbsports` (real accounts only);
 * - otherwise `/wps/game/launchGame` and the iframe page `/game?url=…`; live, sports, esports,
 *   cockfight and lottery games need a real account, electronic games are free play for trial accounts.
 * @example
 * const next = await launch(game)
 * if (next.kind === 'navigate') location.assign(next.href)
 */
export async function launch(target: LaunchTarget): Promise<LaunchDecision> {
  const login = guard('play')
  if (!login.ok) return { kind: 'blocked', reason: login.reason }
  const vendor = vendorOf(target)
  const type = target.gameType

  if (lotteryVendors.includes(vendor)) {
    const real = guard('real')
    return real.ok ? { kind: 'navigate', href: lotteryHref(target) } : { kind: 'blocked', reason: real.reason }
  }
  if ((type === 'SPORTS' || type === 'ESPORTS') && vendor === fbVendor) {
    const real = guard('real')
    // A product card opens that product; the vendor's own card, the sportsbook.
    return real.ok ? { kind: 'navigate', href: pageHref.fbsports(isGame(target) ? target.nodeId : undefined) } : { kind: 'blocked', reason: real.reason }
  }
  if (!isGame(target)) {
    if (isElectronic(type)) {
      setSession({ gameVendor: vendor })
      return { kind: 'navigate', href: pageHref.vendor(pageOf(type) ?? pages.rng, vendor) }
    }
    return { kind: 'popup', vendor, gameType: type }
  }
  if (target.isGame === 'VASSALAGE') return { kind: 'popup', vendor, gameType: type }
  if (realMoneyTypes.includes(type)) {
    const real = guard('real')
    if (!real.ok) return { kind: 'blocked', reason: real.reason }
  }
  try {
    const { content } = await api('launchGame', { nodeId: target.nodeId, language: $locale.get() })
    return { kind: 'navigate', href: gamePageHref(await addressOf(content)) }
  } catch (error) {
    const failure = toApiError(error)
    if (failure.code === 'trial_account') return blockedTrial()
    // The client already ended the session and asked for a new login.
    if (failure.code === 'session_expired' || failure.code === 'unauthorized') return { kind: 'blocked', reason: 'login' }
    return { kind: 'error', error: failure }
  }
}

/**
 * Names the game in the open login prompt ("Log in to play Ancient Lion"): the game's lookup needs no
 * session. A failed lookup leaves the prompt as it is (the game still opens after the login).
 */
async function nameLoginGame(nodeId: string): Promise<void> {
  try {
    const game = await api('gameInfo', { nodeId, language: $locale.get() })
    if ($loginPrompt.get() === 'required') $loginGame.set(game.displayName)
  } catch {
    // Nothing to name: the prompt asks for the login without the game's name.
  }
}

/**
 * Launches a game that a link names only by its id (a GAME banner leads to `/rng?nodeId=…`): a guest
 * is asked to log in first; otherwise the game is looked up and {@link launch}'s rules apply to it
 * (trial guard, lottery, FB and vendor routing, else the iframe page). Never throws.
 * @example const next = await launchById('PG-0001')
 */
export async function launchById(nodeId: string): Promise<LaunchDecision> {
  const login = guard('play')
  if (!login.ok) {
    // A guest who came for this game (an embed's or a banner's link) gets it after logging in.
    if (login.reason === 'login' && typeof location !== 'undefined') {
      const back = new URL(location.href)
      back.searchParams.set('nodeId', nodeId)
      // Loaded with this rare case only (a guest's link to a game), not with every games page.
      void import('../stores/return-to.ts').then(({ keepReturn }) => keepReturn(`${back.pathname}${back.search}`))
    }
    if (login.reason === 'login') await nameLoginGame(nodeId)
    return { kind: 'blocked', reason: login.reason }
  }
  let game: LaunchGame
  try {
    game = await api('gameInfo', { nodeId, language: $locale.get() })
  } catch (error) {
    return { kind: 'error', error: toApiError(error) }
  }
  return launch(game)
}

/** Where the iframe page takes its game from. */
export type FrameSource = { kind: 'url'; url: string | null } | { kind: 'fb'; nodeId?: string | null } | { kind: 'seamless'; nodeId: string | null }

/** The address the iframe page frames, or why there is none. */
export type FrameAddress = { ok: true; url: string } | { ok: false; reason: 'login' | 'trial' | 'missing' } | { ok: false; reason: 'error'; error: ApiError }

/**
 * Resolves the game address of the iframe pages: `/game?url=…` (framed only on this site or a launch
 * CDN of the system status), `/fbsports` (FB's launch call, real accounts; the address the platform
 * gives) and `/seamless?nodeId=…` (a launch by id, on a launch CDN).
 * @param origin - the page's origin, to resolve relative addresses
 */
export async function frameAddress(source: FrameSource, origin: string): Promise<FrameAddress> {
  if (source.kind === 'url') {
    // This site's own addresses and non-web ones are decided at once; others wait for the launch
    // CDN list (without the status, only this site's own addresses pass).
    const own = safeGameUrl(source.url, origin)
    const url = own ?? (webPageUrl(source.url, origin) ? safeGameUrl(source.url, origin, await launchCdns().catch((): readonly string[] => [])) : undefined)
    return url ? { ok: true, url } : { ok: false, reason: 'missing' }
  }
  if (source.kind === 'seamless' && !source.nodeId) return { ok: false, reason: 'missing' }
  const allowed = guard(source.kind === 'fb' ? 'real' : 'play')
  if (!allowed.ok) return { ok: false, reason: allowed.reason }
  try {
    const language = $locale.get()
    const { content } =
      source.kind === 'fb'
        ? await api('launchFB', source.nodeId ? { language, nodeId: source.nodeId } : { language })
        : await api('launchGame', { nodeId: source.nodeId ?? '', language })
    const address = await addressOf(content)
    const url = source.kind === 'fb' ? webPageUrl(address, origin)?.href : safeGameUrl(address, origin, await launchCdns())
    return url ? { ok: true, url } : { ok: false, reason: 'missing' }
  } catch (error) {
    const failure = toApiError(error)
    if (failure.code === 'trial_account') {
      blockedTrial()
      return { ok: false, reason: 'trial' }
    }
    if (failure.code === 'session_expired' || failure.code === 'unauthorized') return { ok: false, reason: 'login' }
    return { ok: false, reason: 'error', error: failure }
  }
}
