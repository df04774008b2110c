import type { Hono } from 'hono'
import type { GameType, Language, ResponseOf } from '../../../sdk/contract/all.ts'
import type { Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { type Catalogue, type NameLanguage, catalogueOf, toGame, toVendor, vendorKey } from '../../games/catalogue.ts'
import { langOf } from './language.ts'
import { textLangOf } from '../../games/texts.ts'

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
// Names in every language of the contract (Chinese and Vietnamese: issue 40).
const menuName: Record<Language, Record<GameType, string>> = {
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
  cn: { RNG: '老虎机', LIVE: '真人娱乐', FISH: '捕鱼', PVP: '棋牌', SPORTS: '体育', ESPORTS: '电子竞技', COCKFIGHT: '斗鸡', ELOTT: '电子彩票', LOTT: '彩票' },
  vi: {
    RNG: 'Nổ hũ',
    LIVE: 'Casino trực tiếp',
    FISH: 'Bắn cá',
    PVP: 'Đánh bài',
    SPORTS: 'Thể thao',
    ESPORTS: 'Thể thao điện tử',
    COCKFIGHT: 'Đá gà',
    ELOTT: 'Xổ số điện tử',
    LOTT: 'Xổ số',
  },
}
const classifyName: Record<Language, Record<string, string>> = {
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
  cn: {
    SLOT: '老虎机',
    TABLE: '桌面游戏',
    ARCADE: '街机',
    FISHING: '捕鱼',
    BINGO: '宾果',
    CRASH: '爆点游戏',
    KENO: '基诺',
    CARD: '牌类游戏',
    MAHJONG: '麻将',
    BOARD: '棋类游戏',
    BACCARAT: '百家乐',
    ROULETTE: '轮盘',
    SICBO: '骰宝',
    DRAGONTIGER: '龙虎',
    BLACKJACK: '21 点',
    GAMESHOW: '游戏秀',
    SPORTSBOOK: '体育投注',
    VIRTUAL: '虚拟体育',
    ESPORTS: '电子竞技',
    COCKFIGHT: '斗鸡',
    LOTTERY: '彩票',
    QUICK: '快开彩',
  },
  vi: {
    SLOT: 'Nổ hũ',
    TABLE: 'Trò chơi bàn',
    ARCADE: 'Trò chơi giải trí',
    FISHING: 'Bắn cá',
    BINGO: 'Bingo',
    CRASH: 'Trò chơi nổ',
    KENO: 'Keno',
    CARD: 'Đánh bài',
    MAHJONG: 'Mạt chược',
    BOARD: 'Cờ',
    BACCARAT: 'Baccarat',
    ROULETTE: 'Cò quay',
    SICBO: 'Tài xỉu',
    DRAGONTIGER: 'Rồng hổ',
    BLACKJACK: 'Xì dách',
    GAMESHOW: 'Trò chơi truyền hình',
    SPORTSBOOK: 'Cá cược thể thao',
    VIRTUAL: 'Thể thao ảo',
    ESPORTS: 'Thể thao điện tử',
    COCKFIGHT: 'Đá gà',
    LOTTERY: 'Xổ số',
    QUICK: 'Xổ số nhanh',
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
    const lang = textLangOf(input.language, ctx.language)
    return menuOrder.map((gameType) => ({
      gameType,
      page: menuPage[gameType],
      name: menuName[lang][gameType],
      vendors: c.vendors.filter((x) => x.menuType === gameType).map(toVendor),
    }))
  })

  handle(app, deps, 'vassGameType', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = textLangOf(undefined, ctx.language)
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
