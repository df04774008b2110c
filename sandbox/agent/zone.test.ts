import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { putSetting } from '../settings.ts'
import { brand } from '../seed/config.ts'
import { payRun, payoutsOf, periodBefore, windowAfter } from './payruns.ts'
import { teamBets, teamTransactions } from './activity.ts'
import { countInvitationVisit, invitationFunnel } from './invitation-funnel.ts'
import { memberAccount, openAccount, openHouseAccounts } from '../ledger.ts'
import { profitLoss, teamOverview } from './reports.ts'
import { dayOf, dayStart, isoDay } from './zone.ts'
import { acceptedContract, DAY, HOUR, settledRound, terms } from './testkit.ts'

const { sb } = sandboxForFile()
const MANILA = 'Asia/Manila'

describe('days of the platform zone', () => {
  it('cuts a Manila day at 16:00 UTC', () => {
    const end = Date.UTC(2026, 10, 27, 15, 59, 59)
    expect(isoDay(dayOf(end, MANILA))).toBe('2026-11-27')
    expect(isoDay(dayOf(end + 1000, MANILA))).toBe('2026-11-28')
    expect(dayStart(dayOf(end + 1000, MANILA), MANILA)).toBe(end + 1000)
    expect(periodBefore('daily', end + 1000, MANILA)).toEqual({ start: Date.UTC(2026, 10, 26, 16), end: Date.UTC(2026, 10, 27, 16) })
    // Monday 30 Nov 00:00 in Manila is Sunday 29 Nov 16:00 UTC.
    expect(periodBefore('weekly', Date.UTC(2026, 10, 29, 16, 30), MANILA).end).toBe(Date.UTC(2026, 10, 29, 16))
    expect(periodBefore('monthly', Date.UTC(2026, 10, 30, 17), MANILA)).toEqual({ start: Date.UTC(2026, 9, 31, 16), end: Date.UTC(2026, 10, 30, 16) })
  })

  it('counts a day of a zone with daylight saving as it is (New York, 8 March 2026: 23 hours)', () => {
    const ny = 'America/New_York'
    expect(periodBefore('daily', Date.UTC(2026, 2, 9, 5), ny)).toEqual({ start: Date.UTC(2026, 2, 8, 5), end: Date.UTC(2026, 2, 9, 4) })
    expect(isoDay(dayOf(Date.UTC(2026, 2, 9, 3, 59, 59), ny))).toBe('2026-03-08')
    expect(isoDay(dayOf(Date.UTC(2026, 2, 9, 4), ny))).toBe('2026-03-09')
  })

  it('starts the first window after a moved boundary where the pay so far ended, and pays nothing already covered', () => {
    const w = { start: Date.UTC(2026, 10, 26, 16), end: Date.UTC(2026, 10, 27, 16) }
    expect(windowAfter(w, undefined)).toEqual(w)
    expect(windowAfter(w, w.start)).toEqual(w)
    expect(windowAfter(w, Date.UTC(2026, 10, 27))).toEqual({ start: Date.UTC(2026, 10, 27), end: w.end })
    expect(windowAfter(w, Date.UTC(2026, 10, 26))).toEqual({ start: Date.UTC(2026, 10, 26), end: w.end })
    expect(windowAfter(w, Date.UTC(2026, 10, 28))).toBeNull()
  })

  it('puts a round at 23:59:59 and one at 00:00:00 Manila time in their own days in every report, and a daily salary closes at that midnight once across a zone change', async () => {
    await putSetting(sb.db, 'brand', { ...brand, timeZone: MANILA })
    // A day well ahead of the real clock, so nothing else plays in it.
    const base = Math.floor(Date.now() / DAY) * DAY + 50 * DAY
    const midnight = base + 16 * HOUR // 00:00 Manila of the next local day
    const top = (await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'agent01'"))[0].id
    const sub = (await createMember(sb.db, { username: `tz${Date.now() % 100000}a`, isAgent: 1, type: 1, uplineId: top, passwordHash: null }, base - 5 * DAY)).id
    const player = (await createMember(sb.db, { username: `tz${Date.now() % 100000}p`, isAgent: 0, type: 0, uplineId: sub, passwordHash: null }, base - 5 * DAY)).id
    const round = (stake: number, at: number) => settledRound(sb.db, player, stake, 0, at)
    await round(10_000, midnight - 1000) // 23:59:59 local
    await round(30_000, midnight) // 00:00:00 local
    const before = isoDay(dayOf(midnight - 1000, MANILA))
    const after = isoDay(dayOf(midnight, MANILA))
    const day = (d: string) => ({ period: 'range' as const, from: d, to: d })

    const o1 = await teamOverview(sb.db, sub, day(before), midnight + HOUR)
    const o2 = await teamOverview(sb.db, sub, day(after), midnight + HOUR)
    expect([o1.figures.bets, o2.figures.bets]).toEqual([10_000, 30_000])
    expect(o1.days.map((d) => d.date)).toEqual([before])
    const today = await teamOverview(sb.db, sub, { period: 'today' }, midnight + HOUR)
    expect([today.from, today.figures.bets]).toEqual([after, 30_000])
    const p1 = await profitLoss(sb.db, top, day(before), midnight + HOUR)
    const p2 = await profitLoss(sb.db, top, day(after), midnight + HOUR)
    expect(p1.rows.find((r) => r.id === sub)?.bets).toBe(10_000)
    expect(p2.rows.find((r) => r.id === sub)?.bets).toBe(30_000)
    // Team betting: its rows and its totals (from the roll-up) of each day.
    const page = { page: 1, pageSize: 15 }
    const b1 = await teamBets(sb.db, sub, { ...day(before), ...page }, midnight + HOUR, 'en')
    const b2 = await teamBets(sb.db, sub, { ...day(after), ...page }, midnight + HOUR, 'en')
    expect([b1.totals.bets, b1.list.map((r) => r.stake), b2.totals.bets, b2.list.map((r) => r.stake)]).toEqual([10_000, [10_000], 30_000, [30_000]])
    // Deposits at the same two instants: the team overview's cash and the downline transactions.
    await openHouseAccounts(sb.db)
    await openAccount(sb.db, memberAccount(player))
    for (const [amount, at] of [
      [5_000, midnight - 1000],
      [7_000, midnight],
    ]) {
      const id = `tx_${crypto.randomUUID()}`
      await sb.db.query(
        `INSERT INTO ledger_transactions (id, idempotency_key, kind, memo, fingerprint, created_at) VALUES ($1, $1, 'deposit', 'zone test', '["zone"]', to_timestamp($2 / 1000.0))`,
        [id, at],
      )
      const [m] = await sb.db.query<{ b: number }>('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1 RETURNING balance AS b', [memberAccount(player), amount])
      const [h] = await sb.db.query<{ b: number }>("UPDATE ledger_accounts SET balance = balance - $1 WHERE id = 'house:cash' RETURNING balance AS b", [amount])
      await sb.db.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
         VALUES ($1, $2, $3, $4, to_timestamp($6 / 1000.0)), ($1, 'house:cash', -$3::int8, $5, to_timestamp($6 / 1000.0))`,
        [id, memberAccount(player), amount, Number(m.b), Number(h.b), at],
      )
    }
    const c1 = await teamOverview(sb.db, sub, day(before), midnight + HOUR)
    const c2 = await teamOverview(sb.db, sub, day(after), midnight + HOUR)
    expect([c1.figures.deposits, c2.figures.deposits]).toEqual([5_000, 7_000])
    const t1 = await teamTransactions(sb.db, sub, { ...day(before), ...page }, midnight + HOUR)
    const t2 = await teamTransactions(sb.db, sub, { ...day(after), ...page }, midnight + HOUR)
    expect([t1.totals.deposits, t1.list.length, t2.totals.deposits, t2.list.length]).toEqual([5_000, 1, 7_000, 1])
    // The invitation funnel: a visit of the sub-agent's link at each instant.
    const code = `TZ${Date.now() % 1_000_000}`
    await sb.db.query('INSERT INTO agent_invitations (code, agent_id, created_at) VALUES ($1, $2, $3)', [code, sub, base - DAY])
    expect(await countInvitationVisit(sb.db, code, { ip: '10.0.0.1', agent: 'a' }, midnight - 1000)).toBe(true)
    expect(await countInvitationVisit(sb.db, code, { ip: '10.0.0.2', agent: 'b' }, midnight)).toBe(true)
    const f1 = await invitationFunnel(sb.db, sub, day(before), midnight + HOUR)
    const f2 = await invitationFunnel(sb.db, sub, day(after), midnight + HOUR)
    expect([f1.rows.map((r) => [r.day, r.visits]), f2.rows.map((r) => [r.day, r.visits])]).toEqual([[[before, 1]], [[after, 1]]])

    // A daily salary of 1 % paid by UTC days, then the zone becomes Manila's: no stretch paid twice or skipped.
    await putSetting(sb.db, 'brand', { ...brand, timeZone: 'UTC' })
    const contractId = await acceptedContract(sb.db, top, sub, terms({ rateBp: 100 }), base - 3 * DAY)
    await round(50_000, base + 2 * HOUR) // UTC day `base`, Manila's day before `before`'s end
    const utcPaid = (await payRun(sb.db, base + DAY + 60_000, 'daily_salary')).find((p) => p.contractId === contractId)!
    // UTC day `base`: 50,000 + 10,000 + 30,000 valid, 1 %.
    expect([utcPaid.periodStart, utcPaid.amount, utcPaid.replay]).toEqual([base, 900, false])
    // The same reports follow the setting at once: the UTC day of `base` holds all three rounds.
    expect((await teamOverview(sb.db, sub, day(isoDay(dayOf(base, 'UTC'))), midnight + HOUR)).figures.bets).toBe(90_000)
    await putSetting(sb.db, 'brand', { ...brand, timeZone: MANILA })
    // Back in Manila: its day before midnight holds the 02:00 UTC (10:00 local) round of `base` and the 23:59:59 one.
    expect((await teamOverview(sb.db, sub, day(before), midnight + HOUR)).figures.bets).toBe(60_000)
    await round(70_000, base + DAY + 3 * HOUR) // 11:00 Manila, after the UTC day paid
    // Manila's day ending at base + 40 h (16:00 UTC the next day): only the part after the UTC day paid.
    const next = (await payRun(sb.db, base + DAY + 16 * HOUR + 60_000, 'daily_salary')).find((p) => p.contractId === contractId)!
    expect([next.periodStart, next.amount, next.replay]).toEqual([base + DAY, 700, false])
    const again = (await payRun(sb.db, base + DAY + 16 * HOUR + 120_000, 'daily_salary')).find((p) => p.contractId === contractId)!
    expect(again.replay).toBe(true)
    const rows = await sb.db.query<{ s: number; e: number }>('SELECT period_start AS s, period_end AS e FROM agent_payouts WHERE contract_id = $1 ORDER BY 1', [contractId])
    expect(rows.map((r) => [Number(r.s), Number(r.e)])).toEqual([
      [base, base + DAY],
      [base + DAY, base + DAY + 16 * HOUR],
    ])
    // Records by the Manila days their periods start in: 00:00 UTC of base + 1 is 08:00 of that Manila day.
    const startDay = isoDay(dayOf(base + DAY, MANILA))
    const records = await payoutsOf(sb.db, sub, { kind: 'daily_salary', from: startDay, to: startDay, page: 1, pageSize: 10 }, base + 2 * DAY)
    expect(records.list.map((r) => r.periodStart)).toEqual([new Date(base + DAY).toISOString()])
  })
})
