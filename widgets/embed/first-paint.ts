/**
 * An element's first paint from HTML, the part the brand's server and the browser
 * share: which elements have one, the attributes it is rendered for, the data sent beside the HTML
 * (the platform's replies the element's stores asked for, and the game pictures rendered), the fetch
 * that records those replies on the server and answers them again in the browser (so hydration asks
 * nothing twice), and how `lk-games` loads its first screen before it renders, on both sides.
 * No React DOM and no Lit here: the server bundle (widgets/embed/server.tsx) imports it too.
 * @module
 */
import {
  createGamesPage,
  createGameList,
  classifications,
  electronicTypes,
  gameListSources,
  hotGames,
  type ElectronicType,
  type GameList,
  type GamesPage,
} from '../../sdk/games/index.ts'
import { $status, keepImageUrl, loadStatus } from '../../sdk/stores/index.ts'
import type { RecordedReply } from '../../sdk/client/replay.ts'

export { recordingFetch, requestKey, seedReplies, replayingFetch, type RecordedReply } from '../../sdk/client/replay.ts'

/** The elements whose first screen the brand's server renders. */
export const firstPaintTags = ['lk-games', 'lk-winners', 'lk-promotions', 'lk-lobby', 'lk-jackpot', 'lk-lottery'] as const
export type FirstPaintTag = (typeof firstPaintTags)[number]
export const hasFirstPaint = (tag: string): tag is FirstPaintTag => (firstPaintTags as readonly string[]).includes(tag)

/** The attributes a first paint depends on, per element (the rest do not change its HTML). */
export const firstPaintAttributes: Record<FirstPaintTag, readonly string[]> = {
  // `small`: not an attribute, the loader's answer to the small-screen query (phones scroll, not page).
  'lk-games': ['game-type', 'vendor', 'page-size', 'small'],
  'lk-winners': [],
  'lk-promotions': [],
  'lk-lobby': ['small'],
  'lk-jackpot': [],
  'lk-lottery': ['game-code', 'vendor', 'play-type', 'view', 'page-size'],
}

/** The message namespaces each first paint shows (the element's own, widgets/embed/define.ts). */
export const firstPaintNamespaces: Record<FirstPaintTag, readonly ('common' | 'lobby' | 'shell' | 'lottery' | 'embed')[]> = {
  'lk-games': ['common', 'lobby'],
  'lk-winners': ['common', 'lobby'],
  'lk-promotions': ['common', 'shell'],
  'lk-lobby': ['common', 'lobby', 'shell'],
  'lk-jackpot': ['common', 'shell'],
  'lk-lottery': ['common', 'lottery', 'embed'],
}

/** What the server sends beside the HTML, and the browser hydrates from. */
export interface FirstPaintData {
  /** The element's text language and the platform data's language. */
  lang: string
  locale: string
  /** The attributes rendered for (see {@link firstPaintAttributes}). */
  attrs: Record<string, string>
  /** Request key ({@link requestKey}) → reply. */
  replies: Record<string, RecordedReply>
  /** Picture path → address rendered as `<img>`. */
  pictures: Record<string, string>
  /** Media query → whether it matched for the render. */
  media: Record<string, boolean>
  /**
   * When the replies were made (epoch ms): `lk-lottery`'s countdowns show the seconds left as of then,
   * and its hydrating render the same (not the browser's moment); they tick once hydrated.
   */
  repliedAt?: number
}

/** A first paint as `/embed/v1/render/<tag>` answers it: the shadow root's HTML and its data; `html` is `''` when there is none to show. */
export interface FirstPaint {
  html: string
  data: FirstPaintData | null
}

/** Makes the pictures the server rendered the addresses the browser asks for those paths (same CDN pick). */
export function keepPictures(pictures: Record<string, string>): void {
  for (const path of Object.keys(pictures)) keepImageUrl(path, pictures[path])
}

/** `lk-games`'s attributes as its first paint takes them; `undefined` for a value the element refuses. */
export interface GamesOptions {
  gameType: ElectronicType
  vendor: string
  pageSize: number
}

/** Reads `lk-games`'s attributes (as the element does); `undefined` when one is a value it refuses. */
export function gamesOptions(attrs: Readonly<Record<string, string | null | undefined>>): GamesOptions | undefined {
  const type = attrs['game-type'] ?? 'RNG'
  if (!(electronicTypes as readonly string[]).includes(type)) return undefined
  const vendor = attrs.vendor ?? ''
  if (!/^[\w-]{0,40}$/.test(vendor)) return undefined
  const size = attrs['page-size'] == null ? 15 : Number(attrs['page-size'])
  if (!Number.isInteger(size) || size < 1 || size > 100) return undefined
  return { gameType: type as ElectronicType, vendor, pageSize: size }
}

/** The stores of one `lk-games`: its list and its page (vendors, opening). */
export interface GamesStores {
  list: GameList
  page: GamesPage
}

/** Makes `lk-games`'s stores (the element and the server render the same). */
export function gamesStores({ gameType, vendor, pageSize }: GamesOptions, list = createGameList(gameListSources, pageSize)): GamesStores {
  return { list, page: createGamesPage({ list, gameType, syncAddress: false, vendor }) }
}

export const noop = () => {}
export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5))

/**
 * Asks for everything `lk-games`'s first screen shows (status for the picture CDNs, menus and
 * vendors, the list's first page, hot games, classifications) and resolves once the replies are in,
 * or after `deadlineMs`.
 * @returns stops listening (after the element's own components listen, or after the render), and
 *   whether every reply was in by the deadline (`settled`)
 */
export async function loadGames(stores: GamesStores, { gameType, vendor }: GamesOptions, deadlineMs = 4000): Promise<Loaded> {
  if (!$status.get().data) void loadStatus()
  const stops = [stores.page.$opened.listen(noop), stores.page.$vendorsLoading.listen(noop), stores.list.$state.listen(noop)]
  const classKey = vendor ? `${gameType}:${vendor}` : gameType
  hotGames.load(gameType)
  classifications.load(classKey)
  const settled = () => {
    const state = stores.list.$state.get()
    const status = $status.get()
    return (
      state.ready &&
      !state.loading &&
      !stores.page.$vendorsLoading.get() &&
      !hotGames.of(gameType).get().loading &&
      !classifications.of(classKey).get().loading &&
      Boolean(status.data || status.error)
    )
  }
  const deadline = Date.now() + deadlineMs
  while (!settled() && Date.now() < deadline) await tick()
  return Object.assign(
    () => {
      for (const stop of stops) stop()
    },
    { settled: settled() },
  )
}

/** What a first paint's loading gives back: stops its listeners; `settled` when every reply was in by the deadline. */
export type Loaded = (() => void) & { settled: boolean }
