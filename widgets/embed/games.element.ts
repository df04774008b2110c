import { createElement, type ReactNode } from 'react'
import type { PropertyDeclarations } from '@lit/reactive-element'
import {
  createGameList,
  createGamesPage,
  followSession,
  gameListSources,
  electronicTypes,
  type ElectronicType,
  type GameList,
  type GamesPage as GamesPageStore,
} from '../../sdk/games/index.ts'
import { GamesPage } from '../lobby/GamesPage.tsx'
import { $status, loadStatus } from '../../sdk/stores/status.ts'
import { $locale } from '../../sdk/i18n/index.ts'
import type { FirstPaintData } from './first-paint.ts'
import { LobbykitElement, oneOf } from './element.ts'
import { ReactHostElement } from './react-host.ts'
import { launchOnBrand } from './launch.ts'

/** Page sizes a partner may ask for (the platform's list takes up to 100). */
const pageSizeOf = {
  fromAttribute(value: string | null): number | undefined {
    if (value === null) return undefined
    const size = Number(value)
    if (!Number.isInteger(size) || size < 1 || size > 100) throw new TypeError(`lk-games: page-size expects a whole number from 1 to 100, received "${value}"`)
    return size
  },
}

/**
 * One game type's list, as on the brand's games page: vendor bar, search, classification and
 * minimum-bet filters, paging. Each `lk-games` keeps its own filters. A game picked opens on the
 * brand site in a new tab (send `lk:launch`; cancel it to open the address yourself).
 *
 * @summary A game list with vendor bar, search, filters and paging.
 * @attr game-type - `RNG`, `PVP` or `FISH` (default `RNG`).
 * @attr vendor - Vendor tab shown first (a vendor code such as `PG`; default every vendor).
 * @attr page-size - Games per page, 1 to 100 (default 15).
 * @event lk:launch - A game was picked. `detail: { nodeId, gameName, url }`; cancelable.
 * @csspart games - The list with its vendor bar and filters.
 * @csspart card - One game card.
 */
export class LkGames extends ReactHostElement {
  static override properties: PropertyDeclarations = {
    ...LobbykitElement.properties,
    gameType: { attribute: 'game-type', converter: oneOf('game-type', electronicTypes) },
    vendor: { type: String },
    pageSize: { attribute: 'page-size', converter: pageSizeOf },
  }
  static override stylesheetFile = true

  declare gameType: ElectronicType | undefined
  declare vendor: string | undefined
  declare pageSize: number | undefined

  #list: GameList | undefined
  #listSize = 0
  #page: GamesPageStore | undefined
  #pageKey = ''
  #stop: (() => void) | undefined
  protected override namespaces = ['common', 'lobby'] as const

  protected override setUp(): void {
    // The cards' pictures wait for the platform status (it names the image CDNs): asked for now,
    // beside the list, instead of once the first card shows.
    const status = $status.get()
    if (!status.data && !status.loading) void loadStatus()
    this.#newList()
  }

  protected override tearDown(): void {
    this.#stop?.()
    this.#stop = undefined
    this.#list = undefined
    this.#page = undefined
  }

  protected override async fromFirstPaint(data: FirstPaintData): Promise<(() => void) | undefined> {
    // Only a page with a first paint needs this code: its own chunk, asked for while the HTML shows.
    const { gamesOptions, keepPictures, loadGames } = await import('./first-paint.ts')
    const rendered = gamesOptions(data.attrs)
    const own = gamesOptions({ 'game-type': this.gameType, vendor: this.vendor, 'page-size': this.pageSize === undefined ? undefined : String(this.pageSize) })
    const same = rendered && own && rendered.gameType === own.gameType && rendered.vendor === own.vendor && rendered.pageSize === own.pageSize
    if (!same || data.lang !== this.shownLanguage || data.locale !== $locale.get() || !this.#list) return undefined
    // The same stores as the server's, loaded from its replies (seeded): nothing is asked again.
    const stop = await loadGames({ list: this.#list, page: this.#pageOf(this.#list, own) }, own)
    keepPictures(data.pictures)
    // Hydrating stores that are not where the server's were would not meet its HTML: render afresh.
    if (!stop.settled) {
      stop()
      return undefined
    }
    return stop
  }

  /** The page store of `list` for the current type (a new type or list is a new page). */
  #pageOf(list: GameList, { gameType, vendor }: { gameType: ElectronicType; vendor: string }): GamesPageStore {
    const key = `${gameType}:${this.#listSize}`
    if (!this.#page || this.#pageKey !== key) {
      this.#page = createGamesPage({ list, gameType, syncAddress: false, vendor })
      this.#pageKey = key
    }
    return this.#page
  }

  #newList(): GameList {
    this.#stop?.()
    this.#listSize = this.pageSize ?? 15
    this.#list = createGameList(gameListSources, this.#listSize)
    this.#page = undefined
    this.#stop = followSession(this.#list)
    // Errors a player sees in the list also reach the partner page.
    let last: unknown
    const stopErrors = this.#list.$state.listen((state) => {
      if (state.error && state.error !== last) this.fail(state.error.code, this.t(state.error.messageKey))
      last = state.error
    })
    const stopSession = this.#stop
    this.#stop = () => {
      stopSession()
      stopErrors()
    }
    return this.#list
  }

  protected view(): ReactNode {
    // A new page size is a new list (its pages are cut differently); the key mounts it afresh.
    const list = this.#list && this.#listSize === (this.pageSize ?? 15) ? this.#list : this.#newList()
    const gameType = this.gameType ?? 'RNG'
    return createElement(GamesPage, {
      key: `${gameType}:${this.#listSize}`,
      gameType,
      list,
      page: this.#pageOf(list, { gameType, vendor: this.vendor ?? '' }),
      syncAddress: false,
      vendor: this.vendor ?? '',
      modes: ['normal', 'hot'],
      onLaunch: (game) => launchOnBrand(this, this.platformOrigin, game, this.affiliate, this.subId),
    })
  }
}
