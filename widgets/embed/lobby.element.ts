import { createElement, type ReactNode } from 'react'
import type { PropertyDeclarations } from '@lit/reactive-element'
import { createGameList, followSession, gameListSources, type ElectronicType, type GameList } from '../../sdk/games/index.ts'
import lobbyCss from '../lobby/lobby.css?inline'
import { LobbykitElement } from './element.ts'
import { ReactHostElement } from './react-host.ts'
import { launchOnBrand } from './launch.ts'
import { islandStyles } from './styles.ts'
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
  static override styles = islandStyles(lobbyCss)
  protected override namespaces = ['common', 'lobby', 'shell'] as const
  #lists = new Map<ElectronicType, { list: GameList; stop: () => void }>()

  #listOf = (gameType: ElectronicType): GameList => {
    let entry = this.#lists.get(gameType)
    if (!entry) {
      const list = createGameList(gameListSources)
      entry = { list, stop: followSession(list) }
      this.#lists.set(gameType, entry)
    }
    return entry.list
  }

  protected override tearDown(): void {
    for (const { stop } of this.#lists.values()) stop()
    this.#lists.clear()
  }

  protected view(): ReactNode {
    return createElement(Lobby, { listOf: this.#listOf, onLaunch: (game) => launchOnBrand(this, this.platformOrigin, game, this.affiliate, this.subId) })
  }
}
