import type { Hono } from 'hono'
import { memberOf, type Deps } from '../../http/context.ts'
import { handle } from '../../http/handle.ts'
import { nameLanguage } from '../../games/catalogue.ts'
import { maskAccount } from '../../games/rounds.ts'

/**
 * Missions: the signed-in member's progress on the daily and weekly missions, and the week's
 * leaderboard.
 * @module
 */

const DAY = 86_400_000
const missionText = {
  en: { rounds: 'Play 10 rounds today', wager: 'Wager 500.00 this week', lottery: 'Play 3 lottery rounds today', wins: 'Win 5 rounds this week' },
  es: { rounds: 'Juega 10 rondas hoy', wager: 'Apuesta 500,00 esta semana', lottery: 'Juega 3 rondas de lotería hoy', wins: 'Gana 5 rondas esta semana' },
}

/**
 * Mounts the mission endpoints.
 * @param app - the Hono app
 * @param deps - shared server dependencies
 */
export function registerMissionRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'missionSummary', async (_input, ctx) => {
    const member = memberOf(ctx)
    const now = ctx.now()
    const today = Math.floor(now / DAY) * DAY
    const [s] = await ctx.db.query<{ today: string | number; lottery: string | number; wager: string | number; wins: string | number }>(
      `SELECT count(*) FILTER (WHERE r.created_at >= $2) AS today,
              count(l.node_id) FILTER (WHERE r.created_at >= $2) AS lottery,
              coalesce(sum(r.stake), 0) AS wager,
              count(*) FILTER (WHERE r.payout > r.stake) AS wins
         FROM rounds r LEFT JOIN lottery_games l ON l.node_id = r.node_id
        WHERE r.member_id = $1 AND r.status = 'settled' AND r.created_at >= $3 AND r.created_at <= $4`,
      [member.id, today, now - 7 * DAY, now],
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
