import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import {
  $lotteryFavourites,
  createLotteryLobby,
  displayNumber,
  filterGames,
  lotteryVendors,
  secondsLeft,
  tagsOf,
  toggleLotteryFavourite,
  weekDayOf,
  type LotteryFilters,
  type LotteryGame,
  type LotteryLobby as Lobby,
  type LotteryMenus,
} from '../../sdk/lottery/index.ts'
import { $locale, htmlLang } from '../../sdk/i18n/index.ts'
import { $loggedIn, $status } from '../../sdk/stores/index.ts'
import { EmptyState, ErrorState, Skeleton, useMounted, useOnDemand, useT } from '../ui/index.ts'
import { ChoiceBar } from './Bars.tsx'
import { clock, weekDayNames } from './format.ts'
import { useLotteryLink } from './links.ts'
import './lottery.css'
import { IconStar } from '../ui/icons.tsx'

/** Props of {@link LotteryLobby}. */
export interface LotteryLobbyProps {
  /** `/vnlottery`: the Vietnamese lottery only. */
  vn?: boolean
  /** Reads and writes the page address (default on; off when embedded). */
  address?: boolean
  /** The filters to start from when the address is not used (`lk-lottery`'s attributes). */
  filters?: Partial<LotteryFilters>
  /** Opens a game instead of launching it here (the embed opens the brand site). */
  onOpen?: (game: Pick<LotteryGame, 'gameCode'> & Partial<Pick<LotteryGame, 'name'>>, view: 'betting' | 'lobby') => void
  /**
   * Rows of the game list and of the opened numbers shown at first, the list growing by as many with
   * "Show more" (`lk-lottery`'s `page-size`: a first screen on a partner's page); every row when absent.
   */
  pageSize?: number
  /**
   * The lobby's stores, made and loaded beforehand (an embed's first paint: the server renders from
   * them, the element hydrates from the same replies); made here when absent.
   */
  lobby?: Lobby
}

/**
 * The lottery lobby (`/lottery`, `/vnlottery`): vendor bar, menu tags, week-day filter and name
 * search over the game list with live countdowns, the game the address names, popular and recent
 * games, the last opened numbers, and one game's results and trend (`view=results|trend`).
 */
export function LotteryLobby({ vn = false, address, filters: initial, onOpen, pageSize, lobby: made }: LotteryLobbyProps) {
  // Embedded (`onOpen`), a new tab may only open on the player's click: a linked game is shown selected instead.
  const [lobby] = useState<Lobby>(() => made ?? createLotteryLobby({ vn, address, filters: initial, launchHere: !onOpen }))
  // A first paint's countdowns stand still until it has hydrated (the server's seconds), then tick.
  useEffect(() => lobby.live(), [lobby])
  const t = useT()
  const filters = useStore(lobby.$filters)
  const launching = useStore(lobby.$launching)
  const open = (game: LotteryGame) => (onOpen ? onOpen(game, 'betting') : void lobby.open(game.gameCode))

  // Everything below depends on the address, the session and the clock, which the build does not know:
  // the server HTML is the loading state, and the island renders once hydrated.
  const mounted = useMounted()
  // The draw history and trend load on demand: most visits never open them.
  const resultsView = (filters.view === 'results' || filters.view === 'trend') && filters.gameCode ? filters.view : null
  const [resultsFailed, setResultsFailed] = useState(false)
  const Results = useOnDemand(resultsView !== null && !resultsFailed, loadResults, () => setResultsFailed(true))
  if (!mounted)
    return (
      <p className="lk-lot-note" role="status">
        {t('lottery_loading')}
      </p>
    )
  if (resultsView && filters.gameCode) {
    if (Results) return <Results lobby={lobby} gameCode={filters.gameCode} tab={resultsView} />
    if (resultsFailed) return <ErrorState messageKey="err_chunk_load" onRetry={() => setResultsFailed(false)} />
    return <Skeleton count={6} height={40} />
  }
  return <LobbyView lobby={lobby} vn={vn} open={open} launching={launching} pageSize={pageSize} />
}

const loadResults = () => import('./LotteryResults.tsx')

function LobbyView({ lobby, vn, open, launching, pageSize }: { lobby: Lobby; vn: boolean; open: (g: LotteryGame) => void; launching: string; pageSize?: number }) {
  const t = useT()
  const [limit, setLimit] = useState(pageSize)
  const menus = useStore(lobby.$menus)
  const filters = useStore(lobby.$filters)
  const favourites = useStore($lotteryFavourites)
  const loggedIn = useStore($loggedIn)
  const fetchedAt = useStore(lobby.$fetchedAt)
  const now = useStore(lobby.$now)
  const all = menus.data ?? []
  const scoped = vn ? all.map((m) => ({ ...m, gameMenus: m.gameMenus.filter((g) => g.vendor === 'TCG_LOTTO_VN') })).filter((m) => m.gameMenus.length > 0) : all
  const games = filterGames(scoped, filters, favourites)
  const selected = filters.gameCode ? scoped.flatMap((m) => m.gameMenus).find((g) => g.gameCode === filters.gameCode) : undefined
  const row = (game: LotteryGame, highlight = false) => (
    <GameRow
      key={game.gameCode}
      game={game}
      highlight={highlight}
      fetchedAt={fetchedAt}
      now={now}
      favourite={favourites.has(game.gameCode)}
      canFavourite={loggedIn}
      busy={launching === game.gameCode}
      onOpen={() => open(game)}
      onSelect={() => lobby.setFilters({ gameCode: game.gameCode, playType: game.defaultPlayType, vendor: filters.vendor }, true)}
    />
  )

  return (
    <div className="lk-lot">
      <Filters lobby={lobby} vn={vn} menus={scoped} />

      {selected && (
        <section className="lk-lot-selected" aria-label={t('lottery_selected')}>
          <ul className="lk-lot-list">{row(selected, true)}</ul>
        </section>
      )}
      {filters.gameCode && !selected && menus.data && (
        <p className="lk-lot-note" role="status">
          {t('lottery_game_missing', { gameCode: filters.gameCode })}
        </p>
      )}

      <section aria-labelledby="lk-lot-games">
        <h2 id="lk-lot-games" className="lk-lot-h2">
          {t('lottery_games')}
        </h2>
        {menus.error && !menus.data ? (
          <ErrorState messageKey={menus.error.messageKey} onRetry={() => void lobby.refresh()} />
        ) : !menus.data ? (
          <p className="lk-lot-note" role="status">
            {t('lottery_loading')}
          </p>
        ) : games.length === 0 ? (
          <EmptyState messageKey="lottery_empty" />
        ) : (
          <>
            <ul className="lk-lot-list" aria-busy={menus.loading}>
              {(limit ? games.slice(0, limit) : games).map((g) => row(g))}
            </ul>
            {limit && pageSize && games.length > limit ? (
              <button type="button" className="lk-button lk-lot-more" onClick={() => setLimit(limit + pageSize)}>
                {t('embed_show_more')}
              </button>
            ) : null}
          </>
        )}
      </section>
      <Sides lobby={lobby} rows={pageSize} onSelect={(gameCode) => lobby.setFilters({ gameCode }, true)} />
    </div>
  )
}

/** The lobby's filters: vendor and tag bars, week day and name search, each kept in the address. */
function Filters({ lobby, vn, menus }: { lobby: Lobby; vn: boolean; menus: LotteryMenus }) {
  const t = useT()
  const filters = useStore(lobby.$filters)
  const language = useStore($locale)
  const now = useStore(lobby.$now)
  // Draw days are the brand's: today is today in its zone (the same on a server and on any device).
  const zone = useStore($status).data?.brand.timeZone
  // The language's own tag (`cn` is no locale: it named the runtime's default, another on a server than in a browser).
  const days = weekDayNames(htmlLang(language))
  const today = weekDayOf(new Date(now), zone)
  const vendors = vn ? [] : lotteryVendors.map((v) => ({ value: v, label: t(`lottery_vendor_${v}`) }))
  const tags = tagsOf(menus, filters.vendor).map((tag) => ({ value: tag, label: t(`lottery_tag_${tag}`) }))
  return (
    <>
      {vendors.length > 0 && (
        <ChoiceBar label={t('lottery_vendors')} items={vendors} selected={filters.vendor} onSelect={(vendor) => lobby.setFilters({ vendor, tag: '' }, true)} />
      )}
      <ChoiceBar label={t('lottery_tags')} items={tags} selected={filters.tag} onSelect={(tag) => lobby.setFilters({ tag }, true)} />
      <div className="lk-lot-filters">
        <label className="lk-lot-field">
          <span>{t('lottery_day')}</span>
          <select value={filters.day} onChange={(e) => lobby.setFilters({ day: Number(e.currentTarget.value) }, true)}>
            <option value={0}>{t('lottery_day_all')}</option>
            {days.map((name, i) => (
              <option key={name} value={i + 1}>
                {i + 1 === today ? t('lottery_day_today', { day: name }) : name}
              </option>
            ))}
          </select>
        </label>
        <label className="lk-lot-field">
          <span>{t('lottery_search')}</span>
          <input
            type="search"
            value={filters.name}
            placeholder={t('lottery_search_placeholder')}
            maxLength={50}
            onChange={(e) => lobby.setFilters({ name: e.currentTarget.value })}
          />
        </label>
      </div>
    </>
  )
}

interface RowProps {
  game: LotteryGame
  highlight: boolean
  fetchedAt: number
  now: number
  favourite: boolean
  canFavourite: boolean
  busy: boolean
  onOpen: () => void
  onSelect: () => void
}

function GameRow({ game, highlight, fetchedAt, now, favourite, canFavourite, busy, onOpen, onSelect }: RowProps) {
  const t = useT()
  const lock = secondsLeft(game.remainTime, fetchedAt, now)
  const draw = lock > 0 ? lock + game.lockTime : 0
  const dayWord = (days: number) => t('lottery_days', { days })
  const to = useLotteryLink()
  const href = (view: string) => to(`?gameCode=${encodeURIComponent(game.gameCode)}&view=${view}`)
  return (
    <li className={`lk-lot-game${highlight ? ' lk-lot-game--on' : ''}`} aria-label={game.name}>
      <div className="lk-lot-game__head">
        <button type="button" className="lk-lot-game__name" onClick={onSelect}>
          {game.name}
        </button>
        {canFavourite && (
          <button
            type="button"
            className="lk-lot-fav"
            aria-pressed={favourite}
            aria-label={t('lottery_favourite', { name: game.name })}
            onClick={() => toggleLotteryFavourite(game.gameCode)}
          >
            <IconStar />
          </button>
        )}
      </div>
      <dl className="lk-lot-game__facts">
        <div>
          <dt>{t('lottery_issue')}</dt>
          <dd>{game.numero}</dd>
        </div>
        <div>
          <dt>{t('lottery_locks_in')}</dt>
          <dd>
            <span role="timer">{lock > 0 ? clock(lock, dayWord) : t('lottery_locked')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('lottery_draw_in')}</dt>
          <dd>
            <span role="timer">{lock > 0 ? clock(draw, dayWord) : t('lottery_drawing')}</span>
          </dd>
        </div>
      </dl>
      <div className="lk-lot-game__actions">
        <button type="button" className="lk-button" onClick={onOpen} aria-busy={busy} disabled={busy}>
          {t('lottery_bet')}
        </button>
        <a {...href('results')}>{t('lottery_results')}</a>
        <a {...href('trend')}>{t('lottery_trend')}</a>
      </div>
    </li>
  )
}

function Sides({ lobby, onSelect, rows }: { lobby: Lobby; onSelect: (gameCode: string) => void; rows?: number }) {
  const t = useT()
  const popular = useStore(lobby.$popular)
  const recent = useStore(lobby.$recent)
  const opened = useStore(lobby.$opened)
  const loggedIn = useStore($loggedIn)
  const failed = popular.error ?? opened.error
  return (
    <>
      {failed && <ErrorState messageKey={failed.messageKey} onRetry={() => void lobby.loadSides()} />}
      {loggedIn && <NameList id="lk-lot-recent" title={t('lottery_recent')} items={recent.data} onSelect={onSelect} />}
      <NameList id="lk-lot-popular" title={t('lottery_popular')} items={popular.data} onSelect={onSelect} />
      <Missions lobby={lobby} />
      <Leaderboard lobby={lobby} />
      <OpenedNumbers lobby={lobby} rows={rows} />
    </>
  )
}

/** A titled list of game names to pick from (recent, popular); nothing when it is empty. */
function NameList({ id, title, items, onSelect }: { id: string; title: string; items?: { gameCode: string; name: string }[]; onSelect: (gameCode: string) => void }) {
  if (!items?.length) return null
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="lk-lot-h2">
        {title}
      </h2>
      <ul className="lk-lot-names" id={`${id}-list`}>
        {items.map((g) => (
          <li key={g.gameCode}>
            <button type="button" className="lk-lot-chip" onClick={() => onSelect(g.gameCode)}>
              {g.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Missions({ lobby }: { lobby: Lobby }) {
  const t = useT()
  const missions = useStore(lobby.$missions).data?.missions ?? []
  if (missions.length === 0) return null
  return (
    <section aria-labelledby="lk-lot-missions">
      <h2 id="lk-lot-missions" className="lk-lot-h2">
        {t('lottery_missions')}
      </h2>
      <ul className="lk-lot-list">
        {missions.map((m) => (
          <li key={m.id} className="lk-lot-game">
            <span>{m.title}</span>
            <progress max={m.target} value={m.progress} aria-label={t('lottery_mission_progress', { progress: m.progress, target: m.target })} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function Leaderboard({ lobby }: { lobby: Lobby }) {
  const t = useT()
  const board = useStore(lobby.$leaderboard).data?.list ?? []
  if (board.length === 0) return null
  return (
    <section aria-labelledby="lk-lot-board">
      <h2 id="lk-lot-board" className="lk-lot-h2">
        {t('lottery_leaderboard')}
      </h2>
      <table className="lk-lot-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('lottery_player')}</th>
            <th scope="col">{t('lottery_score')}</th>
          </tr>
        </thead>
        <tbody>
          {board.slice(0, 10).map((r) => (
            <tr key={r.rank}>
              <td>{r.rank}</td>
              <td>{r.account}</td>
              <td>{r.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function OpenedNumbers({ lobby, rows }: { lobby: Lobby; rows?: number }) {
  const t = useT()
  const opened = useStore(lobby.$opened)
  const menus = useStore(lobby.$menus)
  const popular = useStore(lobby.$popular)
  const recent = useStore(lobby.$recent)
  // Every listed game's name: a player never reads a game code.
  const names = new Map([...(menus.data ?? []).flatMap((m) => m.gameMenus), ...(popular.data ?? []), ...(recent.data ?? [])].map((g) => [g.gameCode, g.name]))
  return (
    <section aria-labelledby="lk-lot-opened">
      <h2 id="lk-lot-opened" className="lk-lot-h2">
        {t('lottery_opened')}
      </h2>
      {!opened.data && !opened.error ? (
        <p className="lk-lot-note" role="status">
          {t('lottery_loading')}
        </p>
      ) : opened.data?.length === 0 ? (
        <EmptyState messageKey="lottery_opened_empty" />
      ) : (
        <table className="lk-lot-table">
          <thead>
            <tr>
              <th scope="col">{t('lottery_game')}</th>
              <th scope="col">{t('lottery_issue')}</th>
              <th scope="col">{t('lottery_number')}</th>
            </tr>
          </thead>
          <tbody>
            {(opened.data ?? [])
              .filter((o) => names.has(o.gameCode))
              .slice(0, rows)
              .map((o) => (
                <tr key={`${o.gameCode}-${o.numero}`}>
                  <td>{names.get(o.gameCode)}</td>
                  <td>{o.numero}</td>
                  <td className="lk-lot-number">{displayNumber(o.winningNumber)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
