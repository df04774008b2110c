import { createElement, type ReactNode } from 'react'
import type { PropertyDeclarations } from '@lit/reactive-element'
import type { LotteryFilters } from '../../sdk/lottery/index.ts'
import { LotteryLobby } from '../lottery/LotteryLobby.tsx'
import { LotteryLinkBase } from '../lottery/links.ts'
import lotteryCss from '../lottery/lottery.css?inline'
import { LobbykitElement, oneOf } from './element.ts'
import { emit } from './events.ts'
import { reportFunnel } from './funnel.ts'
import { ReactHostElement } from './react-host.ts'
import { islandStyles } from './styles.ts'
import { pages } from '../../sdk/pages/index.ts'

/** Rows shown at first when the page names no `page-size`: a phone's first screen or two. */
const defaultRows = 6

/** `page-size`: a whole number from 1 to 100. */
const rowsOf = {
  fromAttribute(value: string | null): number | undefined {
    if (value === null) return undefined
    const size = Number(value)
    if (!Number.isInteger(size) || size < 1 || size > 100) throw new TypeError(`lk-lottery: page-size expects a whole number from 1 to 100, received "${value}"`)
    return size
  },
}

/** What the `view` attribute takes: the deep links' views. */
const views = ['results', 'trend', 'betting'] as const

/**
 * The brand's lottery lobby, as on its `/lottery` page: vendor bar, menu tags, week-day filter, name
 * search, the games with live countdowns, popular and recent games and the last opened numbers. It
 * takes the same state as the page's shareable address, as attributes. A game picked opens its
 * betting screen on the brand site in a new tab (send `lk:launch`; cancel it to open the address yourself).
 *
 * @summary The lottery lobby with live countdowns, starting from a deep link's state.
 * @attr game-code - The game shown selected (a lottery game code such as `EL_F3_1`).
 * @attr vendor - Vendor tab shown first: `TCG_LOTTO_VN`, `TCG_SEA`, `ELOTT` or `LOTT` (default every vendor).
 * @attr play-type - The play type the game opens with (a code such as `BIG_SMALL`).
 * @attr page-size - Games (and last opened numbers) shown at first, 1 to 100 (default 6); "Show more" adds as many.
 * @attr view - `results` or `trend` show the draws of `game-code`; `betting` shows that game selected, its Play opening the betting screen (default the lobby).
 * @event lk:launch - A game was picked. `detail: { nodeId, gameName, url }` (`nodeId` is the game code); cancelable.
 * @csspart lottery - The lottery lobby.
 */
export class LkLottery extends ReactHostElement {
  static override properties: PropertyDeclarations = {
    ...LobbykitElement.properties,
    gameCode: { attribute: 'game-code', type: String },
    vendor: { type: String },
    playType: { attribute: 'play-type', type: String },
    lotteryView: { attribute: 'view', converter: oneOf('view', views) },
    pageSize: { attribute: 'page-size', converter: rowsOf },
  }
  static override styles = islandStyles(lotteryCss, '.lk-lot-more{display:block;margin:12px auto 0}')
  protected override namespaces = ['common', 'lottery', 'embed'] as const

  declare gameCode: string | undefined
  declare vendor: string | undefined
  declare playType: string | undefined
  /** The `view` attribute (`view` itself is what the element renders). */
  declare lotteryView: LotteryFilters['view'] | undefined
  declare pageSize: number | undefined

  /** The brand site's address of a game's betting screen (the affiliate code included). */
  #address(gameCode: string, view: 'betting' | 'lobby'): string {
    const url = new URL(pages.lottery, this.platformOrigin)
    url.searchParams.set('gameCode', gameCode)
    url.searchParams.set('view', view)
    if (this.affiliate) url.searchParams.set('affiliateCode', this.affiliate)
    return url.href
  }

  protected view(): ReactNode {
    const filters: Partial<LotteryFilters> = {
      gameCode: (this.gameCode ?? '').trim(),
      vendor: (this.vendor ?? '').trim(),
      playType: (this.playType ?? '').trim(),
      view: this.lotteryView ?? '',
    }
    const pageSize = this.pageSize ?? defaultRows
    // New attributes are a new starting state: the key mounts the lobby afresh with them.
    // Its results, trend and betting links open the brand's lottery page in a new tab.
    const links = new URL(pages.lottery, this.platformOrigin).href
    return createElement(
      'div',
      { part: 'lottery' },
      createElement(
        LotteryLinkBase.Provider,
        { value: links },
        createElement(LotteryLobby, {
          key: JSON.stringify({ ...filters, pageSize }),
          address: false,
          filters,
          pageSize,
          onOpen: (game, view) => {
            const url = this.#address(game.gameCode, view)
            reportFunnel('click', this.affiliate, this.subId, game.gameCode)
            if (emit(this, 'lk:launch', { nodeId: game.gameCode, gameName: game.name ?? game.gameCode, url }, true)) window.open(url, '_blank', 'noopener')
          },
        }),
      ),
    )
  }
}
