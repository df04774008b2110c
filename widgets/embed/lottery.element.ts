import type { ReactNode } from 'react'
import type { PropertyDeclarations } from '@lit/reactive-element'
import type { LotteryFilters, LotteryLobby } from '../../sdk/lottery/index.ts'
import { $locale } from '../../sdk/i18n/index.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
import { seedReplies } from '../../sdk/client/replay.ts'
import { LobbykitElement, oneOf } from './element.ts'
import { emit } from './events.ts'
import type { FirstPaintData } from './first-paint.ts'
import { reportFunnel } from './funnel.ts'
import { isLotteryRows, lotteryDefaultRows, lotteryKey, lotteryLobbyOf, lotteryStart, lotteryView, lotteryViews, type LotteryStart } from './lottery-view.ts'
import { ReactHostElement } from './react-host.ts'
import { pages } from '../../sdk/pages/index.ts'

/** `page-size`: a whole number from 1 to 100. */
const rowsOf = {
  fromAttribute(value: string | null): number | undefined {
    if (value === null) return undefined
    const size = Number(value)
    if (!isLotteryRows(size)) throw new TypeError(`lk-lottery: page-size expects a whole number from 1 to 100, received "${value}"`)
    return size
  },
}

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
    lotteryView: { attribute: 'view', converter: oneOf('view', lotteryViews) },
    pageSize: { attribute: 'page-size', converter: rowsOf },
  }
  // Its first paint's stylesheet file (widgets/embed/server.tsx `stylesOf`: lottery.css and its own rule).
  static override stylesheetFile = true
  protected override namespaces = ['common', 'lottery', 'embed'] as const

  declare gameCode: string | undefined
  declare vendor: string | undefined
  declare playType: string | undefined
  /** The `view` attribute (`view` itself is what the element renders). */
  declare lotteryView: LotteryFilters['view'] | undefined
  declare pageSize: number | undefined

  /** The lobby the server's first paint was hydrated with, for the starting state it was rendered for. */
  #painted: { key: string; lobby: LotteryLobby } | undefined

  /** The brand site's address of a game's betting screen (the affiliate code included). */
  #address(gameCode: string, view: 'betting' | 'lobby'): string {
    const url = new URL(pages.lottery, this.platformOrigin)
    url.searchParams.set('gameCode', gameCode)
    url.searchParams.set('view', view)
    if (this.affiliate) url.searchParams.set('affiliateCode', this.affiliate)
    return url.href
  }

  /** The starting state the attributes name. */
  #start(): LotteryStart {
    return {
      filters: { gameCode: (this.gameCode ?? '').trim(), vendor: (this.vendor ?? '').trim(), playType: (this.playType ?? '').trim(), view: this.lotteryView ?? '' },
      pageSize: this.pageSize ?? lotteryDefaultRows,
    }
  }

  protected override async fromFirstPaint(data: FirstPaintData): Promise<(() => void) | undefined> {
    try {
      const rendered = lotteryStart(data.attrs)
      const start = this.#start()
      const key = lotteryKey(start)
      // Another state, language or session than the server's (a member's lists), or no reply time: render afresh.
      if (!rendered || lotteryKey(rendered) !== key || data.lang !== this.shownLanguage || data.locale !== $locale.get() || !data.repliedAt || $loggedIn.get()) return undefined
      // Only a page with a first paint needs this code: its own chunk, asked for while the HTML shows.
      const { loadLottery } = await import('./first-paint-lottery.ts')
      // The stores from the server's replies (seeded: nothing is asked again), its clock at their moment.
      const lobby = lotteryLobbyOf(start, data.repliedAt)
      const stop = await loadLottery(lobby)
      if (!stop.settled) {
        stop()
        return undefined
      }
      this.#painted = { key, lobby }
      return stop
    } finally {
      // Countdowns age: whatever asks the lottery next (the poll, a fresh render) asks the platform.
      seedReplies(data.replies, 0)
    }
  }

  protected override tearDown(): void {
    this.#painted = undefined
  }

  protected view(): ReactNode {
    const start = this.#start()
    const painted = this.#painted?.key === lotteryKey(start) ? this.#painted.lobby : undefined
    return lotteryView(
      start,
      this.platformOrigin,
      (game, view) => {
        const url = this.#address(game.gameCode, view)
        reportFunnel('click', this.affiliate, this.subId, game.gameCode)
        if (emit(this, 'lk:launch', { nodeId: game.gameCode, gameName: game.name ?? game.gameCode, url }, true)) window.open(url, '_blank', 'noopener')
      },
      painted,
    )
  }
}
