import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { basesOf, basesOver, basisOf, payRun, payoutsOf } from './payruns.ts'
import { periodPay } from './period-pay.ts'
import { agentKit, DAY, HOUR, onUtcDays, terms } from './testkit.ts'

const { sb } = sandboxForFile()
onUtcDays(sb)
const kit = agentKit(sb)
const { idOf, signIn, round, contract, call } = kit
/** The new member's id (these cases call the pay functions directly). */
const newMember = async (uplineId: string, isAgent = 0) => (await kit.newMember(uplineId, isAgent)).id

describe('what this period will pay', () => {
  it('projects the period so far and the last complete period by the pay run: what the run then pays is what was shown', async () => {
    // A fixed "now" at 15:00 UTC, some days ahead of the real clock, so nothing else plays in these windows.
    const today = Math.floor(Date.now() / DAY) * DAY + 40 * DAY
    const now = today + 15 * HOUR
    const top = await idOf('agent01')
    const a = await newMember(top, 1)
    const b = await newMember(a, 1)
    const pa = await newMember(a)
    const pb = await newMember(b)
    const toA = await contract(top, a, terms({ rateBp: 100 }), today - 3 * DAY)
    const toB = await contract(a, b, terms({ rateBp: 60 }), today - 3 * DAY)
    // Yesterday (the last complete period) and today so far: won and lost rounds on both levels.
    await round(pa, 50_000, 0, today - 10 * HOUR)
    await round(pb, 20_000, 45_000, today - 9 * HOUR)
    await round(pa, 30_000, 70_000, today + 2 * HOUR)
    await round(pb, 80_000, 0, today + 3 * HOUR)
    await round(pb, 10_000, 0, now + HOUR) // after "now": not in the figures so far

    const seen = await periodPay(sb.db, a, now)
    const held = seen.list.find((c) => c.contractId === toA)!
    const given = seen.list.find((c) => c.contractId === toB)!
    expect(held.side).toBe('downline')
    expect(given.side).toBe('upline')
    // Today so far: A's team bet 30,000 + 80,000 valid; 1 % of it; B's team 80,000, 0.6 % of it.
    expect(held.current!.basis.validBets).toBe(110_000)
    expect(held.current!.basis.wonStake).toBe(30_000)
    expect(held.current!.basis.lostStake).toBe(80_000)
    expect(held.current!.share).toBe(1_100)
    expect(given.current!.share).toBe(480)
    expect(held.current!.downlinesTake).toBe(480)
    expect(held.current!.amount).toBe(620)
    expect(held.current!.periodStart).toBe(new Date(today).toISOString())
    expect(held.current!.periodEnd).toBe(new Date(today + DAY).toISOString())
    expect(held.current!.until).toBe(new Date(now).toISOString())
    // Yesterday, not yet paid.
    expect(held.last!.share).toBe(700)
    expect(given.last!.share).toBe(120)
    expect(held.last!.paidOut).toBeNull()
    // For an upline: what its downline's contract costs it.
    expect(seen.cost).toEqual({ current: 480, last: 120 })

    // The pay run over yesterday pays what was shown, and the page then says it was paid.
    const yesterday = await payRun(sb.db, now, 'daily_salary')
    expect(yesterday.find((p) => p.contractId === toA)?.amount).toBe(held.last!.amount)
    expect(yesterday.find((p) => p.contractId === toB)?.amount).toBe(given.last!.amount)
    expect((await periodPay(sb.db, a, now)).list.find((c) => c.contractId === toA)!.last!.paidOut).toBe(580)
    // The agent's own upline sees the same contract as a cost, and B sees its own pay.
    const topView = await periodPay(sb.db, top, now)
    expect(topView.list.find((c) => c.contractId === toA)!.current!.share).toBe(1_100)
    expect((await periodPay(sb.db, b, now)).list.map((c) => c.contractId)).toEqual([toB])

    // Once today is over, the run pays today what it would have paid at `now` plus the round after it.
    const tonight = await payRun(sb.db, today + DAY + 60_000, 'daily_salary')
    const later = await periodPay(sb.db, a, today + DAY - 1)
    expect(later.list.find((c) => c.contractId === toA)!.current!.share).toBe(1_200)
    expect(tonight.find((p) => p.contractId === toA)?.amount).toBe(later.list.find((c) => c.contractId === toA)!.current!.amount)
    expect(tonight.find((p) => p.contractId === toB)?.amount).toBe(540)
  })

  it('shows nothing of contracts the caller is not a side of, and refuses members', async () => {
    const top = await idOf('agent01')
    const other = await newMember(top, 1)
    const stranger = await newMember(other, 1)
    const toOther = await contract(top, other, terms({ rateBp: 100 }), Date.now() - 3 * DAY)
    const toStranger = await contract(other, stranger, terms({ rateBp: 50 }), Date.now() - 3 * DAY)
    expect((await periodPay(sb.db, stranger, Date.now())).list.map((c) => c.contractId)).toEqual([toStranger])
    const seenByTop = (await periodPay(sb.db, top, Date.now())).list.map((c) => c.contractId)
    expect(seenByTop).toContain(toOther)
    expect(seenByTop).not.toContain(toStranger)
    const sibling = await newMember(top, 1)
    expect((await periodPay(sb.db, sibling, Date.now())).list).toEqual([])
    const member = await kit.newMember(top)
    expect((await call('agentPeriodPay', {}, member.token)).body.code).toBe('not_agent')
    const ok = await call<{ list: { counterpart: string }[] }>('agentPeriodPay', {}, await signIn('agent01'))
    expect(ok.body.success).toBe(true)
  })

  it('lists the records by the days their periods start and by contract, with the basis paid on, the won and lost stakes of a real-time salary too (item 5)', async () => {
    const today = Math.floor(Date.now() / DAY) * DAY + 60 * DAY
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const top = await idOf('agent01')
    const a = await newMember(top, 1)
    const p = await newMember(a)
    const first = await contract(top, a, terms({ rateBp: 100 }), today - 5 * DAY)
    for (const d of [4, 3, 2]) await round(p, 10_000 * d, 0, today - d * DAY + HOUR)
    // A second contract of the kind replaces the first from today - 2 days on.
    const second = await contract(top, a, terms({ rateBp: 50 }), today - 2 * DAY)
    for (const d of [4, 3, 2, 1]) await payRun(sb.db, today - (d - 1) * DAY + 60_000, 'daily_salary')
    const all = await payoutsOf(sb.db, a, { kind: 'daily_salary', page: 1, pageSize: 50 }, today)
    expect(all.list.map((x) => [x.contractId, x.amount])).toEqual([
      [second, 100],
      [first, 300],
      [first, 400],
    ])
    expect(all.list[0].upline).toBe('agent01')
    expect((await payoutsOf(sb.db, a, { kind: 'daily_salary', contractId: first, page: 1, pageSize: 50 }, today)).sum).toBe(700)
    const oneDay = await payoutsOf(sb.db, a, { kind: 'daily_salary', from: day(today - 3 * DAY), to: day(today - 3 * DAY), page: 1, pageSize: 50 }, today)
    expect(oneDay.list.map((x) => x.amount)).toEqual([300])
    expect(oneDay.sum).toBe(300)
    expect((await payoutsOf(sb.db, a, { kind: 'daily_salary', from: day(today - 2 * DAY), to: day(today), contractId: first, page: 1, pageSize: 50 }, today)).total).toBe(0)

    // Real-time salary: paid on the stakes of rounds won and lost, and the record says which.
    const b = await newMember(top, 1)
    const q = await newMember(b)
    const w = today + 10 * HOUR
    await contract(top, b, terms({ kind: 'realtime_salary', period: '5min', winRateBp: 50, lossRateBp: 20 }), w - 60_000)
    await round(q, 40_000, 90_000, w + 1_000)
    await round(q, 30_000, 0, w + 2_000)
    await payRun(sb.db, w + 300_000, 'realtime_salary')
    const rt = await payoutsOf(sb.db, b, { kind: 'realtime_salary', page: 1, pageSize: 5 }, today)
    expect(rt.list).toHaveLength(1)
    expect(rt.list[0].basis).toMatchObject({ wonStake: 40_000, lostStake: 30_000, validBets: 70_000 })
    expect(rt.list[0].amount).toBe(200 + 60)
  })

  it("computes many teams' figures in one query exactly as one team's (nested teams, won, lost, pushed and open rounds)", async () => {
    const t0 = Math.floor(Date.now() / DAY) * DAY + 80 * DAY
    const top = await idOf('agent01')
    const a = await newMember(top, 1)
    const b = await newMember(a, 1)
    const c = await newMember(b)
    const d = await newMember(a)
    const lone = await newMember(top, 1)
    await round(a, 1_000, 0, t0 + 1)
    await round(b, 2_000, 5_000, t0 + 2)
    await round(c, 3_000, 3_000, t0 + 3)
    await round(d, 4_000, 0, t0 + 4)
    await round(d, 9_000, 0, t0 + 2 * DAY) // outside the window
    await sb.db.query(`UPDATE rounds SET status = 'open' WHERE member_id = $1`, [c])
    const many = await basesOf(sb.db, [a, b, c, d, lone, a], t0, t0 + DAY)
    for (const id of [a, b, c, d, lone]) expect(many.get(id)).toEqual(await basisOf(sb.db, id, t0, t0 + DAY))
    expect(many.get(a)).toEqual({ active: 4, bets: 10_000, validBets: 7_000, profitLoss: -2_000, wonStake: 2_000, lostStake: 5_000 })
    // Several windows in one pass: each as its own.
    const windows = [
      { start: t0, end: t0 + 3 },
      { start: t0 + 3, end: t0 + 3 * DAY },
      { start: t0, end: t0 + 3 * DAY },
    ]
    const over = await basesOver(sb.db, [a, d], windows)
    for (const [i, w] of windows.entries()) for (const id of [a, d]) expect(over[i].get(id)).toEqual(await basisOf(sb.db, id, w.start, w.end))
  })
})
