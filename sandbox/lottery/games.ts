import type { Queryable } from '../db/index.ts'
import type { Schedule } from '../games/draws.ts'

/** A lottery game as the betting and settling code needs it. */
export interface LotteryGame {
  nodeId: string
  nameEn: string
  nameEs: string
  vendor: string
  /** Minor units: the smallest unit amount of a bet. */
  minBet: number
  schedule: Schedule
}

/** A `lottery_games` row joined with its game, as {@link lotteryGamesSelect} reads it. */
export interface LotteryRow {
  node_id: string
  game_code: string
  name_en: string
  name_es: string
  vendor: string
  min_bet: number
  interval_sec: number
  draw_day_of_week: string
  winning_time: string
  tz_offset_min: number
  lock_time: number
  digits: number
}

/** The columns of `lottery_games` a draw schedule is made of. */
export type ScheduleRow = Pick<LotteryRow, 'game_code' | 'interval_sec' | 'draw_day_of_week' | 'winning_time' | 'tz_offset_min' | 'lock_time' | 'digits'>

/** The draw schedule of a `lottery_games` row. */
export const scheduleOf = (r: ScheduleRow): Schedule => ({
  gameCode: r.game_code,
  intervalSec: Number(r.interval_sec),
  drawDayOfWeek: r.draw_day_of_week,
  winningTime: r.winning_time,
  tzOffsetMin: Number(r.tz_offset_min),
  lockTime: Number(r.lock_time),
  digits: Number(r.digits),
})

/** The game of a {@link LotteryRow}. */
export const gameOf = (r: LotteryRow): LotteryGame => ({
  nodeId: r.node_id,
  nameEn: r.name_en,
  nameEs: r.name_es,
  vendor: r.vendor,
  minBet: Number(r.min_bet),
  schedule: scheduleOf(r),
})

/** Every lottery game (add a WHERE clause for one). */
export const lotteryGamesSelect = `SELECT l.node_id, l.game_code, g.name_en, g.name_es, l.vendor, g.min_bet, l.interval_sec, l.draw_day_of_week,
  l.winning_time, l.tz_offset_min, l.lock_time, l.digits FROM lottery_games l JOIN games g ON g.node_id = l.node_id`

/** One lottery game by its node id or game code, or `undefined`. */
export async function findLotteryGame(q: Queryable, by: { nodeId: string } | { gameCode: string }): Promise<LotteryGame | undefined> {
  const [row] =
    'nodeId' in by
      ? await q.query<LotteryRow>(`${lotteryGamesSelect} WHERE l.node_id = $1`, [by.nodeId])
      : await q.query<LotteryRow>(`${lotteryGamesSelect} WHERE l.game_code = $1`, [by.gameCode])
  return row && gameOf(row)
}
