/**
 * The server's first paint of the public elements: the element's first screen as
 * HTML rendered by the same React components the element hydrates, from the data the element would
 * fetch, with that data beside it. Built on its own (`scripts/build-embed.ts`, Vite SSR) into
 * `dist/embed/server/render.js`, which the brand's host loads from disk (sandbox/host.ts), so the
 * sandbox imports no widget source. The stores are this bundle's singletons: renders run one at a
 * time, each on a fresh client and storage, with every cached reply dropped first, so each render
 * records all the replies its screen needed.
 * @module
 */
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { configure } from '../../sdk/runtime/index.ts'
import { createStorage } from '../../sdk/storage/index.ts'
import { invalidateKeys, imageUrl } from '../../sdk/stores/index.ts'
import { $locale, htmlLang, isSupported, loadNamespaces, messagesOf, setLocale, translator } from '../../sdk/i18n/index.ts'
import { formatAmount } from '../../sdk/format/index.ts'
import { jackpotAt } from '../../sdk/shell/jackpot.ts'
import { electronicTypes } from '../../sdk/games/index.ts'
import { GamesPage } from '../lobby/GamesPage.tsx'
import { WinnerBoard } from '../lobby/WinnerBoard.tsx'
import { smallScreenQuery } from '../lobby/hooks.ts'
import { loadWinners } from './first-paint-winners.ts'
import { loadPromotions, promotionPictures } from './first-paint-promotions.ts'
import { LivePromotions } from '../shell/Promotions.tsx'
import { Lobby } from './Lobby.tsx'
import shellCss from '../shell/shell.css?inline'
import lobbyCss from '../lobby/lobby.css?inline'
import lotteryCss from '../lottery/lottery.css?inline'
import { loadLottery } from './first-paint-lottery.ts'
import { lotteryLobbyOf, lotteryOwnCss, lotteryStart, lotteryView } from './lottery-view.ts'
import {
  firstPaintAttributes,
  firstPaintNamespaces,
  gamesOptions,
  gamesStores,
  hasFirstPaint,
  loadGames,
  recordingFetch,
  type FirstPaint,
  type FirstPaintData,
  type FirstPaintTag,
  type Loaded,
  type RecordedReply,
} from './first-paint.ts'
import { islandCss } from './style-text.ts'
import { viewTree } from './view-tree.ts'

export { firstPaintTags, hasFirstPaint, firstPaintAttributes } from './first-paint.ts'

/** A first paint asked for. */
export interface RenderRequest {
  tag: string
  /** The element's attributes as the loader sends them (only {@link firstPaintAttributes} count). */
  attrs: Readonly<Record<string, string | undefined>>
  /** The element's text language and the page's data language (`en`, `es`, `cn`, `vi`). */
  lang?: string
  locale?: string
  /** The platform origin the browser uses (addresses in the HTML and the data are on it). */
  origin: string
  /** How this server reaches the platform (its own API, or the real platform's proxy). */
  fetch: typeof fetch
  /** How long the platform's replies are waited for (default 4 s): without them all, no first paint. */
  deadlineMs?: number
}

/** The CSS of an element's shadow root as text (the host serves it as a file the loader adopts). */
export function stylesOf(tag: FirstPaintTag): string {
  const own: Record<FirstPaintTag, string[]> = {
    'lk-games': [lobbyCss],
    'lk-winners': [lobbyCss],
    'lk-promotions': [shellCss],
    'lk-lobby': [lobbyCss],
    'lk-jackpot': [shellCss],
    'lk-lottery': [lotteryCss, lotteryOwnCss],
  }
  return islandCss(...own[tag]).join('\n')
}

const none: FirstPaint = { html: '', data: null }
const noOpen = () => {}
const language = (value: string | undefined): string => (value && isSupported(value) ? value : 'en')

let queue: Promise<unknown> = Promise.resolve()

/**
 * `lk-jackpot`'s first paint: the element's own markup (plain DOM, no React: widgets/embed/
 * jackpot.element.ts takes these nodes over) with the amount of this moment; it asks the platform
 * nothing (the counter rolls by the clock), so it has no replies.
 */
async function jackpot(lang: string, locale: string): Promise<FirstPaint> {
  await loadNamespaces(firstPaintNamespaces['lk-jackpot'], lang as never)
  const label = translator(messagesOf(lang as never), lang as never)('shell_jackpot')
  const value = formatAmount(jackpotAt(Date.now()), htmlLang(lang as never))
  const html = renderToString(
    createElement(
      'section',
      { className: 'lk-jackpot', part: 'root jackpot', 'aria-label': label },
      createElement('span', { className: 'lk-jackpot__label', part: 'label' }, label),
      createElement('output', { className: 'lk-jackpot__value', part: 'value' }, value),
    ),
  )
  return { html, data: { lang, locale, attrs: {}, replies: {}, pictures: {}, media: {} } }
}

/**
 * Renders `tag`'s first screen. Never throws: an unknown element, a value the element refuses or a
 * failure renders nothing (`html: ''`), and the element then starts as it would without.
 */
export function renderFirstPaint(request: RenderRequest): Promise<FirstPaint> {
  const run = queue
    .then(() => renderNow(request))
    .catch((error: unknown) => {
      console.error(`[first paint] ${request.tag}:`, (error as Error)?.message ?? error)
      return none
    })
  queue = run
  return run
}

async function renderNow({ tag, attrs, lang: langAsked, locale: localeAsked, origin, fetch, deadlineMs }: RenderRequest): Promise<FirstPaint> {
  if (!hasFirstPaint(tag)) return none
  if ((langAsked && !isSupported(langAsked)) || (localeAsked && !isSupported(localeAsked))) return none
  const lang = language(langAsked)
  const locale = language(localeAsked)
  const own: Record<string, string> = {}
  for (const name of firstPaintAttributes[tag]) {
    const value = Object.hasOwn(attrs, name) ? attrs[name] : undefined
    if (value !== undefined) own[name] = value
  }
  if (tag === 'lk-jackpot') return jackpot(language(langAsked), language(localeAsked))
  const games = tag === 'lk-games' ? gamesOptions(own) : undefined
  if (tag === 'lk-games' && !games) return none
  const lottery = tag === 'lk-lottery' ? lotteryStart(own) : undefined
  if (tag === 'lk-lottery' && !lottery) return none

  const replies: Record<string, RecordedReply> = {}
  // A fresh client and storage (no session cache), every kept reply dropped: this render asks all it shows.
  configure({ baseURL: origin, storage: createStorage(), simpleReads: true, fetch: recordingFetch(fetch, replies) })
  // (Replies kept for another game type stay: asked again, they would only weigh this render's data.)
  invalidateKeys((key) => {
    const part = String(key).split('|')[1]?.split(':')[0] ?? ''
    return part === games?.gameType || !(electronicTypes as readonly string[]).includes(part)
  })
  if ($locale.get() !== locale) await setLocale(locale as never, { save: false })
  await loadNamespaces(firstPaintNamespaces[tag], lang as never)
  const pictures: Record<string, string> = {}
  const media: Record<string, boolean> = { [smallScreenQuery]: own.small === '1' }
  let view: ReactNode
  let stop: Loaded
  let repliedAt: number | undefined
  if (lottery) {
    const lobby = lotteryLobbyOf(lottery)
    stop = await loadLottery(lobby, deadlineMs)
    // The countdowns as of the replies (the element's hydrating render counts from the same moment).
    repliedAt = lobby.$fetchedAt.get()
    lobby.showAt(repliedAt)
    view = lotteryView(lottery, origin, noOpen, lobby)
  } else if (games) {
    const stores = gamesStores(games)
    stop = await loadGames(stores, games, deadlineMs)
    const state = stores.list.$state.get()
    for (const game of state.ready ? state.items : []) if (game.image) pictures[game.image] = imageUrl(game.image)
    view = createElement(GamesPage, { gameType: games.gameType, list: stores.list, page: stores.page, syncAddress: false, vendor: games.vendor, modes: ['normal', 'hot'] })
  } else if (tag === 'lk-lobby') {
    // The first category (slots) with the winner board below it, as the element opens.
    const options = { gameType: 'RNG', vendor: '', pageSize: 15 } as const
    const stores = gamesStores(options)
    const [games, winners] = await Promise.all([loadGames(stores, options, deadlineMs), loadWinners(deadlineMs)])
    stop = Object.assign(games, { settled: games.settled && winners.settled })
    const state = stores.list.$state.get()
    for (const game of state.ready ? state.items : []) if (game.image) pictures[game.image] = imageUrl(game.image)
    view = createElement(Lobby, { listOf: () => stores.list, pageOf: () => stores.page })
  } else if (tag === 'lk-promotions') {
    stop = await loadPromotions(deadlineMs)
    Object.assign(pictures, promotionPictures())
    view = createElement(LivePromotions, { site: origin })
  } else {
    stop = await loadWinners(deadlineMs)
    view = createElement(WinnerBoard)
  }
  try {
    // A screen still loading is no first paint: the browser's stores would not start where it stopped.
    if (!stop.settled) return none
    // React hoists a preload of each eager picture before the markup: the pictures themselves are
    // requested as soon as the HTML is placed, and the container must hold only what hydrates.
    // Style attributes are inline styles a partner's CSP refuses: they travel as `data-lk-style`, which
    // the loader applies through the CSSOM (as React sets styles), so the boxes keep their size.
    const html = renderToString(viewTree(view, lang, { pictures, media }))
      .replace(/^(?:<link rel="preload"[^>]*\/>)+/, '')
      .replaceAll(' style="', ' data-lk-style="')
    const data: FirstPaintData = { lang, locale, attrs: own, replies, pictures, media, ...(repliedAt ? { repliedAt } : {}) }
    return { html, data }
  } finally {
    stop()
  }
}
