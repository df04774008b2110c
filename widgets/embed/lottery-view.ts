/**
 * `lk-lottery`'s island, the part its element and the server's first paint share (no Lit here:
 * widgets/embed/server.tsx imports it): the starting state its attributes name, the lobby's stores
 * for a first paint, and the React tree both render, so hydration meets the server's HTML.
 * @module
 */
import { createElement, type ReactNode } from 'react'
import { createLotteryLobby, type LotteryFilters, type LotteryLobby as Lobby } from '../../sdk/lottery/index.ts'
import { pages } from '../../sdk/pages/index.ts'
import { LotteryLobby, type LotteryLobbyProps } from '../lottery/LotteryLobby.tsx'
import { LotteryLinkBase } from '../lottery/links.ts'

/** Rows shown at first when the page names no `page-size`: a phone's first screen or two. */
export const lotteryDefaultRows = 6

/** What the `view` attribute takes: the deep links' views. */
export const lotteryViews = ['results', 'trend', 'betting'] as const

/** The element's own CSS beside the lottery's (its "Show more" button). */
export const lotteryOwnCss = '.lk-lot-more{display:block;margin:12px auto 0}'

/** Where `lk-lottery` starts: the filters its attributes name and the rows shown at first. */
export interface LotteryStart {
  filters: Pick<LotteryFilters, 'gameCode' | 'vendor' | 'playType' | 'view'>
  pageSize: number
}

/** `page-size`'s rule: a whole number from 1 to 100. */
export const isLotteryRows = (size: number): boolean => Number.isInteger(size) && size >= 1 && size <= 100

/**
 * Reads `lk-lottery`'s attributes (as the element does) for a first paint: `undefined` for a value
 * the element refuses, and for the results and trend views (their draws load on demand: no first screen to send).
 */
export function lotteryStart(attrs: Readonly<Record<string, string | null | undefined>>): LotteryStart | undefined {
  const view = attrs.view ?? ''
  if (view !== '' && view !== 'betting') return undefined
  const size = attrs['page-size'] == null ? lotteryDefaultRows : Number(attrs['page-size'])
  if (!isLotteryRows(size)) return undefined
  const text = (name: string) => (attrs[name] ?? '').trim()
  return { filters: { gameCode: text('game-code'), vendor: text('vendor'), playType: text('play-type'), view }, pageSize: size }
}

/** One string per starting state: new attributes are a new lobby. */
export const lotteryKey = ({ filters, pageSize }: LotteryStart): string => JSON.stringify({ ...filters, pageSize })

/**
 * The lobby's stores as `lk-lottery` makes them (never launching here: a game opens on the brand
 * site); `repliedAt`, a first paint's reply time, stops its clock there until it has hydrated.
 */
export function lotteryLobbyOf({ filters }: LotteryStart, repliedAt?: number): Lobby {
  return createLotteryLobby({ address: false, filters, launchHere: false, repliedAt })
}

/**
 * The element's tree: the lobby from its starting state, its links (results, trend, betting) opening
 * the brand's lottery page on `origin` in a new tab; `lobby` when made beforehand (a first paint).
 */
export function lotteryView(start: LotteryStart, origin: string, onOpen: NonNullable<LotteryLobbyProps['onOpen']>, lobby?: Lobby): ReactNode {
  const links = new URL(pages.lottery, origin).href
  return createElement(
    'div',
    { part: 'lottery' },
    createElement(
      LotteryLinkBase.Provider,
      { value: links },
      // New attributes are a new starting state: the key mounts the lobby afresh with them.
      createElement(LotteryLobby, { key: lotteryKey(start), address: false, filters: start.filters, pageSize: start.pageSize, onOpen, lobby }),
    ),
  )
}
