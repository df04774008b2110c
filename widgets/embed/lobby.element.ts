import { createElement, type ReactNode } from 'react'
import type { PropertyDeclarations } from '@lit/reactive-element'
import { createGameList, createGamesPage, followSession, gameListSources, type ElectronicType, type GameList, type GamesPage } from '../../sdk/games/index.ts'
import { $locale } from '../../sdk/i18n/index.ts'
import type { FirstPaintData } from './first-paint.ts'
import { LobbykitElement } from './element.ts'
import { ReactHostElement } from './react-host.ts'
import { launchOnBrand } from './launch.ts'
import { Lobby } from './Lobby.tsx'

/**
 * The brand's lobby: the game categories (slots, PvP, fish) as tabs over their game lists, and the
 * winner board. A game picked opens on the brand site in a new tab.
 *
 * @summary Game categories with their lists and the winner board.
 * @event lk:launch - A game was picked. `detail: { nodeId, gameName, url }`; cancelable.
 * @csspart categories - The category tabs.
 * @csspart games - The list of the chosen category.
 * @csspart card - One game card.
 */
export class LkLobby extends ReactHostElement {
  static override properties: PropertyDeclarations = { ...LobbykitElement.properties }
  static override stylesheetFile = true
  protected override namespaces = ['common', 'lobby', 'shell'] as const
  #lists = new Map<ElectronicType, { list: GameList; stop: () => void; page?: GamesPage }>()

  #listOf = (gameType: ElectronicType): GameList => {
    let entry = this.#lists.get(gameType)
    if (!entry) {
      const list = createGameList(gameListSources)
      entry = { list, stop: followSession(list) }
      this.#lists.set(gameType, entry)
    }
    return entry.list
  }

  /** Each category's page store, one per list (the first paint loads the first one's before hydrating). */
  #pageOf = (gameType: ElectronicType, list: GameList): GamesPage => {
    const entry = this.#lists.get(gameType)
    if (!entry || entry.list !== list) return createGamesPage({ list, gameType, syncAddress: false })
    entry.page ??= createGamesPage({ list, gameType, syncAddress: false })
    return entry.page
  }

  protected override async fromFirstPaint(data: FirstPaintData): Promise<(() => void) | undefined> {
    if (data.lang !== this.shownLanguage || data.locale !== $locale.get()) return undefined
    // The first category's list and the winner board from the server's replies (seeded): nothing is asked again.
    const [{ loadGames, keepPictures }, { loadWinners }] = await Promise.all([import('./first-paint.ts'), import('./first-paint-winners.ts')])
    const list = this.#listOf('RNG')
    const [games, winners] = await Promise.all([loadGames({ list, page: this.#pageOf('RNG', list) }, { gameType: 'RNG', vendor: '', pageSize: list.pageSize }), loadWinners()])
    keepPictures(data.pictures)
    if (games.settled && winners.settled) return games
    games()
    return undefined
  }

  protected override tearDown(): void {
    for (const { stop } of this.#lists.values()) stop()
    this.#lists.clear()
  }

  protected view(): ReactNode {
    return createElement(Lobby, { listOf: this.#listOf, pageOf: this.#pageOf, onLaunch: (game) => launchOnBrand(this, this.platformOrigin, game, this.affiliate, this.subId) })
  }
}
