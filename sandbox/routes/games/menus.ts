import type { Hono } from 'hono'
import type { GameType, ResponseOf } from '../../../sdk/contract/all.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { type Catalogue, type NameLanguage, catalogueOf, nameLanguage, toGame, toVendor, vendorKey } from '../../games/catalogue.ts'
import { langOf } from './language.ts'

/**
 * The games menu: the categories with their vendors, each category's classifications with counts, and
 * the vendor lanes of a category. Catalogue reads come from memory (see `games/catalogue.ts`).
 * @module
 */

const menuOrder: readonly GameType[] = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ELOTT', 'LOTT']
const menuPage: Record<GameType, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  ELOTT: '/elott',
  LOTT: '/lottery',
}
const menuName: Record<NameLanguage, Record<GameType, string>> = {
  en: { RNG: 'Slots', LIVE: 'Live Casino', FISH: 'Fishing', PVP: 'Card Games', SPORTS: 'Sports', ESPORTS: 'Esports', COCKFIGHT: 'Cockfight', ELOTT: 'E-Lottery', LOTT: 'Lottery' },
  es: {
    RNG: 'Tragamonedas',
    LIVE: 'Casino en Vivo',
    FISH: 'Pesca',
    PVP: 'Juegos de Cartas',
    SPORTS: 'Deportes',
    ESPORTS: 'Esports',
    COCKFIGHT: 'Peleas de Gallos',
    ELOTT: 'Lotería Electrónica',
    LOTT: 'Lotería',
  },
}
const classifyName: Record<NameLanguage, Record<string, string>> = {
  en: {
    SLOT: 'Slots',
    TABLE: 'Table games',
    ARCADE: 'Arcade',
    FISHING: 'Fishing',
    BINGO: 'Bingo',
    CRASH: 'Crash',
    KENO: 'Keno',
    CARD: 'Card games',
    MAHJONG: 'Mahjong',
    BOARD: 'Board games',
    BACCARAT: 'Baccarat',
    ROULETTE: 'Roulette',
    SICBO: 'Sic Bo',
    DRAGONTIGER: 'Dragon Tiger',
    BLACKJACK: 'Blackjack',
    GAMESHOW: 'Game shows',
    SPORTSBOOK: 'Sportsbook',
    VIRTUAL: 'Virtual sports',
    ESPORTS: 'Esports',
    COCKFIGHT: 'Cockfight',
    LOTTERY: 'Lottery',
    QUICK: 'Quick draws',
  },
  es: {
    SLOT: 'Tragamonedas',
    TABLE: 'Juegos de mesa',
    ARCADE: 'Arcade',
    FISHING: 'Pesca',
    BINGO: 'Bingo',
    CRASH: 'Crash',
    KENO: 'Keno',
    CARD: 'Juegos de cartas',
    MAHJONG: 'Mahjong',
    BOARD: 'Juegos de tablero',
    BACCARAT: 'Bacará',
    ROULETTE: 'Ruleta',
    SICBO: 'Sic Bo',
    DRAGONTIGER: 'Dragón Tigre',
    BLACKJACK: 'Blackjack',
    GAMESHOW: 'Concursos',
    SPORTSBOOK: 'Apuestas deportivas',
    VIRTUAL: 'Deportes virtuales',
    ESPORTS: 'Esports',
    COCKFIGHT: 'Peleas de gallos',
    LOTTERY: 'Lotería',
    QUICK: 'Sorteos rápidos',
  },
}
const LANE_CARDS = 12

const lanesCache = new WeakMap<Catalogue, Map<string, ResponseOf<'vendorLanes'>>>()

function vendorLanes(c: Catalogue, gameType: GameType, lang: NameLanguage): ResponseOf<'vendorLanes'> {
  let byKey = lanesCache.get(c)
  if (!byKey) lanesCache.set(c, (byKey = new Map()))
  const key = `${gameType}|${lang}`
  const cached = byKey.get(key)
  if (cached) return cached
  const lanes = c.vendors
    .filter((x) => x.gameType === gameType)
    .map((vendor) => {
      const games = c.ordered[lang].get(vendorKey(gameType, vendor.code)) ?? []
      const counts = new Map<string, number>()
      for (const g of games) if (g.isGame === 'GAME') counts.set(g.gameClassify, (counts.get(g.gameClassify) ?? 0) + 1)
      const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
      // The vendor card (VASSALAGE) leads its lane, then hot and popular games.
      const cards = [...games]
        .sort((a, b) => (a.isGame === 'VASSALAGE' ? -1 : 0) - (b.isGame === 'VASSALAGE' ? -1 : 0) || b.isHot - a.isHot || b.popularity - a.popularity)
        .slice(0, LANE_CARDS)
        .map((g) => toGame(g, lang))
      return { title: vendor.name, gameClassify: main, cards }
    })
    .filter((lane) => lane.cards.length > 0)
  const value = { data: { lanes } }
  byKey.set(key, value)
  return value
}

/**
 * Mounts the menu, classification and vendor-lane endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerGameMenuRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'gameMenus', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = langOf(input.language, ctx)
    return menuOrder.map((gameType) => ({
      gameType,
      page: menuPage[gameType],
      name: menuName[lang][gameType],
      vendors: c.vendors.filter((x) => x.menuType === gameType).map(toVendor),
    }))
  })

  handle(app, deps, 'vassGameType', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const counts = new Map<string, number>()
    for (const g of c.ordered.en.get(input.vassalage ? vendorKey(input.gameType, input.vassalage) : input.gameType) ?? []) {
      if (g.isGame === 'GAME') counts.set(g.gameClassify, (counts.get(g.gameClassify) ?? 0) + 1)
    }
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([gameClassify, count]) => ({ gameClassify, name: classifyName[lang][gameClassify] ?? gameClassify, count }))
  })

  handle(app, deps, 'vendorLanes', async (input, ctx) => vendorLanes(await catalogueOf(ctx.db), input.gameType, langOf(input.language, ctx)))
}
