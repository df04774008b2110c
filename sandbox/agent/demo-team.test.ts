import { dayOf, dayStart, isoDay } from './zone.ts'
import { brand } from '../seed/config.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { endpoints } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { hasAgentTeam, seedAgentTeam, TEAM_DAYS } from './demo-team.ts'
import { amountFor, basisOf, payRun, type PaidPeriod } from './payruns.ts'

const { sb } = sandboxForFile()
let made: { members: number; rounds: number }
const now = Date.now()

// How long the seed takes is a figure of `npm run bench` (tests/bench/demo-team.ts), not a test.
beforeAll(async () => {
  made = await seedAgentTeam(sb.db, now)
})

/** A GET, sent again once when the kept-alive socket was closed under it (the pay runs keep this process busy for a while). */
const get = async (url: string, init: RequestInit) => {
  try {
    return await fetch(url, init)
  } catch {
    return fetch(url, init)
  }
}

const overview = async (token: string, input: Record<string, string>) => {
  const res = await get(`${sb.url}${endpoints.agentTeamOverview.path}?${new URLSearchParams(input)}`, { headers: { Authorization: `Bearer ${token}` } })
  return ((await res.json()) as { value: { figures: Record<string, number>; days: unknown[] } }).value
}

describe('the demo team of agent01', () => {
  it('is three levels of about 200 downlines with 90 days of play, seeded only once', async () => {
    expect(made.members).toBe(208)
    expect(made.rounds).toBeGreaterThan(5_000)
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

  it('has no row after the moment it was seeded: rounds, ledger entries, members', async () => {
    const [later] = await sb.db.query<{ rounds: number; entries: number; members: number }>(
      `SELECT (SELECT count(*) FROM rounds WHERE id LIKE 'demo\\_%' AND created_at > $1)::int AS rounds,
         (SELECT count(*) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE t.memo = 'demo team' AND e.created_at > to_timestamp($1 / 1000.0))::int AS entries,
         (SELECT count(*) FROM members WHERE username ~ '^t[abm][0-9]+$' AND created_at > to_timestamp($1 / 1000.0))::int AS members`,
      [now],
    )
    expect(later).toEqual({ rounds: 0, entries: 0, members: 0 })
  })

  it("gives agent01's reports figures that match the rows they come from", async () => {
    const [{ id }] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'agent01'")
    const token = await createSession(sb.db, id, Date.now(), '127.0.0.1')
    // The report's days are the brand's (UTC+08:00), not UTC's: the two differ from 16:00 UTC on.
    const lastDay = dayOf(now, brand.timeZone)
    const to = isoDay(lastDay)
    const from = isoDay(lastDay - 89)
    const range = await overview(token, { period: 'range', from, to })
    const [r] = await sb.db.query<{ bets: number; pl: number }>(
      `SELECT sum(stake)::int8 AS bets, sum(payout - stake)::int8 AS pl FROM rounds WHERE id LIKE 'demo\\_%' AND created_at >= $1`,
      [dayStart(lastDay - 89, brand.timeZone)],
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

describe("the demo team's pay", () => {
  it('pays 90 days of daily salaries and weekly dividends out of shares, and the income and team reports match the payouts', async () => {
    const DAY = 86_400_000
    const start = Math.floor(now / DAY) * DAY - TEAM_DAYS * DAY
    const all: PaidPeriod[] = []
    const t0 = performance.now()
    for (let d = 1; d <= TEAM_DAYS; d++) all.push(...(await payRun(sb.db, start + d * DAY + 60_000)).filter((p) => !p.replay))
    console.log(`[demo-team] ${TEAM_DAYS} daily pay runs: ${all.length} contract periods in ${Math.round(performance.now() - t0)} ms`)
    const contracts = await sb.db.query<{
      id: string
      kind: 'daily_salary' | 'dividend'
      upline_id: string
      downline_id: string
      rate_bp: number
      min_active: number
      username: string
    }>(
      `SELECT c.id, c.kind, c.upline_id, c.downline_id, c.rate_bp, c.min_active, m.username FROM agent_contracts c JOIN members m ON m.id = c.downline_id WHERE c.id LIKE 'ct\\_demo\\_%'`,
    )
    expect(contracts).toHaveLength(32)
    const paidDays = new Set(all.filter((p) => p.kind === 'daily_salary' && p.amount > 0).map((p) => p.periodStart))
    expect(paidDays.size).toBeGreaterThan(80)
    expect(all.some((p) => p.kind === 'dividend' && p.amount > 0)).toBe(true)
    expect(all.every((p) => p.amount >= 0)).toBe(true)

    // Each team agent's subtree is paid exactly its own contract's share of the team's result, no more.
    const byId = new Map(contracts.map((c) => [c.id, c]))
    const periods = new Map<string, PaidPeriod[]>()
    for (const p of all) periods.set(`${p.kind}:${p.periodStart}`, [...(periods.get(`${p.kind}:${p.periodStart}`) ?? []), p])
    let checked = 0
    for (const list of [...periods.values()].filter((_, i) => i % 9 === 0)) {
      for (const top of list.filter((p) => byId.get(p.contractId)!.username.startsWith('ta'))) {
        const c = byId.get(top.contractId)!
        const subs = list.filter((p) => byId.get(p.contractId)!.upline_id === c.downline_id)
        const end = c.kind === 'dividend' ? top.periodStart + 7 * DAY : top.periodStart + DAY
        const share = amountFor(
          { kind: c.kind, rateBp: Number(c.rate_bp), winRateBp: 0, lossRateBp: 0, minActive: Number(c.min_active), minValidBet: 0, minLoss: 0 },
          await basisOf(sb.db, c.downline_id, top.periodStart, end),
        )
        expect(top.amount + subs.reduce((s, p) => s + p.amount, 0)).toBe(share)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(20)

    // ta01's income page lists what the runs paid it, the ledger holds the same, and each payout's
    // basis is the team overview of its day.
    const [ta01] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'ta01'")
    const token = await createSession(sb.db, ta01.id, Date.now(), '127.0.0.1')
    const res = await get(`${sb.url}${endpoints.agentPayouts.path}?${new URLSearchParams({ kind: 'daily_salary', pageSize: '100' })}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const income = (
      (await res.json()) as { value: { list: { periodStart: string; amount: number; basis: { validBets: number; profitLoss: number } }[]; sum: number; total: number } }
    ).value
    const mine = all.filter((p) => p.downlineId === ta01.id && p.kind === 'daily_salary' && p.amount > 0)
    expect(income.total).toBe(mine.length)
    expect(income.sum).toBe(mine.reduce((s, p) => s + p.amount, 0))
    const [ledger] = await sb.db.query<{ s: number }>(
      `SELECT coalesce(sum(e.amount), 0)::int8 AS s FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE e.account_id = $1 AND t.kind = 'daily_salary'`,
      [`member:${ta01.id}:main`],
    )
    expect(Number(ledger.s)).toBe(income.sum)
    for (const p of income.list.filter((_, i) => i % 20 === 0)) {
      // The platform zone's day the period started (Asia/Manila: 16:00 UTC the day before).
      const day = isoDay(dayOf(Date.parse(p.periodStart), brand.timeZone))
      const o = await overview(token, { period: 'range', from: day, to: day })
      expect([o.figures.validBets, o.figures.profitLoss]).toEqual([p.basis.validBets, p.basis.profitLoss])
    }
    const [sum] = await sb.db.query<{ s: number }>('SELECT sum(balance)::int8 AS s FROM ledger_accounts')
    expect(Number(sum.s)).toBe(0)
  }, 600_000)
})
