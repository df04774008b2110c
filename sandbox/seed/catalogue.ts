import type { Db } from '../db/index.ts'
import { volatilities, type GameType } from '../../sdk/contract/all.ts'
import { between, insertRows, pick, prng } from './rows.ts'
import { type Names, esportsProducts, kindName, liveTables, pvpGames, pvpLevels, slotName, sportsProducts } from './names.ts'
import { lotteryDefs } from './lottery-games.ts'
import { forgetCatalogue, type GameFields } from '../games/catalogue.ts'

/** A vendor (vassalage) of the seed. */
export interface VendorDef {
  code: string
  name: string
  gameType: GameType
  games: number
  isGame: 'GAME' | 'VASSALAGE'
  isHot: 0 | 1
  color: string
}

const v = (code: string, name: string, gameType: GameType, games: number, color: string, extra: Partial<VendorDef> = {}): VendorDef => ({
  code,
  name,
  gameType,
  games,
  color,
  isGame: 'GAME',
  isHot: 0,
  ...extra,
})

/** Every vendor of the sandbox, in menu order within its category. */
export const vendorDefs: readonly VendorDef[] = [
  v('PG', 'PG Soft', 'RNG', 520, '#f25c05', { isHot: 1 }),
  v('JILI', 'JILI Games', 'RNG', 640, '#e8b10e', { isHot: 1 }),
  v('PP', 'Pragmatic Play', 'RNG', 780, '#ff7a00', { isHot: 1 }),
  v('FC', 'Fa Chai', 'RNG', 410, '#c0392b', { isHot: 1 }),
  v('JDB', 'JDB Gaming', 'RNG', 560, '#2e86de'),
  v('CQ9', 'CQ9 Gaming', 'RNG', 600, '#f39c12'),
  v('RSG', 'Royal Slot Gaming', 'RNG', 380, '#8e44ad'),
  v('KA', 'KA Gaming', 'RNG', 720, '#16a085'),
  v('SPADE', 'Spadegaming', 'RNG', 450, '#2c3e50'),
  v('HAB', 'Habanero', 'RNG', 430, '#d35400'),
  v('PS', 'PlayStar', 'RNG', 300, '#6c5ce7'),
  v('YGR', 'Yggdrasil Rush', 'RNG', 420, '#00b894'),
  v('NS', 'NextSpin', 'RNG', 360, '#0984e3'),
  v('BNG', 'Booongo', 'RNG', 400, '#e84393'),
  v('MG', 'MG Plus', 'RNG', 650, '#27ae60'),
  v('RT', 'Red Tiger Studio', 'RNG', 520, '#b71540'),
  v('AMB', 'AMB Slot', 'RNG', 200, '#f368e0'),
  v('EVOP', 'EvoPlay', 'RNG', 280, '#10ac84'),
  v('TTG', 'Top Trend Gaming', 'RNG', 180, '#576574'),
  v('FG', 'Fun Gaming', 'FISH', 60, '#0abde3', { isHot: 1 }),
  v('BGF', 'Blue Grotto Fishing', 'FISH', 45, '#1e3799'),
  v('OCF', 'Ocean Catch', 'FISH', 50, '#079992'),
  v('YL', 'YL Fishing', 'FISH', 55, '#4a69bd'),
  v('TH', 'Tidehunter', 'FISH', 40, '#38ada9'),
  v('JDBF', 'JDB Fishing', 'FISH', 48, '#3c6382'),
  v('KY', 'Kaiyuan Poker', 'PVP', 120, '#eb2f06', { isGame: 'VASSALAGE', isHot: 1 }),
  v('LEG', 'Legend Chess', 'PVP', 90, '#b33939', { isGame: 'VASSALAGE' }),
  v('V8', 'V8 Poker', 'PVP', 80, '#218c74'),
  v('TP', 'TP Card Room', 'PVP', 70, '#cc8e35'),
  v('MP', 'Mahjong Palace', 'PVP', 60, '#706fd3'),
  v('EVO', 'Evolve Live', 'LIVE', 180, '#1b1464', { isHot: 1 }),
  v('SEXY', 'Sexy Baccarat', 'LIVE', 60, '#c2185b', { isGame: 'VASSALAGE', isHot: 1 }),
  v('DG', 'Dream Gaming', 'LIVE', 70, '#6a1b9a'),
  v('SA', 'SA Gaming', 'LIVE', 90, '#ad1457'),
  v('AG', 'Asia Gaming', 'LIVE', 110, '#00695c'),
  v('WM', 'WM Casino', 'LIVE', 80, '#283593'),
  v('BBIN', 'BB Live', 'LIVE', 60, '#ef6c00'),
  v('PT', 'Playtech Live', 'LIVE', 75, '#1565c0'),
  v('FB', 'FB Sports', 'SPORTS', 4, '#0d47a1', { isHot: 1 }),
  v('SBO', 'SBOBET', 'SPORTS', 5, '#1a237e'),
  v('SABA', 'SABA Sports', 'SPORTS', 6, '#004d40'),
  v('CMD', 'CMD368', 'SPORTS', 4, '#b71c1c'),
  v('BTI', 'BTi Sports', 'SPORTS', 3, '#33691e'),
  v('TF', 'TF Gaming', 'ESPORTS', 6, '#4527a0', { isHot: 1 }),
  v('IA', 'IA Esports', 'ESPORTS', 5, '#311b92'),
  v('DS88', 'DS88 Sabong', 'COCKFIGHT', 4, '#bf360c'),
  v('SV3', 'SV388', 'COCKFIGHT', 4, '#8d6e63'),
  v('TCG_LOTTO_VN', 'TCG Lotto VN', 'ELOTT', 0, '#d32f2f', { isHot: 1 }),
  v('TCG_SEA', 'TCG SEA Lottery', 'ELOTT', 0, '#f57c00'),
  v('ELOTT', 'E-Lottery', 'ELOTT', 0, '#7b1fa2'),
  v('LOTT', 'Lotto Hub', 'LOTT', 0, '#388e3c'),
]

/** Platform menu a category is listed under: esports and cockfight sit in SPORTS until the SDK regroups them (SPEC §4). */
export const menuTypeOf = (t: GameType): GameType => (t === 'ESPORTS' || t === 'COCKFIGHT' ? 'SPORTS' : t)

/** Minimum bets in minor units: 0.01, 0.05, 0.1, 0.5, 0.75, 1, 5. */
export const minBetsMinor = [1, 5, 10, 50, 75, 100, 500] as const

/** One game row as seeded. */
export interface GameRow extends GameFields {
  en: string
  es: string
  maintenance: boolean
}

// Games that banners and notices name; they exist under these names in every seed.
const featured: Record<string, Names> = {
  'PG-0001': { en: 'Golden Dragon Megaways', es: 'Dragón Dorado Megaways' },
  'JILI-0001': { en: 'Rise of the Phoenix', es: 'El Ascenso del Fénix' },
  'PP-0001': { en: 'Lucky Koi Hold & Win', es: 'Koi Afortunado Retén y Gana' },
}

/**
 * The published facts of a seeded game: slots and fishing games have a return to player (94.00 to
 * 97.99 %) and a volatility, except every fourth, which shows a card without them. Drawn from the
 * game's place rather than the random source, so the rest of the seed stays as it was.
 */
export function gameFacts(gameType: GameType, vendorIndex: number, i: number): Pick<GameFields, 'rtp' | 'volatility'> {
  if ((gameType !== 'RNG' && gameType !== 'FISH') || i % 4 === 3) return {}
  return { rtp: 94 + ((i * 37 + vendorIndex * 11) % 400) / 100, volatility: volatilities[(i + vendorIndex) % 3] }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

// RNG classification mix; each draws from its own naming pattern.
const rngKinds: readonly [number, string, string, string][] = [
  [0.06, 'ARCADE', 'Blast', 'Arcade'],
  [0.1, 'BINGO', 'Bingo', 'Bingo'],
  [0.13, 'CRASH', 'Crash', 'Crash'],
  [0.17, 'KENO', 'Keno', 'Keno'],
  [0.21, 'TABLE', 'Roulette', 'Ruleta'],
]

function gameNames(vendor: VendorDef, i: number, rnd: () => number): { names: Names; classify: string } {
  switch (vendor.gameType) {
    case 'RNG': {
      const r = rnd()
      const kind = rngKinds.find(([upTo]) => r < upTo)
      if (kind) return { names: kindName(rnd, kind[2], kind[3]), classify: kind[1] }
      return { names: slotName(rnd), classify: 'SLOT' }
    }
    case 'FISH':
      return { names: rnd() < 0.5 ? kindName(rnd, 'Fishing', 'Pesca') : kindName(rnd, 'Hunter', 'Cazador'), classify: 'FISHING' }
    case 'PVP': {
      const [en, es, classify] = pvpGames[i % pvpGames.length]
      const [lEn, lEs] = pvpLevels[Math.floor(i / pvpGames.length) % pvpLevels.length]
      const table = Math.floor(i / (pvpGames.length * pvpLevels.length)) + 1
      return { names: { en: `${en} ${lEn} ${table}`, es: `${es} ${lEs} ${table}` }, classify }
    }
    case 'LIVE': {
      const classes = Object.keys(liveTables)
      const classify = classes[i % classes.length]
      const tables = liveTables[classify]
      const [en, es] = tables[Math.floor(i / classes.length) % tables.length]
      const n = Math.floor(i / (classes.length * tables.length)) + 1
      const label = `${String.fromCharCode(65 + (n % 6))}${String(n).padStart(2, '0')}`
      return { names: { en: `${en} ${label}`, es: `${es} ${label}` }, classify }
    }
    case 'SPORTS': {
      const [en, es, classify] = sportsProducts[i % sportsProducts.length]
      return { names: { en: `${vendor.name} ${en}`, es: `${es} ${vendor.name}` }, classify }
    }
    case 'ESPORTS': {
      const [en, es] = esportsProducts[i % esportsProducts.length]
      return { names: { en: `${vendor.code} ${en}`, es: `${es} ${vendor.code}` }, classify: 'ESPORTS' }
    }
    case 'COCKFIGHT':
      return { names: { en: `${vendor.name} Arena ${i + 1}`, es: `Arena ${vendor.name} ${i + 1}` }, classify: 'COCKFIGHT' }
    default:
      return { names: slotName(rnd), classify: 'LOTTERY' }
  }
}

/**
 * Builds the whole catalogue in memory, deterministically (same output on every run).
 * @returns vendors and games, lottery games included
 */
export function buildCatalogue(): { vendors: readonly VendorDef[]; games: GameRow[] } {
  const rnd = prng(20_240_601)
  const games: GameRow[] = []
  const seen = new Set(Object.values(featured).map((n) => n.en.toLowerCase()))
  vendorDefs.forEach((vendor, vi) => {
    if (vendor.isGame === 'VASSALAGE') {
      // The vendor's lobby card: clicking it opens the vendor's popup game list instead of a game.
      games.push({
        nodeId: `${vendor.code}-LOBBY`,
        gameCode: `${slug(vendor.code)}_lobby`,
        code: String(900_000 + vi),
        vendor: vendor.code,
        gameType: vendor.gameType,
        gameGroupCode: `${vendor.code}_${vendor.gameType}`,
        gameClassify: vendor.gameType === 'LIVE' ? 'BACCARAT' : 'CARD',
        en: `${vendor.name} Lobby`,
        es: `Lobby ${vendor.name}`,
        isHot: 1,
        isGame: 'VASSALAGE',
        defaultPlayType: '',
        minBet: 100,
        maintenance: false,
        popularity: 5000,
      })
    }
    for (let i = 0; i < vendor.games; i++) {
      let { names, classify } = gameNames(vendor, i, rnd)
      const nodeId = `${vendor.code}-${String(i + 1).padStart(4, '0')}`
      if (featured[nodeId]) ({ names, classify } = { names: featured[nodeId], classify: 'SLOT' })
      // Names stay unique across the catalogue so a search result is unambiguous.
      for (let n = 2; !featured[nodeId] && seen.has(names.en.toLowerCase()); n++) {
        const again = gameNames(vendor, i, rnd)
        names = n > 4 ? { en: `${again.names.en} ${n}`, es: `${again.names.es} ${n}` } : again.names
        classify = again.classify
      }
      seen.add(names.en.toLowerCase())
      const live = vendor.gameType === 'LIVE' || vendor.gameType === 'SPORTS' || vendor.gameType === 'ESPORTS' || vendor.gameType === 'COCKFIGHT'
      games.push({
        nodeId,
        gameCode: `${slug(vendor.code)}_${slug(names.en)}`.slice(0, 64),
        code: String(100_000 + vi * 1000 + i),
        vendor: vendor.code,
        gameType: vendor.gameType,
        gameGroupCode: `${vendor.code}_${vendor.gameType}`,
        gameClassify: classify,
        en: names.en,
        es: names.es,
        isHot: featured[nodeId] || rnd() < (vendor.isHot ? 0.08 : 0.03) ? 1 : 0,
        isGame: 'GAME',
        defaultPlayType: vendor.gameType === 'SPORTS' || vendor.gameType === 'ESPORTS' ? 'MATCH' : vendor.gameType === 'COCKFIGHT' ? 'MERON_WALA' : '',
        minBet: live ? pick(rnd, [10, 50, 100, 500]) : pick(rnd, minBetsMinor),
        // A handful of games are under maintenance so the "game maintenance" answer can be tried.
        maintenance: i === 7 && ['PG', 'JILI', 'EVO', 'KY', 'FG'].includes(vendor.code),
        popularity: between(rnd, 1, 1000) * (vendor.isHot ? 3 : 1),
        ...gameFacts(vendor.gameType, vi, i),
      })
    }
  })
  lotteryDefs.forEach((l, i) => {
    const type: GameType = l.vendor === 'LOTT' ? 'LOTT' : 'ELOTT'
    games.push({
      nodeId: `LOT-${l.gameCode}`,
      gameCode: l.gameCode,
      code: String(800_000 + i),
      vendor: l.vendor,
      gameType: type,
      gameGroupCode: `${l.vendor}_${type}`,
      gameClassify: l.intervalSec > 0 ? 'QUICK' : 'LOTTERY',
      en: l.en,
      es: l.es,
      isHot: i % 5 === 0 ? 1 : 0,
      isGame: 'GAME',
      defaultPlayType: l.defaultPlayType,
      minBet: pick(rnd, [10, 50, 100]),
      maintenance: false,
      popularity: between(rnd, 100, 3000),
    })
  })
  return { vendors: vendorDefs, games }
}

/**
 * Seeds the catalogue: vendors, 10,000+ games, lottery schedules and PvP rooms. Expects an empty
 * catalogue; `seed/index.ts` seeds what refers to the games (`content.ts`) next.
 * @param db - the sandbox database
 * @returns the games seeded
 */
export async function seedCatalogue(db: Db): Promise<readonly GameRow[]> {
  const { vendors, games } = buildCatalogue()
  await db.tx(async (q) => {
    await insertRows(
      q,
      'vendors',
      ['code', 'name', 'game_type', 'menu_type', 'is_hot', 'is_game', 'account_type_id', 'account_type_name', 'color', 'sort'],
      vendors.map((x, i) => [x.code, x.name, x.gameType, menuTypeOf(x.gameType), x.isHot, x.isGame, 100 + i, `${x.code} Wallet`, x.color, i]),
    )
    await insertRows(
      q,
      'games',
      [
        'node_id',
        'game_code',
        'code',
        'vendor',
        'game_type',
        'game_group_code',
        'game_classify',
        'name_en',
        'name_es',
        'is_hot',
        'is_game',
        'default_play_type',
        'min_bet',
        'maintenance',
        'popularity',
        'rtp',
        'volatility',
      ],
      games.map((g) => [
        g.nodeId,
        g.gameCode,
        g.code,
        g.vendor,
        g.gameType,
        g.gameGroupCode,
        g.gameClassify,
        g.en,
        g.es,
        g.isHot,
        g.isGame,
        g.defaultPlayType,
        g.minBet,
        g.maintenance,
        g.popularity,
        g.rtp ?? null,
        g.volatility ?? null,
      ]),
    )
    await insertRows(
      q,
      'lottery_games',
      [
        'node_id',
        'game_code',
        'vendor',
        'tag',
        'prize_modes',
        'interval_sec',
        'draw_day_of_week',
        'winning_time',
        'tz_offset_min',
        'lock_time',
        'digits',
        'remark_en',
        'remark_es',
        'sort',
      ],
      lotteryDefs.map((l, i) => [
        `LOT-${l.gameCode}`,
        l.gameCode,
        l.vendor,
        l.tag,
        l.prizeModes,
        l.intervalSec,
        l.drawDayOfWeek,
        l.winningTime,
        l.tzOffsetMin,
        l.lockTime,
        l.digits,
        l.remarkEn,
        l.remarkEs,
        i,
      ]),
    )
    const rnd = prng(7)
    const pvp = games.filter((g) => g.gameType === 'PVP' && g.isGame === 'GAME').slice(0, 48)
    await insertRows(
      q,
      'rooms',
      ['room_id', 'node_id', 'name', 'min_bet', 'players', 'capacity'],
      pvp.flatMap((g, gi) =>
        pvpLevels.slice(0, 3).map(([level], li) => {
          const capacity = pick(rnd, [4, 6, 9])
          return [`R${gi * 3 + li + 1}`, g.nodeId, `${level} ${gi * 3 + li + 1}`, [10, 100, 1000][li], between(rnd, 0, capacity), capacity]
        }),
      ),
    )
  })
  // A reset re-seeds the same database object: drop the catalogue loaded from the old data.
  forgetCatalogue(db)
  return games
}
