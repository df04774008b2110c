import type { Game } from '../../../sdk/contract/index.ts'
import { formatMoney } from '../../../sdk/format/index.ts'
import { winnerBoard } from '../../../sdk/games/category.ts'
import { createLauncher } from '../../../sdk/games/launcher.ts'
import { hotGames } from '../../../sdk/games/lobby.ts'
import { watchGamePicture } from '../../../sdk/games/pictures.ts'
import { t } from '../../../sdk/i18n/index.ts'
import { closingSoon } from '../../../sdk/lottery/closing.ts'
import { createLotteryLobby, secondsLeft } from '../../../sdk/lottery/lobby.ts'
import { pages } from '../../../sdk/pages/index.ts'
import { $quiet } from '../../../sdk/protect/quiet.ts'
import { $announcements, loadAnnouncements } from '../../../sdk/shell/index.ts'
import { $status } from '../../../sdk/stores/index.ts'
import { clock } from '../../../widgets/lottery/format.ts'
import { cdnKey, drawOn, element, emptyState, errorState, platformImage, skeletonOf, templateIcon, wake, whenSeen } from './press.ts'

/**
 * The home page's sections drawn without React (issue 38 item 5): a category's hot games, the lottery
 * draws closing soon, the winners ticker and the promotions strip, each from the platform's data as
 * the React home sections drew them, in the box the server drew with its skeleton (site/pages/
 * [...locale]/index.astro), which keeps its size (nothing shifts). A section starts when it first
 * comes near the view, as `client:paint="visible"` started the islands. A tap on a game launches it
 * under the launch rules (sdk/games/launcher.ts); the login prompt and warnings those ask for are the
 * shell's popup hosts, woken by the tap, so React loads then and not before.
 * @module
 */

let launcher: ReturnType<typeof createLauncher> | undefined

/** A game card as widgets/lobby's GameCard draws it (no favourite star on the home page). */
function gameCard(game: Game, launch: (game: Game, button: HTMLButtonElement) => void): HTMLLIElement {
  const card = element('li', 'lk-gamecard')
  card.setAttribute('part', 'card')
  const picture = element('span', 'lk-lazy lk-lazy--waiting')
  picture.style.paddingTop = '75%'
  watchGamePicture(picture, game.image, ({ status, src }) => {
    picture.className = `lk-lazy lk-lazy--${status} `
    if (status === 'loaded' && src) {
      const img = element('img')
      img.alt = ''
      img.decoding = 'async'
      img.src = src
      picture.replaceChildren(img)
    } else if (status === 'error') picture.replaceChildren(element('span', 'lk-lazy__error'))
  })
  const play = element('button', 'lk-gamecard__play')
  play.type = 'button'
  play.dataset.nodeId = game.nodeId
  const name = element('span', 'lk-gamecard__name', game.displayName)
  name.title = game.displayName
  play.append(name)
  play.addEventListener('click', () => launch(game, play))
  const meta = element('p', 'lk-gamecard__meta')
  if (game.volatility) meta.dataset.vol = game.volatility
  meta.append(element('span', undefined, game.vendorName || game.vendor))
  if (game.rtp) meta.append(element('span', undefined, t('lobby_game_rtp', { count: game.rtp })))
  if (game.volatility) meta.append(element('span', 'lk-visually-hidden', t(`lobby_volatility_${game.volatility}`)))
  card.append(picture, play, meta)
  if (game.isHot === 1) card.append(element('span', 'lk-gamecard__badge', t('lobby_hot_badge')))
  return card
}

/** Launches a card's game; its button is busy meanwhile. */
function launchGame(game: Game, button: HTMLButtonElement): void {
  // The shell's popup hosts (login prompt, warnings) the launch may need: their code loads now.
  wake()
  launcher ??= createLauncher()
  button.setAttribute('aria-busy', 'true')
  void launcher.start(game).finally(() => button.removeAttribute('aria-busy'))
}

/** A category's hot games in a row (`data-game-type`, named by `data-label`), at most 12. */
function startGames(box: HTMLElement): void {
  const gameType = box.dataset.gameType === 'LIVE' ? 'LIVE' : 'RNG'
  const showSkeleton = skeletonOf(box)
  const hot = hotGames.of(gameType)
  drawOn(
    [hot],
    () => {
      const state = hot.get()
      if (state.error) return `error\u0000${state.error.messageKey}`
      return state.data ? `list\u0000${state.data.list.map((game) => game.nodeId).join('\u0001')}` : 'loading'
    },
    () => {
      const state = hot.get()
      if (state.error) box.replaceChildren(errorState(state.error.messageKey, () => void hotGames.load(gameType, true)))
      else if (!state.data) showSkeleton()
      else if (state.data.list.length === 0) box.replaceChildren(emptyState('lobby_hot_empty'))
      else {
        const list = element('ul', 'lk-home-lane')
        list.setAttribute('aria-label', box.dataset.label ?? '')
        list.append(...state.data.list.slice(0, 12).map((game) => gameCard(game, launchGame)))
        box.replaceChildren(list)
      }
    },
  )
  void hotGames.load(gameType)
}

/** The lottery draws closing soon, with their countdowns, each linking to its game. */
function startDraws(box: HTMLElement): void {
  const showSkeleton = skeletonOf(box)
  const lobby = createLotteryLobby({ address: false, launchHere: false })
  let rows: { left: HTMLElement; game: { remainTime: number } }[] = []
  const dayWord = (days: number) => t('shell_home_days', { days })
  const tick = () => {
    for (const { left, game } of rows) left.textContent = clock(secondsLeft(game.remainTime, lobby.$fetchedAt.get(), lobby.$now.get()), dayWord)
  }
  // The draws closing soon as of the last change, worked out once for the key and the drawing.
  let draws: ReturnType<typeof closingSoon> = []
  drawOn(
    [lobby.$menus, lobby.$fetchedAt, lobby.$now],
    () => {
      const menus = lobby.$menus.get()
      draws = menus.data ? closingSoon(menus.data, lobby.$fetchedAt.get(), lobby.$now.get()) : []
      if (menus.error && !menus.data) return `error\u0000${menus.error.messageKey}`
      // The clock ticks every second: the list is drawn again only when its draws change.
      return menus.data ? `list\u0000${draws.map((game) => `${game.gameCode}\u0000${game.numero}\u0000${game.name}`).join('\u0001')}` : 'loading'
    },
    () => {
      const menus = lobby.$menus.get()
      rows = []
      if (menus.error && !menus.data) return box.replaceChildren(errorState(menus.error.messageKey, () => void lobby.refresh()))
      if (!menus.data) return showSkeleton()
      if (draws.length === 0) return box.replaceChildren(emptyState('shell_home_draws_empty'))
      const list = element('ul', 'lk-home-draws')
      list.setAttribute('aria-label', t('shell_home_draws'))
      for (const game of draws) {
        const name = element('span', 'lk-home-draw__name', game.name)
        name.append(element('small', undefined, t('shell_home_draw_numero', { numero: game.numero })))
        const left = element('span', 'lk-home-draw__left')
        left.setAttribute('role', 'timer')
        const bet = element('a', 'lk-button lk-home-draw__bet', t('shell_home_bet'))
        bet.href = `${pages.lottery}?gameCode=${encodeURIComponent(game.gameCode)}`
        bet.setAttribute('aria-label', t('shell_home_draw_bet', { name: game.name }))
        const row = element('li', 'lk-home-draw')
        row.append(name, left, bet)
        list.append(row)
        rows.push({ left, game })
      }
      box.replaceChildren(list)
      tick()
    },
  )
  // The countdowns change their text only, every tick.
  lobby.$now.subscribe(tick)
}

/** Wins the ticker rolls through. */
const tickerSize = 20

/**
 * The latest wins rolling upwards in a box of fixed height, paused on hover, focus or the pause button
 * (WCAG 2.2.2); with reduced motion the list stands still and scrolls. `icons` holds the pause and play
 * icons the server drew.
 */
function startWinners(box: HTMLElement, icons: HTMLTemplateElement | null): void {
  const showSkeleton = skeletonOf(box)
  const board = winnerBoard.of('ALL')
  let stopped = false
  const icon = (name: 'pause' | 'play') => templateIcon(icons, name)
  drawOn(
    [board],
    () => {
      const state = board.get()
      if (state.error) return `error\u0000${state.error.messageKey}`
      return state.data ? `list\u0000${JSON.stringify(state.data.slice(0, tickerSize).map(({ vo }) => [vo.time, vo.account, vo.gameName, vo.winAmount]))}` : 'loading'
    },
    () => {
      const state = board.get()
      if (state.error) return box.replaceChildren(errorState(state.error.messageKey, () => void winnerBoard.load('ALL', true)))
      if (!state.data) return showSkeleton()
      const wins = state.data.slice(0, tickerSize)
      if (wins.length === 0) return box.replaceChildren(emptyState('lobby_winners_empty'))
      const ticker = element('div', `lk-home-ticker${stopped ? ' is-stopped' : ''}`)
      const track = element('ol', 'lk-home-ticker__track')
      // With reduced motion the list scrolls in its box: keyboard users focus it to scroll.
      track.tabIndex = 0
      track.setAttribute('aria-label', t('lobby_winners_title'))
      track.style.animationDuration = `${wins.length * 2.5}s`
      // The second copy makes the roll seamless; screen readers read the first only.
      for (const hidden of wins.length > 4 ? [false, true] : [false]) {
        for (const { vo } of wins) {
          const row = element('li', 'lk-home-win')
          if (hidden) row.setAttribute('aria-hidden', 'true')
          row.append(
            element('span', 'lk-home-win__account', vo.account),
            element('span', 'lk-home-win__game', vo.gameName),
            element('span', 'lk-home-win__amount', formatMoney(vo.winAmount)),
          )
          track.append(row)
        }
      }
      const pause = element('button', 'lk-iconbutton lk-home-ticker__pause')
      pause.type = 'button'
      pause.setAttribute('aria-label', t('shell_home_pause_winners'))
      const showPause = () => {
        pause.setAttribute('aria-pressed', String(stopped))
        pause.replaceChildren(icon(stopped ? 'play' : 'pause'))
        ticker.classList.toggle('is-stopped', stopped)
      }
      pause.addEventListener('click', () => {
        stopped = !stopped
        showPause()
      })
      showPause()
      ticker.append(track, pause)
      box.replaceChildren(ticker)
    },
  )
  void winnerBoard.load('ALL')
}

/** The platform's current promotions as picture cards, each opening its detail; none while quiet. */
function startPromotions(box: HTMLElement): void {
  const showSkeleton = skeletonOf(box)
  drawOn(
    [$announcements, $quiet, $status],
    () => {
      const state = $announcements.get()
      if ($quiet.get()) return 'quiet'
      if (state.error && !state.data) return `error\u0000${state.error.messageKey}`
      const promos = state.data?.promotion
      return promos ? `${cdnKey()}\u0002${promos.map((p) => `${p.id}\u0000${p.title}\u0000${p.image}`).join('\u0001')}` : 'loading'
    },
    () => {
      const state = $announcements.get()
      if ($quiet.get()) return box.replaceChildren(emptyState('shell_promotions_paused'))
      if (state.error && !state.data) return box.replaceChildren(errorState(state.error.messageKey, loadAnnouncements))
      if (!state.data) return showSkeleton()
      const promos = state.data.promotion ?? []
      if (promos.length === 0) return box.replaceChildren(emptyState('shell_home_promotions_empty'))
      const list = element('ul', 'lk-home-lane lk-home-lane--promos')
      list.setAttribute('aria-label', t('shell_home_promotions'))
      for (const promo of promos) {
        const link = element('a')
        link.href = `${pages.promoDetail}?id=${encodeURIComponent(promo.id)}`
        const picture = element('span', 'lk-home-promo__picture')
        if (promo.image) picture.append(platformImage(promo.image, '', 600, 150))
        link.append(picture, element('span', 'lk-home-promo__title', promo.title))
        const item = element('li', 'lk-home-promo')
        item.append(link)
        list.append(item)
      }
      box.replaceChildren(list)
    },
  )
}

/**
 * Starts each home section (`data-lean-home`: `games`, `draws`, `winners` or `promotions`) when it
 * first comes near the view.
 */
export function startHome(boxes: Iterable<HTMLElement>): void {
  const icons = document.querySelector<HTMLTemplateElement>('template[data-home-icons]')
  const start = (box: HTMLElement) => {
    const kind = box.dataset.leanHome
    if (kind === 'games') startGames(box)
    else if (kind === 'draws') startDraws(box)
    else if (kind === 'winners') startWinners(box, icons)
    else if (kind === 'promotions') startPromotions(box)
  }
  whenSeen(boxes, start)
}
