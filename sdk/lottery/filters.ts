import { searchKey, type ResponseOf } from '../contract/index.ts'

/**
 * The lottery list's filters (SPEC §2): vendor, menu tag, draw week day (1–7, Sunday 1) and name, and
 * how they read from and write to the page address, so a shared link or the back button shows the
 * same list. Pure functions.
 * @module
 */

/** One lottery game of a menu. */
export type LotteryGame = ResponseOf<'lotteryMenu'>[number]['gameMenus'][number]
/** The menus as the platform sends them (one per tag). */
export type LotteryMenus = ResponseOf<'lotteryMenu'>

/** What the page shows, as its address says it. */
export interface LotteryFilters {
  vendor: string
  tag: string
  /** 0 = every day; 1–7 (Sunday 1). */
  day: number
  name: string
  gameCode: string
  playType: string
  /** `results` and `trend` show one game's draws; `betting` launches it. */
  view: '' | 'results' | 'trend' | 'betting'
}

/** No filter. */
export const noFilters: LotteryFilters = { vendor: '', tag: '', day: 0, name: '', gameCode: '', playType: '', view: '' }

const views = ['results', 'trend', 'betting'] as const

/** Reads the filters from a query string; unknown or bad values are ignored. */
export function filtersFromQuery(search: string): LotteryFilters {
  const q = new URLSearchParams(search)
  const day = Number(q.get('day'))
  const view = q.get('view') ?? ''
  return {
    vendor: q.get('vendor') ?? '',
    tag: q.get('tag') ?? '',
    day: Number.isInteger(day) && day >= 1 && day <= 7 ? day : 0,
    name: q.get('q') ?? '',
    gameCode: q.get('gameCode') ?? '',
    playType: q.get('playType') ?? '',
    view: (views as readonly string[]).includes(view) ? (view as LotteryFilters['view']) : '',
  }
}

/** The query string of the filters, each parameter only when set (SPEC §2). */
export function queryOfFilters(f: LotteryFilters): string {
  const q = new URLSearchParams()
  if (f.gameCode) q.set('gameCode', f.gameCode)
  if (f.vendor) q.set('vendor', f.vendor)
  if (f.playType) q.set('playType', f.playType)
  if (f.tag) q.set('tag', f.tag)
  if (f.day) q.set('day', String(f.day))
  if (f.name) q.set('q', f.name)
  if (f.view) q.set('view', f.view)
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** Whether a game draws on a week day (1–7, Sunday 1). */
export const drawsOn = (game: LotteryGame, day: number): boolean =>
  game.drawDayOfWeek
    .split(',')
    .map((d) => Number(d.trim()))
    .includes(day)

const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/**
 * A moment's week day in the SPEC's numbering (Sunday 1), in `timeZone` (the brand's, where the draws
 * are held) or, without one, the device's.
 * @example weekDayOf(new Date('2026-11-28T20:00:00Z'), 'Asia/Manila') // 1 (Sunday in Manila)
 */
export function weekDayOf(date: Date, timeZone?: string): number {
  try {
    if (timeZone) return dayNames.indexOf(new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(date)) + 1
  } catch {
    // A zone this runtime does not know: the device's day.
  }
  return date.getDay() + 1
}

/**
 * The games the filters let through, favourites first, in menu order otherwise.
 * @param favourites - game codes the member marked
 */
export function filterGames(menus: LotteryMenus, f: LotteryFilters, favourites: ReadonlySet<string>): LotteryGame[] {
  const name = searchKey(f.name.trim())
  const games = menus
    .filter((m) => !f.tag || m.tag === f.tag)
    .flatMap((m) => m.gameMenus)
    .filter((g) => (!f.vendor || g.vendor === f.vendor) && (!f.day || drawsOn(g, f.day)) && (!name || searchKey(g.name).includes(name) || searchKey(g.gameCode).includes(name)))
  return [...games.filter((g) => favourites.has(g.gameCode)), ...games.filter((g) => !favourites.has(g.gameCode))]
}

/** Menu tags in the order the platform sends them, limited to the vendor when one is chosen. */
export function tagsOf(menus: LotteryMenus, vendor: string): string[] {
  return menus.filter((m) => !vendor || m.gameMenus.some((g) => g.vendor === vendor)).map((m) => m.tag)
}

/** Winning numbers as shown: at most 6 digits (SPEC §9). */
export const displayNumber = (winningNumber: string): string => winningNumber.slice(0, 6)
