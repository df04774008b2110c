import type { Hono } from 'hono'
import type { GameType, ParsedRequestOf, ResponseOf } from '../../sdk/contract/all.ts'
import { gameTypes, realMoneyGameTypes } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import type { Ctx, Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import {
  type Catalogue, type GameRec, type ListFilter, type NameLanguage, catalogueOf, listGames, nameLanguage, pageOf, toGame, toVendor, vendorKey,
} from '../games/catalogue.ts'
import { issueLaunch } from '../games/launch.ts'
import { registerCdnRoutes } from '../games/routes.ts'

/**
 * Games area of the platform: menus, the game list with its filters, announcements and
 * banners, vendor lanes, favourites, recent and hot games, the winner board, launches, PvP rooms and
 * betting records. Catalogue reads come from memory (see `games/catalogue.ts`); member data from the db.
 * @module
 */

const menuOrder: readonly GameType[] = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ELOTT', 'LOTT']
const menuPage: Record<GameType, string> = {
  RNG: '/rng', LIVE: '/live', FISH: '/fish', PVP: '/pvp', SPORTS: '/sports', ESPORTS: '/esports', COCKFIGHT: '/cockfight', ELOTT: '/elott', LOTT: '/lottery',
}
const menuName: Record<NameLanguage, Record<GameType, string>> = {
  en: { RNG: 'Slots', LIVE: 'Live Casino', FISH: 'Fishing', PVP: 'Card Games', SPORTS: 'Sports', ESPORTS: 'Esports', COCKFIGHT: 'Cockfight', ELOTT: 'E-Lottery', LOTT: 'Lottery' },
  es: { RNG: 'Tragamonedas', LIVE: 'Casino en Vivo', FISH: 'Pesca', PVP: 'Juegos de Cartas', SPORTS: 'Deportes', ESPORTS: 'Esports', COCKFIGHT: 'Peleas de Gallos', ELOTT: 'Lotería Electrónica', LOTT: 'Lotería' },
}
const classifyName: Record<NameLanguage, Record<string, string>> = {
  en: {
    SLOT: 'Slots', TABLE: 'Table games', ARCADE: 'Arcade', FISHING: 'Fishing', BINGO: 'Bingo', CRASH: 'Crash', KENO: 'Keno', CARD: 'Card games',
    MAHJONG: 'Mahjong', BOARD: 'Board games', BACCARAT: 'Baccarat', ROULETTE: 'Roulette', SICBO: 'Sic Bo', DRAGONTIGER: 'Dragon Tiger',
    BLACKJACK: 'Blackjack', GAMESHOW: 'Game shows', SPORTSBOOK: 'Sportsbook', VIRTUAL: 'Virtual sports', ESPORTS: 'Esports',
    COCKFIGHT: 'Cockfight', LOTTERY: 'Lottery', QUICK: 'Quick draws',
  },
  es: {
    SLOT: 'Tragamonedas', TABLE: 'Juegos de mesa', ARCADE: 'Arcade', FISHING: 'Pesca', BINGO: 'Bingo', CRASH: 'Crash', KENO: 'Keno', CARD: 'Juegos de cartas',
    MAHJONG: 'Mahjong', BOARD: 'Juegos de tablero', BACCARAT: 'Bacará', ROULETTE: 'Ruleta', SICBO: 'Sic Bo', DRAGONTIGER: 'Dragón Tigre',
    BLACKJACK: 'Blackjack', GAMESHOW: 'Concursos', SPORTSBOOK: 'Apuestas deportivas', VIRTUAL: 'Deportes virtuales', ESPORTS: 'Esports',
    COCKFIGHT: 'Peleas de gallos', LOTTERY: 'Lotería', QUICK: 'Sorteos rápidos',
  },
}
const noticeTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const
/** Games a recent list holds (newest first, one entry per game). */
export const RECENT_LIMIT = 20
const HOT_LIMIT = 30
const LANE_CARDS = 12

const langOf = (asked: string | undefined, ctx: Ctx): NameLanguage => nameLanguage(asked ?? ctx.language)

/** Trial accounts (type 4) play electronic games only; real-money categories need a real account. */
function refuseTrialRealMoney(member: NonNullable<Ctx['member']>, gameType: GameType): void {
  const trial = member.type === 4 || member.isAgent === 4
  if (trial && realMoneyGameTypes.includes(gameType)) throw new Fail('trial_account', 'This game needs a real account')
}

function needMember(ctx: Ctx): NonNullable<Ctx['member']> {
  if (!ctx.member) throw new Fail('session_expired', 'Please log in')
  return ctx.member
}

/** Parses a paging number sent as text by the favourite-list call. */
function pageNumber(raw: string | undefined, fallback: number, max: number, field: string): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Fail('validation_failed', `${field} must be a whole number from 1 to ${max}`, { fields: { [field]: 'err_validation_failed' } })
  return n
}

async function favouriteIds(ctx: Ctx, memberId: string): Promise<string[]> {
  const rows = await ctx.db.query<{ node_id: string }>('SELECT node_id FROM favourites WHERE member_id = $1 ORDER BY created_at DESC, node_id', [memberId])
  return rows.map((r) => r.node_id)
}

/**
 * The member's recently played games, newest first, one entry per game, of one type when `gameType`
 * is given. The type is filtered before the limit, so a member who played other types since still
 * gets a full list of this one.
 */
async function recentIds(ctx: Ctx, memberId: string, gameType: GameType | undefined, limit: number): Promise<string[]> {
  const rows = await ctx.db.query<{ node_id: string }>(
    `SELECT r.node_id FROM rounds r JOIN games g ON g.node_id = r.node_id
     WHERE r.member_id = $1 AND r.status = 'settled' AND ($2::text IS NULL OR g.game_type = $2)
     GROUP BY r.node_id ORDER BY max(r.created_at) DESC, r.node_id LIMIT $3`,
    [memberId, gameType ?? null, limit])
  return rows.map((r) => r.node_id)
}

/** The list filters of a game-list query, normalized (trimmed name, minimum bet in minor units). */
function listFilter(input: ParsedRequestOf<'gameList'>): ListFilter {
  return {
    vassalage: input.vassalage || undefined,
    gameClassify: input.gameClassify || undefined,
    gameName: input.gameName?.trim() || undefined,
    // 0 is the "all" option; other values select games with exactly that minimum bet.
    minBet: input.minBet ? Math.round(input.minBet * 100) : undefined,
  }
}

const recsOf = (c: Catalogue, ids: readonly string[]): GameRec[] => ids.map((id) => c.byId.get(id)).filter((g): g is GameRec => g !== undefined)

const lanesCache = new WeakMap<Catalogue, Map<string, ResponseOf<'vendorLanes'>>>()

function vendorLanes(c: Catalogue, gameType: GameType, lang: NameLanguage): ResponseOf<'vendorLanes'> {
  let byKey = lanesCache.get(c)
  if (!byKey) lanesCache.set(c, (byKey = new Map()))
  const key = `${gameType}|${lang}`
  const cached = byKey.get(key)
  if (cached) return cached
  const lanes = c.vendors.filter((x) => x.gameType === gameType).map((vendor) => {
    const games = c.ordered[lang].get(vendorKey(gameType, vendor.code)) ?? []
    const counts = new Map<string, number>()
    for (const g of games) if (g.isGame === 'GAME') counts.set(g.gameClassify, (counts.get(g.gameClassify) ?? 0) + 1)
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
    // The vendor card (VASSALAGE) leads its lane, then hot and popular games.
    const cards = [...games]
      .sort((a, b) => (a.isGame === 'VASSALAGE' ? -1 : 0) - (b.isGame === 'VASSALAGE' ? -1 : 0) || b.isHot - a.isHot || b.popularity - a.popularity)
      .slice(0, LANE_CARDS).map((g) => toGame(g, lang))
    return { title: vendor.name, gameClassify: main, cards }
  }).filter((lane) => lane.cards.length > 0)
  const value = { data: { lanes } }
  byKey.set(key, value)
  return value
}

/**
 * Mounts the games endpoints and the sandbox "CDN" (play pages, round API, images).
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerGameRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'gameMenus', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = langOf(input.language, ctx)
    return menuOrder.map((gameType) => ({
      gameType, page: menuPage[gameType], name: menuName[lang][gameType],
      vendors: c.vendors.filter((x) => x.menuType === gameType).map(toVendor),
    }))
  })

  // Favourites, recent and hot games have calls of their own (favouriteList, recentGames, hotGames).
  handle(app, deps, 'gameList', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = langOf(input.language, ctx)
    return pageOf(listGames(c, input.gameType, listFilter(input), lang), input.page, input.pageSize, (g) => toGame(g, lang))
  }, {
    // The list is the same for every caller: one serialized reply per query and loaded catalogue
    // (a reseed loads a new one).
    share: async (input, ctx) => {
      const f = listFilter(input)
      return {
        scope: await catalogueOf(ctx.db),
        key: JSON.stringify([langOf(input.language, ctx), input.gameType, f.vassalage, f.gameClassify, f.gameName, f.minBet, input.page, input.pageSize]),
      }
    },
  })

  handle(app, deps, 'announcements', async (input, ctx) => {
    const lang = langOf(input.language, ctx)
    const types = input.types.split(',').map((s) => s.trim()).filter(Boolean)
    const unknown = types.filter((t) => !(noticeTypes as readonly string[]).includes(t))
    if (unknown.length > 0) throw new Fail('validation_failed', `Unknown announcement types: ${unknown.join(', ')}`, { fields: { types: 'err_validation_failed' } })
    const rows = await ctx.db.query<{ id: string; type: (typeof noticeTypes)[number]; title_en: string; title_es: string; content_en: string; content_es: string; image: string; start_time: string | number }>(
      'SELECT id, type, title_en, title_es, content_en, content_es, image, start_time FROM notices WHERE type = ANY($1) AND start_time <= $2 ORDER BY sort',
      [types, ctx.now()])
    const notices = rows.map((r) => ({
      id: r.id, type: r.type, title: lang === 'es' ? r.title_es : r.title_en, content: lang === 'es' ? r.content_es : r.content_en,
      image: r.image, startTime: new Date(Number(r.start_time)).toISOString(),
    }))
    const banners = await ctx.db.query<{ banner_id: string; group_name: string; title_en: string; title_es: string; linkage_type: '' | 'URL' | 'ROUTE' | 'GAME' | 'PROMOTION'; linkage: string }>(
      'SELECT banner_id, group_name, title_en, title_es, linkage_type, linkage FROM banners ORDER BY sort')
    return {
      // The notice bar and notice modal list broadcasts, player notices and headlines.
      player: notices.filter((n) => n.type === 'B' || n.type === 'PL' || n.type === 'H'),
      banners: banners.map((b) => ({
        bannerId: b.banner_id, url: `img/banner/${b.banner_id}.${lang}.svg`, groupName: b.group_name, linkageType: b.linkage_type,
        linkage: b.linkage, title: lang === 'es' ? b.title_es : b.title_en,
      })),
      popup: notices.filter((n) => n.type === 'PU'),
      promotion: notices.filter((n) => n.type === 'PR'),
    }
  })

  handle(app, deps, 'vassGameType', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const counts = new Map<string, number>()
    for (const g of c.ordered.en.get(input.vassalage ? vendorKey(input.gameType, input.vassalage) : input.gameType) ?? []) {
      if (g.isGame === 'GAME') counts.set(g.gameClassify, (counts.get(g.gameClassify) ?? 0) + 1)
    }
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([gameClassify, count]) => ({ gameClassify, name: classifyName[lang][gameClassify] ?? gameClassify, count }))
  })

  handle(app, deps, 'vendorLanes', async (input, ctx) => vendorLanes(await catalogueOf(ctx.db), input.gameType, langOf(input.language, ctx)))

  handle(app, deps, 'favouriteIds', async (input, ctx) => {
    const member = needMember(ctx)
    const ids = await favouriteIds(ctx, member.id)
    if (!input.gameType) return ids
    const c = await catalogueOf(ctx.db)
    return ids.filter((id) => c.byId.get(id)?.gameType === input.gameType)
  })

  handle(app, deps, 'favouriteList', async (input, ctx) => {
    const member = needMember(ctx)
    const page = pageNumber(input.page, 1, 100_000, 'page')
    const pageSize = pageNumber(input.pageSize, 15, 100, 'pageSize')
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const games = recsOf(c, await favouriteIds(ctx, member.id)).filter((g) => !input.gameType || g.gameType === input.gameType)
    return pageOf(games, page, pageSize, (g) => toGame(g, lang))
  })

  handle(app, deps, 'favouriteAdd', async (input, ctx) => {
    const member = needMember(ctx)
    const c = await catalogueOf(ctx.db)
    if (!c.byId.has(input.nodeId)) throw new Fail('not_found', `No game ${input.nodeId}`)
    await ctx.db.query('INSERT INTO favourites (member_id, node_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (member_id, node_id) DO NOTHING',
      [member.id, input.nodeId, ctx.now()])
    return favouriteIds(ctx, member.id)
  })

  handle(app, deps, 'favouriteRemove', async (input, ctx) => {
    const member = needMember(ctx)
    const c = await catalogueOf(ctx.db)
    if (!c.byId.has(input.nodeId)) throw new Fail('not_found', `No game ${input.nodeId}`)
    await ctx.db.query('DELETE FROM favourites WHERE member_id = $1 AND node_id = $2', [member.id, input.nodeId])
    return favouriteIds(ctx, member.id)
  })

  handle(app, deps, 'recentGames', async (input, ctx) => {
    const member = needMember(ctx)
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const games = recsOf(c, await recentIds(ctx, member.id, input.gameType, RECENT_LIMIT))
    return { list: games.map((g) => toGame(g, lang)), totalPages: games.length > 0 ? 1 : 0 }
  })

  handle(app, deps, 'hotGames', async (input, ctx) => {
    const c = await catalogueOf(ctx.db)
    const lang = langOf(input.language, ctx)
    const list = c.games.filter((g) => g.isHot === 1 && g.isGame === 'GAME' && (!input.gameType || g.gameType === input.gameType))
      .sort((a, b) => b.popularity - a.popularity || a.nodeId.localeCompare(b.nodeId)).slice(0, HOT_LIMIT)
    return { list: list.map((g) => toGame(g, lang)), footer: c.vendors.map(toVendor) }
  })

  handle(app, deps, 'rankList', async (input, ctx) => {
    const category = input.gameCategory.toUpperCase()
    if (category !== 'ALL' && !(gameTypes as readonly string[]).includes(category)) {
      throw new Fail('validation_failed', `gameCategory must be ALL or one of ${gameTypes.join(', ')}`, { fields: { gameCategory: 'err_validation_failed' } })
    }
    const limit = pageNumber(input.limitNum, 50, 50, 'limitNum')
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const rows = await ctx.db.query<{ account: string; node_id: string; win_amount: string | number; created_at: string | number }>(
      `SELECT w.account, w.node_id, w.win_amount, w.created_at FROM winners w JOIN games g ON g.node_id = w.node_id
       WHERE ($1 = 'ALL' OR g.game_type = $1) ORDER BY w.created_at DESC, w.id DESC LIMIT $2`, [category, limit])
    return rows.flatMap((r) => {
      const g = c.byId.get(r.node_id)
      return g ? [{ vo: { account: r.account, gameName: g.name[lang], gameType: g.gameType, winAmount: Number(r.win_amount), time: new Date(Number(r.created_at)).toISOString() } }] : []
    })
  })

  handle(app, deps, 'gameInfo', async (input, ctx) => {
    const g = (await catalogueOf(ctx.db)).byId.get(input.nodeId)
    if (!g) throw new Fail('not_found', `No game ${input.nodeId}`)
    return toGame(g, langOf(input.language, ctx))
  })

  handle(app, deps, 'launchGame', async (input, ctx) => {
    const member = needMember(ctx)
    const c = await catalogueOf(ctx.db)
    const g = c.byId.get(input.nodeId)
    if (!g) throw new Fail('not_found', `No game ${input.nodeId}`)
    refuseTrialRealMoney(member, g.gameType)
    return { content: await launchUrl(ctx, member.id, g, input.language) }
  })

  handle(app, deps, 'launchFB', async (input, ctx) => {
    const member = needMember(ctx)
    const c = await catalogueOf(ctx.db)
    const g = (c.ordered.en.get(vendorKey('SPORTS', 'FB')) ?? []).find((x) => x.gameClassify === 'SPORTSBOOK')
    if (!g) throw new Fail('not_found', 'The FB sportsbook is not available')
    refuseTrialRealMoney(member, 'SPORTS')
    return { content: await launchUrl(ctx, member.id, g, input.language) }
  })

  handle(app, deps, 'roomList', async (input, ctx) => {
    const rows = await ctx.db.query<{ room_id: string; node_id: string; game_code: string; name: string; min_bet: number; players: number; capacity: number }>(
      `SELECT r.room_id, r.node_id, g.game_code, r.name, r.min_bet, r.players, r.capacity FROM rooms r JOIN games g ON g.node_id = r.node_id
       WHERE ($1::text IS NULL OR g.game_code = $1) ORDER BY r.room_id LIMIT 200`, [input.gameCode ?? null])
    return rows.map((r) => ({ roomId: r.room_id, nodeId: r.node_id, gameCode: r.game_code, name: r.name, minBet: Number(r.min_bet) / 100, players: Number(r.players), capacity: Number(r.capacity) }))
  })

  handle(app, deps, 'betHistory', async (input, ctx) => {
    const member = needMember(ctx)
    const c = await catalogueOf(ctx.db)
    const lang = nameLanguage(ctx.language)
    const [{ total }] = await ctx.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM rounds WHERE member_id = $1 AND status = 'settled'`, [member.id])
    const rows = await ctx.db.query<{ id: string; node_id: string; stake: string | number; payout: string | number; created_at: string | number }>(
      `SELECT id, node_id, stake, payout, created_at FROM rounds WHERE member_id = $1 AND status = 'settled'
       ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [member.id, input.pageSize, (input.page - 1) * input.pageSize])
    const n = Number(total)
    return {
      list: rows.map((r) => {
        const g = c.byId.get(r.node_id)
        return {
          roundId: r.id, nodeId: r.node_id, gameName: g?.name[lang] ?? r.node_id, gameType: g?.gameType ?? 'RNG',
          stake: Number(r.stake), payout: Number(r.payout), time: new Date(Number(r.created_at)).toISOString(),
        }
      }),
      page: input.page, pageSize: input.pageSize, total: n, totalPages: Math.ceil(n / input.pageSize),
    }
  })

  registerCdnRoutes(app, deps)
}

/**
 * Checks a game can be launched (not a vendor card, not under maintenance) and issues its launch URL.
 * @param view - lottery page view (`betting` or `lobby`)
 */
export async function launchUrl(ctx: Ctx, memberId: string, g: GameRec, language: string | undefined, view?: string): Promise<string> {
  if (g.isGame === 'VASSALAGE') throw new Fail('validation_failed', `${g.vendor} opens its game list: launch one of its games`, { fields: { nodeId: 'err_validation_failed' } })
  // Maintenance is read from the database on every launch so an operator's switch applies at once.
  const [row] = await ctx.db.query<{ maintenance: boolean }>('SELECT maintenance FROM games WHERE node_id = $1', [g.nodeId])
  if (row?.maintenance) throw new Fail('game_maintenance', `${g.name.en} is under maintenance: please try another game`)
  if (!ctx.session) throw new Fail('session_expired')
  return issueLaunch(ctx.db, { memberId, sessionHash: ctx.session.hash, nodeId: g.nodeId, language: nameLanguage(language ?? ctx.language), view }, ctx.now())
}

