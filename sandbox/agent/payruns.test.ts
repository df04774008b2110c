import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { balanceOf, memberAccount } from '../ledger.ts'
import { actOnContract, offerContract } from './contracts.ts'
import { amountFor, basisOf, payRun, periodFrom, simulate } from './payruns.ts'
import { agentKit, DAY, onUtcDays, terms } from './testkit.ts'

const { sb } = sandboxForFile()
onUtcDays(sb)
const MIN5 = 300_000
const kit = agentKit(sb)
const { idOf, signIn, newMember, round, contract, call } = kit
const admin = (path: string, body: unknown) =>
  kit.admin<{ paid: { contractId: string; amount: number }[]; ceilings: Record<string, { rateBp: number; winRateBp: number; lossRateBp: number }> }>(path, body)
const paidTo = async (memberId: string) =>
  Number((await sb.db.query<{ s: number }>('SELECT coalesce(sum(amount), 0)::int8 AS s FROM agent_payouts WHERE member_id = $1', [memberId]))[0].s)

describe('the self-dealing agent', () => {
  it('cannot offer its own downline more than its own rate, and earns nothing beyond its own contract however its downline plays', async () => {
    const agent01 = await signIn('agent01')
    const x = await newMember(await idOf('agent01'), 1)
    const own = await call('agentOfferContract', { kind: 'realtime_salary', period: '5min', rateBp: 0, winRateBp: 50, lossRateBp: 50, downlineId: x.id }, agent01)
    await call('agentContractAction', { contractId: own.body.value.contract.id, action: 'accept' }, x.token)
    // X makes a downline agent it controls and offers it a 100 % real-time salary: refused, saying why.
    const y = await newMember(x.id, 1)
    const greedy = { kind: 'realtime_salary', period: '5min', rateBp: 0, winRateBp: 10_000, lossRateBp: 10_000, downlineId: y.id }
    const refused = await call('agentOfferContract', greedy, x.token)
    expect(refused.body).toMatchObject({
      success: false,
      code: 'validation_failed',
      fields: { winRateBp: 'agent_err_rate_above_own' },
      value: { refusal: { reason: 'rate_above_own', field: 'winRateBp', limitBp: 50 } },
    })
    const sim = await call('agentSimulate', greedy, x.token)
    expect(sim.body.value).toMatchObject({ amount: 0, refusal: { reason: 'rate_above_own', messageKey: 'agent_err_rate_above_own' } })
    expect((await call('agentContracts', {}, y.token)).body.value.received).toEqual([])
    // At its own rates the offer stands; Y plays in the next 5-minute window.
    const fair = await call('agentOfferContract', { ...greedy, winRateBp: 50, lossRateBp: 50 }, x.token)
    await call('agentContractAction', { contractId: fair.body.value.contract.id, action: 'accept' }, y.token)
    const w = Math.floor(Date.now() / MIN5) * MIN5 + MIN5
    for (let i = 0; i < 10; i++) await round(y.id, 100_000, i % 2 ? 190_000 : 0, w + 1000 + i)
    const before = (await balanceOf(sb.db, memberAccount(x.id))) + (await balanceOf(sb.db, memberAccount(y.id)))
    const run = (await admin('payrun', { kind: 'realtime_salary', at: w + MIN5 + 1 })).value.paid
    const got = run.filter((p) => p.contractId === own.body.value.contract.id || p.contractId === fair.body.value.contract.id)
    // X's own contract on its whole team (Y's 10 rounds): 0.50 % of 1,000,000 staked.
    const ownShare = amountFor(
      { kind: 'realtime_salary', rateBp: 0, winRateBp: 50, lossRateBp: 50, minActive: 0, minValidBet: 0, minLoss: 0 },
      await basisOf(sb.db, x.id, w, w + MIN5),
    )
    expect(ownShare).toBe(5_000)
    expect(got.reduce((s, p) => s + p.amount, 0)).toBe(ownShare)
    expect(got.find((p) => p.contractId === fair.body.value.contract.id)?.amount).toBe(5_000)
    expect(got.find((p) => p.contractId === own.body.value.contract.id)?.amount).toBe(0)
    const after = (await balanceOf(sb.db, memberAccount(x.id))) + (await balanceOf(sb.db, memberAccount(y.id)))
    expect(after - before).toBe(ownShare)
    // Y lost 500,000 − 450,000 = 50,000 net; the pair got 5,000 back: the house still kept 45,000.
    expect(after - before).toBeLessThan(50_000)
  })
})

describe('offer rules', () => {
  it("bounds a top-level agent by the platform's ceiling of each kind, which the admin route changes", async () => {
    const top = await idOf('agent01')
    const a = await newMember(top, 1)
    const at = Date.UTC(2031, 0, 1)
    const over = terms({ kind: 'realtime_salary', period: '5min', winRateBp: 50, lossRateBp: 51 })
    await expect(offerContract(sb.db, top, { ...over, downlineId: a.id, confirmLower: false }, at)).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { lossRateBp: 'agent_err_rate_above_ceiling' },
    })
    expect((await admin('ceilings', { realtime_salary: { lossRateBp: 200 } })).value.ceilings.realtime_salary).toEqual({ rateBp: 0, winRateBp: 50, lossRateBp: 200 })
    try {
      expect((await offerContract(sb.db, top, { ...over, downlineId: a.id, confirmLower: false }, at)).contract?.lossRateBp).toBe(51)
    } finally {
      await admin('ceilings', { realtime_salary: { lossRateBp: 50 } })
    }
    expect((await admin('ceilings', { realtime_salary: { lossRateBp: 10_001 } })).code).toBe('validation_failed')
  })

  it('refuses an agent without a contract of the kind, and a period other than its own', async () => {
    const top = await idOf('agent01')
    const x = await newMember(top, 1)
    const y = await newMember(x.id, 1)
    const at = Date.UTC(2031, 1, 1)
    const weekly = terms({ kind: 'dividend', period: 'weekly', rateBp: 1000 })
    await expect(offerContract(sb.db, x.id, { ...weekly, downlineId: y.id, confirmLower: false }, at)).rejects.toMatchObject({ fields: { kind: 'agent_err_no_own_contract' } })
    await contract(top, x.id, weekly, at)
    await expect(offerContract(sb.db, x.id, { ...weekly, period: 'monthly', downlineId: y.id, confirmLower: false }, at)).rejects.toMatchObject({
      fields: { period: 'agent_err_period_not_own' },
      value: { refusal: { reason: 'period_not_own' } },
    })
    await expect(offerContract(sb.db, x.id, { ...weekly, rateBp: 1001, downlineId: y.id, confirmLower: false }, at)).rejects.toMatchObject({
      value: { refusal: { reason: 'rate_above_own', limitBp: 1000 } },
    })
    expect((await offerContract(sb.db, x.id, { ...weekly, downlineId: y.id, confirmLower: false }, at)).contract?.status).toBe('offered')
  })
})

describe('a new offer below a sub-contract', () => {
  it('names, and once confirmed ends, a sub-contract above any one of the new rates or settled over another period', async () => {
    const top = await idOf('agent01')
    const x = await newMember(top, 1)
    const y = await newMember(x.id, 1)
    const z = await newMember(x.id, 1)
    const at = Date.UTC(2031, 5, 1)
    const rt = terms({ kind: 'realtime_salary', period: '5min', winRateBp: 50, lossRateBp: 50 })
    await contract(top, x.id, rt, at)
    const sub = await contract(x.id, y.id, { ...rt, winRateBp: 25, lossRateBp: 40 }, at)
    // The larger rate stays 0.50 %, but the loss rate falls under Y's 0.40 %.
    const warned = await offerContract(sb.db, top, { ...rt, lossRateBp: 20, downlineId: x.id, confirmLower: false }, at + 1)
    expect(warned).toEqual({ contract: null, affected: [{ id: sub, downline: y.username, rateBp: 40 }] })
    const weekly = terms({ kind: 'dividend', period: 'weekly', rateBp: 1000 })
    await contract(top, x.id, weekly, at)
    const div = await contract(x.id, z.id, weekly, at)
    const monthly = await offerContract(sb.db, top, { ...weekly, period: 'monthly', downlineId: x.id, confirmLower: false }, at + 1)
    expect(monthly.affected.map((a) => a.id)).toEqual([div])
    const confirmed = await offerContract(sb.db, top, { ...weekly, period: 'monthly', downlineId: x.id, confirmLower: true }, at + 2)
    const statusOf = async (id: string) => (await sb.db.query<{ status: string }>('SELECT status FROM agent_contracts WHERE id = $1', [id]))[0].status
    // Confirmed, it still waits for X: until X accepts, X's weekly contract and Z's stay live.
    expect(await statusOf(div)).toBe('active')
    await actOnContract(sb.db, x.id, confirmed.contract!.id, 'accept', at + 3)
    expect(await statusOf(div)).toBe('terminated')
  })
})

describe('what a pay run pays', () => {
  it("pays a downline out of its upline's share: the upline gets the difference, and a share too small is split in proportion", async () => {
    const top = await idOf('agent01')
    const x = await newMember(top, 1)
    const y = await newMember(x.id, 1)
    const z = await newMember(x.id, 1)
    const my = await newMember(y.id)
    const mz = await newMember(z.id)
    const t0 = Date.UTC(2031, 2, 3, 12) // accepted at noon: that day is not paid, the next ones are
    const d1 = Date.UTC(2031, 2, 4)
    const salary = terms({ rateBp: 100 })
    const cx = await contract(top, x.id, salary, t0)
    const cy = await contract(x.id, y.id, salary, t0)
    const cz = await contract(x.id, z.id, { ...salary, rateBp: 50 }, t0)
    await round(my.id, 1_000_000, 0, t0 + 1000)
    await round(my.id, 1_000_000, 0, d1 + 1000)
    await round(mz.id, 1_000_000, 0, d1 + 2000)
    await round(x.id, 500_000, 0, d1 + 3000)
    expect((await payRun(sb.db, d1 + 60_000, 'daily_salary')).filter((p) => [cx, cy, cz].includes(p.contractId))).toEqual([])
    const paid = await payRun(sb.db, d1 + DAY + 60_000, 'daily_salary')
    const amount = (id: string) => paid.find((p) => p.contractId === id)?.amount
    // X's share: 1 % of 2,500,000 = 25,000; Y takes 1 % of 1,000,000, Z 0.5 % of 1,000,000; X keeps the rest.
    expect([amount(cx), amount(cy), amount(cz)]).toEqual([25_000 - 10_000 - 5_000, 10_000, 5_000])

    // A dividend whose share does not cover its downlines' asks: X's team lost 200,000 in all, Y's and Z's
    // teams 1,000,000 each (X itself won 1,800,000): X's share is 30 % of 200,000, split evenly.
    const d2 = Date.UTC(2031, 2, 10)
    const div = terms({ kind: 'dividend', period: 'daily', rateBp: 3000 })
    const dx = await contract(top, x.id, div, d2 - 1)
    const dy = await contract(x.id, y.id, div, d2 - 1)
    const dz = await contract(x.id, z.id, div, d2 - 1)
    await round(my.id, 1_000_000, 0, d2 + 1000)
    await round(mz.id, 1_000_000, 0, d2 + 2000)
    await round(x.id, 200_000, 2_000_000, d2 + 3000)
    const divs = await payRun(sb.db, d2 + DAY, 'dividend')
    const got = (id: string) => divs.find((p) => p.contractId === id)?.amount
    expect([got(dx), got(dy), got(dz)]).toEqual([0, 30_000, 30_000])
    const shares = await sb.db.query<{ contract_id: string; share: number }>(
      'SELECT contract_id, share FROM agent_payouts WHERE contract_id = ANY($1::text[]) AND period_start = $2',
      [[dx, dy, dz], d2],
    )
    expect(Object.fromEntries(shares.map((s) => [s.contract_id, Number(s.share)]))).toEqual({ [dx]: 60_000, [dy]: 30_000, [dz]: 30_000 })
  })

  it('pays nothing below an agent whose own contract ended, and pays an ended contract for a period it covered', async () => {
    const top = await idOf('agent01')
    const x = await newMember(top, 1)
    const y = await newMember(x.id, 1)
    const my = await newMember(y.id)
    const t0 = Date.UTC(2031, 3, 1) - 1
    const salary = terms({ rateBp: 100 })
    const cx = await contract(top, x.id, salary, t0)
    const cy = await contract(x.id, y.id, salary, t0)
    const d1 = Date.UTC(2031, 3, 1)
    await round(my.id, 1_000_000, 0, d1 + 1000)
    await round(my.id, 1_000_000, 0, d1 + DAY + 1000)
    // X's contract ends after day 1 is over but before any run: day 1 is still owed, day 2 is not.
    await actOnContract(sb.db, top, cx, 'terminate', d1 + DAY + 5000)
    const day1 = await payRun(sb.db, d1 + DAY + 60_000, 'daily_salary')
    expect(Object.fromEntries(day1.filter((p) => [cx, cy].includes(p.contractId)).map((p) => [p.contractId, p.amount]))).toEqual({ [cx]: 0, [cy]: 10_000 })
    const day2 = await payRun(sb.db, d1 + 2 * DAY + 60_000, 'daily_salary')
    expect(day2.filter((p) => [cx, cy].includes(p.contractId)).map((p) => [p.contractId, p.amount])).toEqual([[cy, 0]])
    expect(await paidTo(y.id)).toBe(10_000)
  })

  it('simulates by the same rules: capped by the offering agent’s share, paid from the first period after acceptance', async () => {
    const top = await idOf('agent01')
    const x = await newMember(top, 1)
    const y = await newMember(x.id, 1)
    const t0 = Date.UTC(2031, 4, 1) - 1
    await contract(top, x.id, terms({ kind: 'dividend', period: 'monthly', rateBp: 1000, minLoss: 50_000 }), t0)
    const may = Date.UTC(2031, 4, 1)
    await round(y.id, 100_000, 0, may + 1000)
    const now = Date.UTC(2031, 5, 3, 10)
    const sim = await simulate(sb.db, x.id, y.id, terms({ kind: 'dividend', period: 'monthly', rateBp: 1000 }), now)
    // Y's team lost 100,000 (10,000 at 10 %), but X's own share needs a loss of 50,000… which it had: 10,000.
    expect(sim).toMatchObject({
      amount: 10_000,
      termsAmount: 10_000,
      refusal: null,
      periodStart: new Date(may).toISOString(),
      firstPeriodStart: new Date(Date.UTC(2031, 6, 1)).toISOString(),
    })
    await round(x.id, 100_000, 160_000, may + 2000) // X's own win brings the team's loss under X's minimum
    const capped = await simulate(sb.db, x.id, y.id, terms({ kind: 'dividend', period: 'monthly', rateBp: 1000 }), now)
    expect(capped).toMatchObject({ amount: 0, termsAmount: 10_000 })
    expect(periodFrom('monthly', Date.UTC(2031, 6, 1))).toBe(Date.UTC(2031, 6, 1))
    expect(periodFrom('semimonthly', Date.UTC(2031, 6, 3))).toBe(Date.UTC(2031, 6, 16))
    expect(periodFrom('weekly', Date.UTC(2031, 6, 3))).toBe(Date.UTC(2031, 6, 7))
  })
})
