import type { Hono } from 'hono'
import type { ResponseOf } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import type { Ctx, Deps } from '../http/context.ts'
import { handle } from '../http/handle.ts'
import { type Catalogue, type GameRec, type NameLanguage, catalogueOf, nameLanguage } from '../games/catalogue.ts'
import { type Schedule, currentDraw, localTime, pastDraws, remainTime } from '../games/draws.ts'
import { drawHistory, drawSecret, winningNumberOf } from '../lottery/fair.ts'
import { registerLotteryScreenRoutes } from '../lottery/routes.ts'
import { settleDue } from '../lottery/settle.ts'
import { maskAccount } from '../games/rounds.ts'
import { launchUrl } from '../games/launch.ts'

/**
 * Lottery area: menus with the open draw and its countdown (from the injectable clock), recent and
 * popular games, past results, the lottery launcher, and the mission summary and leaderboard.
 * @module
 */

type MenuGame = ResponseOf<'lotteryPopular'>[number]

interface LotteryRow {
  node_id: string
  game_code: string
  vendor: MenuGame['vendor']
  tag: string
  prize_modes: string
  interval_sec: number
  draw_day_of_week: string
  winning_time: string
  tz_offset_min: number
  lock_time: number
  digits: number
  remark_en: string
  remark_es: string
}

interface Lottery {
  rec: GameRec
  row: LotteryRow
  schedule: Schedule
  modes: string[]
}

async function lotteries(ctx: Ctx): Promise<{ catalogue: Catalogue; list: Lottery[] }> {
  const catalogue = await catalogueOf(ctx.db)
  const rows = await ctx.db.query<LotteryRow>('SELECT * FROM lottery_games ORDER BY sort')
  const list = rows.flatMap((row) => {
    const rec = catalogue.byId.get(row.node_id)
    if (!rec) return []
    const schedule: Schedule = {
      gameCode: row.game_code,
      intervalSec: Number(row.interval_sec),
      drawDayOfWeek: row.draw_day_of_week,
      winningTime: row.winning_time,
      tzOffsetMin: Number(row.tz_offset_min),
      lockTime: Number(row.lock_time),
      digits: Number(row.digits),
    }
    return [{ rec, row, schedule, modes: row.prize_modes.split(',') }]
  })
  return { catalogue, list }
}

function menuGame(l: Lottery, lang: NameLanguage, now: number): MenuGame {
  const draw = currentDraw(l.schedule, now)
  return {
    gameId: l.rec.nodeId,
    gameCode: l.row.game_code,
    name: l.rec.name[lang],
    vendor: l.row.vendor,
    numero: draw.numero,
    remainTime: remainTime(l.schedule, now),
    lockTime: l.schedule.lockTime,
    gameMenuTag: l.row.tag,
    remark: lang === 'es' ? l.row.remark_es : l.row.remark_en,
    drawDayOfWeek: l.row.draw_day_of_week,
    winningTime: l.schedule.intervalSec > 0 ? localTime(l.schedule, draw.drawAt) : l.row.winning_time,
    defaultPlayType: l.rec.defaultPlayType,
  }
}

async function opened(secret: string, l: Lottery, now: number, count: number): Promise<ResponseOf<'lotteryOpened'>> {
  return Promise.all(
    pastDraws(l.schedule, now, count).map(async (d) => ({
      gameCode: l.row.game_code,
      numero: d.numero,
      winningNumber: await winningNumberOf(secret, l.schedule, d.numero),
      openTime: new Date(d.drawAt).toISOString(),
    })),
  )
}

/** Past results of one game, or the latest result of every game in `scope`. */
async function results(ctx: Ctx, input: { gameCode?: string; count: number }, scope: (l: Lottery) => boolean): Promise<ResponseOf<'lotteryOpened'>> {
  const { list } = await lotteries(ctx)
  const now = ctx.now()
  const secret = await drawSecret(ctx.db)
  if (input.gameCode) {
    const l = list.find((x) => x.row.game_code === input.gameCode && scope(x))
    if (!l) throw new Fail('not_found', `No lottery ${input.gameCode}`)
    return opened(secret, l, now, input.count)
  }
  return (await Promise.all(list.filter(scope).map((l) => opened(secret, l, now, 1))))
    .flat()
    .sort((a, b) => b.openTime.localeCompare(a.openTime))
    .slice(0, input.count)
}

const DAY = 86_400_000
const missionText = {
  en: { rounds: 'Play 10 rounds today', wager: 'Wager 500.00 this week', lottery: 'Play 3 lottery rounds today', wins: 'Win 5 rounds this week' },
  es: { rounds: 'Juega 10 rondas hoy', wager: 'Apuesta 500,00 esta semana', lottery: 'Juega 3 rondas de lotería hoy', wins: 'Gana 5 rondas esta semana' },
}

/**
 * Mounts the lottery endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerLotteryRoutes(app: Hono, deps: Deps): void {
  registerLotteryScreenRoutes(app, deps)

  handle(app, deps, 'lotteryMenu', async (input, ctx) => {
    // The lobby polls the menus by the poll rule: draws that have happened settle here too.
    await settleDue(ctx.db, ctx.now())
    const { list } = await lotteries(ctx)
    const lang = nameLanguage(ctx.language)
    const now = ctx.now()
    const tags = new Map<string, MenuGame[]>()
    for (const l of list.filter((x) => x.modes.includes(input.prizeMode))) {
      const games = tags.get(l.row.tag) ?? []
      games.push(menuGame(l, lang, now))
      tags.set(l.row.tag, games)
    }
    return [...tags].map(([tag, gameMenus]) => ({ tag, gameMenus }))
  })

  handle(app, deps, 'lotteryRecent', async (input, ctx) => {
    if (!ctx.member) return []
    const { list } = await lotteries(ctx)
    const byNode = new Map(list.filter((l) => l.modes.includes(input.prizeMode)).map((l) => [l.rec.nodeId, l]))
    const rows = await ctx.db.query<{ node_id: string }>(
      `SELECT r.node_id FROM rounds r JOIN lottery_games l ON l.node_id = r.node_id WHERE r.member_id = $1 AND r.status = 'settled'
       GROUP BY r.node_id ORDER BY max(r.created_at) DESC LIMIT 100`,
      [ctx.member.id],
    )
    const lang = nameLanguage(ctx.language)
    const now = ctx.now()
    return rows
      .flatMap((r) => {
        const l = byNode.get(r.node_id)
        return l ? [menuGame(l, lang, now)] : []
      })
      .slice(0, input.recentCount ?? 100)
  })

  handle(app, deps, 'lotteryPopular', async (input, ctx) => {
    const { list } = await lotteries(ctx)
    const lang = nameLanguage(input.language ?? ctx.language)
    const now = ctx.now()
    return list
      .filter((l) => l.modes.includes(input.prizeMode))
      .sort((a, b) => b.rec.popularity - a.rec.popularity || a.row.game_code.localeCompare(b.row.game_code))
      .slice(0, input.count)
      .map((l) => menuGame(l, lang, now))
  })

  handle(app, deps, 'lotteryOpenedVN', async (input, ctx) => results(ctx, input, (l) => l.row.vendor === 'TCG_LOTTO_VN'))
  handle(app, deps, 'lotteryOpened', async (input, ctx) => results(ctx, input, () => true))

  handle(app, deps, 'lotteryDraws', async (input, ctx) => {
    const { list } = await lotteries(ctx)
    const l = list.find((x) => x.row.game_code === input.gameCode)
    if (!l) throw new Fail('not_found', `No lottery ${input.gameCode}`)
    const now = ctx.now()
    await settleDue(ctx.db, now)
    const draws = await drawHistory(await drawSecret(ctx.db), l.schedule, now, input.count)
    return draws.map((d) => ({ ...d, drawAt: new Date(d.drawAt).toISOString() }))
  })

  handle(app, deps, 'lotteryLaunch', async (input, ctx) => {
    if (!ctx.member) throw new Fail('session_expired', 'Please log in')
    const { list } = await lotteries(ctx)
    const l = list.find((x) => x.row.game_code === input.gameCode)
    if (!l) throw new Fail('not_found', `No lottery ${input.gameCode}`)
    return { content: await launchUrl(ctx, ctx.member.id, l.rec, input.language, input.view) }
  })

  handle(app, deps, 'missionSummary', async (_input, ctx) => {
    if (!ctx.member) throw new Fail('session_expired', 'Please log in')
    const now = ctx.now()
    const today = Math.floor(now / DAY) * DAY
    const [s] = await ctx.db.query<{ today: string | number; lottery: string | number; wager: string | number; wins: string | number }>(
      `SELECT count(*) FILTER (WHERE r.created_at >= $2) AS today,
              count(l.node_id) FILTER (WHERE r.created_at >= $2) AS lottery,
              coalesce(sum(r.stake), 0) AS wager,
              count(*) FILTER (WHERE r.payout > r.stake) AS wins
         FROM rounds r LEFT JOIN lottery_games l ON l.node_id = r.node_id
        WHERE r.member_id = $1 AND r.status = 'settled' AND r.created_at >= $3 AND r.created_at <= $4`,
      [ctx.member.id, today, now - 7 * DAY, now],
    )
    const t = missionText[nameLanguage(ctx.language)]
    const m = (id: string, title: string, progress: number, target: number, reward: number) => ({ id, title, progress: Math.min(progress, target), target, reward })
    return {
      missions: [
        m('M-DAILY-ROUNDS', t.rounds, Number(s.today), 10, 500),
        m('M-DAILY-LOTTERY', t.lottery, Number(s.lottery), 3, 300),
        m('M-WEEK-WAGER', t.wager, Number(s.wager), 50_000, 2_000),
        m('M-WEEK-WINS', t.wins, Number(s.wins), 5, 1_000),
      ],
    }
  })

  handle(app, deps, 'missionLeaderboard', async (_input, ctx) => {
    const now = ctx.now()
    // Ten points per round played this week, next to the seeded board of other players.
    const live = await ctx.db.query<{ username: string; score: string | number }>(
      `SELECT m.username, count(*) * 10 AS score FROM rounds r JOIN members m ON m.id = r.member_id
        WHERE r.status = 'settled' AND r.created_at >= $1 AND r.created_at <= $2 GROUP BY m.username`,
      [now - 7 * DAY, now],
    )
    const seeded = await ctx.db.query<{ account: string; score: number }>('SELECT account, score FROM mission_board')
    const all = [...seeded.map((r) => ({ account: r.account, score: Number(r.score) })), ...live.map((r) => ({ account: maskAccount(r.username), score: Number(r.score) }))]
    return {
      list: all
        .sort((a, b) => b.score - a.score || a.account.localeCompare(b.account))
        .slice(0, 20)
        .map((x, i) => ({ rank: i + 1, ...x })),
    }
  })
}
