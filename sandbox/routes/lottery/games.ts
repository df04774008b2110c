import type { ResponseOf } from '../../../sdk/contract/all.ts'
import { Fail } from '../../http/fail.ts'
import type { Ctx } from '../../http/context.ts'
import { type Catalogue, type GameRec, type NameLanguage, catalogueOf } from '../../games/catalogue.ts'
import { type Schedule, currentDraw, localTime, remainTime } from '../../games/draws.ts'
import { scheduleOf, type ScheduleRow } from '../../lottery/games.ts'

/**
 * The lottery games as the lobby's routes read them: the `lottery_games` rows with their catalogue
 * entries and draw schedules, and a game's menu entry.
 * @module
 */

export type MenuGame = ResponseOf<'lotteryPopular'>[number]

interface LotteryRow extends ScheduleRow {
  node_id: string
  vendor: MenuGame['vendor']
  tag: string
  prize_modes: string
  remark_en: string
  remark_es: string
}

/** A lottery game of the menus: its catalogue entry, its row, its draw schedule and prize modes. */
export interface Lottery {
  rec: GameRec
  row: LotteryRow
  schedule: Schedule
  modes: string[]
}

/** The lottery games in menu order, with the catalogue they were found in. */
export async function lotteries(ctx: Ctx): Promise<{ catalogue: Catalogue; list: Lottery[] }> {
  const catalogue = await catalogueOf(ctx.db)
  const rows = await ctx.db.query<LotteryRow>('SELECT * FROM lottery_games ORDER BY sort')
  const list = rows.flatMap((row) => {
    const rec = catalogue.byId.get(row.node_id)
    if (!rec) return []
    return [{ rec, row, schedule: scheduleOf(row), modes: row.prize_modes.split(',') }]
  })
  return { catalogue, list }
}

/** A lottery game as the menus list it, with its open draw and countdown at `now`. */
export function menuGame(l: Lottery, lang: NameLanguage, now: number): MenuGame {
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

/** The lottery game of a game code, or `not_found`. */
export async function lotteryByCode(ctx: Ctx, gameCode: string): Promise<Lottery> {
  const l = (await lotteries(ctx)).list.find((x) => x.row.game_code === gameCode)
  if (!l) throw new Fail('not_found', `No lottery ${gameCode}`)
  return l
}
