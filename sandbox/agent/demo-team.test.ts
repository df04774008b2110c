import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { hasAgentTeam, seedAgentTeam } from './demo-team.ts'

const { sb } = sandboxForFile()
let seededIn = 0
let made: { members: number; rounds: number }
const now = Date.now()

beforeAll(async () => {
  const t0 = performance.now()
  made = await seedAgentTeam(sb.db, now)
  seededIn = performance.now() - t0
}, 300_000)

const overview = async (token: string, input: Record<string, string>) => {
  const res = await fetch(`${sb.url}${endpoints.agentTeamOverview.path}?${new URLSearchParams(input)}`, { headers: { Authorization: `Bearer ${token}` } })
  return ((await res.json()) as { value: { figures: Record<string, number>; days: unknown[] } }).value
}

describe('the demo team of agent01', () => {
  it('is three levels of about 200 downlines with 90 days of play, seeded quickly and only once', async () => {
    console.log(`[demo-team] ${made.members} members, ${made.rounds} rounds seeded in ${Math.round(seededIn)} ms`)
    expect(made.members).toBe(208)
    expect(made.rounds).toBeGreaterThan(5_000)
    expect(seededIn).toBeLessThan(30_000)
    expect(await hasAgentTeam(sb.db)).toBe(true)
    expect(await seedAgentTeam(sb.db, now)).toEqual({ members: 0, rounds: 0 })
    const levels = await sb.db.query<{ level: number; n: number }>(
      `WITH RECURSIVE t AS (SELECT id, 1 AS level FROM members WHERE upline_id = (SELECT id FROM members WHERE username = 'agent01')
        UNION ALL SELECT m.id, t.level + 1 FROM members m JOIN t ON m.upline_id = t.id) SELECT level, count(*)::int AS n FROM t GROUP BY level ORDER BY level`,
    )
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3])
  })

  it('keeps the ledger balanced, every balance the sum of its entries and none negative', async () => {
    const [sum] = await sb.db.query<{ s: number }>('SELECT sum(balance)::int8 AS s FROM ledger_accounts')
    expect(Number(sum.s)).toBe(0)
    const off = await sb.db.query(`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount) AS s FROM ledger_entries GROUP BY 1) e ON e.account_id = a.id
      WHERE a.balance <> coalesce(e.s, 0)`)
    expect(off).toEqual([])
    const [tx] = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT transaction_id FROM ledger_entries GROUP BY 1 HAVING sum(amount) <> 0) x')
    expect(tx.n).toBe(0)
  })

  it("gives agent01's reports figures that match the rows they come from", async () => {
    const [{ id }] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'agent01'")
    const token = await createSession(sb.db, id, Date.now(), '127.0.0.1')
    const to = new Date(now).toISOString().slice(0, 10)
    const from = new Date(now - 89 * 86_400_000).toISOString().slice(0, 10)
    const range = await overview(token, { period: 'range', from, to })
    const [r] = await sb.db.query<{ bets: number; pl: number }>(
      `SELECT sum(stake)::int8 AS bets, sum(payout - stake)::int8 AS pl FROM rounds WHERE id LIKE 'demo\\_%' AND created_at >= $1`,
      [Date.parse(`${from}T00:00:00Z`)],
    )
    expect(range.figures.size).toBeGreaterThanOrEqual(208)
    expect(range.figures.bets).toBe(Number(r.bets))
    expect(range.figures.profitLoss).toBe(Number(r.pl))
    expect(range.figures.profitLoss).toBeLessThan(0)
    expect(range.figures.deposits).toBeGreaterThan(0)
    expect(range.figures.withdrawals).toBeGreaterThan(0)
    expect(range.days).toHaveLength(90)
  })
})
