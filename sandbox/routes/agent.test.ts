import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import type { EndpointKey } from '../../sdk/contract/all.ts'
import { createSession } from '../auth/sessions.ts'
import { balanceOf, creditMember, memberAccount } from '../ledger.ts'
import { client, login, setFlag, solvedCaptcha, solvedSlider } from '../auth/testkit.ts'
import { agentKit, DAY, onUtcDays, type Reply } from '../agent/testkit.ts'

const { sb } = sandboxForFile()
onUtcDays(sb)
const kit = agentKit(sb)
const { idOf, signIn, newMember, round, call } = kit
const payRun = (body: Record<string, unknown>) => kit.admin<{ paid: { contractId: string; amount: number; replay: boolean }[] }>('payrun', body)
const sumAll = async () => Number((await sb.db.query<{ s: number }>('SELECT SUM(balance)::int8 AS s FROM ledger_accounts'))[0].s)
const terms = { kind: 'daily_salary', period: 'daily', rateBp: 100 }

let agent01: string
let agent02: string
beforeAll(async () => {
  agent01 = await signIn('agent01')
  agent02 = await signIn('agent02')
})

describe('who may call the agent centre', () => {
  it('refuses members and callers without a session', async () => {
    const member = await signIn('member11')
    for (const k of ['agentTeamOverview', 'agentDownlines', 'agentContracts', 'agentPayouts'] as const) {
      expect((await call(k, {}, member)).body.code).toBe('not_agent')
      expect((await call(k, {})).status).toBe(401)
    }
  })

  it("answers a probe naming members and contracts outside the caller's subtree with no data, 1,000 times", async () => {
    const outsider = await newMember(await idOf('agent01'), 1)
    const mine = await newMember(outsider.id)
    const offer = await call('agentOfferContract', { ...terms, downlineId: await idOf('agent02') }, agent01)
    const contractId = offer.body.value.contract.id as string
    // agent02's upline, agent02's siblings, a stranger's downline, and agent01's contract with agent02 to act on as a third party.
    const targets = [await idOf('agent01'), await idOf('member11'), await idOf('member12'), await idOf('demo01'), mine.id, outsider.id]
    const member21 = await idOf('member21')
    const probes: Promise<Reply>[] = []
    for (let i = 0; i < 1000; i++) {
      const target = targets[i % targets.length]
      const kind = i % 5
      const token = i % 2 ? agent02 : outsider.token
      probes.push(
        kind === 0
          ? call('agentDownlines', { parentId: i % 2 ? target : member21 }, token)
          : kind === 1
            ? call('agentSimulate', { ...terms, downlineId: i % 2 ? target : member21 }, token)
            : kind === 2
              ? call('agentOfferContract', { ...terms, downlineId: i % 2 ? target : member21 }, token)
              : kind === 3
                ? call('agentContractAction', { contractId: i % 4 === 3 ? contractId.replace(/.$/, 'x') : contractId, action: 'terminate' }, outsider.token)
                : call('agentDownlines', { search: 'member1' }, outsider.token),
      )
      if (probes.length % 50 === 0) await Promise.all(probes.slice(-50))
    }
    const replies = await Promise.all(probes)
    // The search of an outsider's own subtree succeeds but lists nobody of agent01's.
    const leaked = replies.filter((r) => r.body.success && !(Array.isArray(r.body.value?.list) && r.body.value.list.length === 0))
    expect(leaked).toEqual([])
    expect(replies.filter((r) => !r.body.success).every((r) => ['not_found', 'validation_failed'].includes(r.body.code))).toBe(true)
    await call('agentContractAction', { contractId, action: 'terminate' }, agent01)
  })
})

describe('team overview and downlines', () => {
  it("counts the subtree's members, actives, bets and profit and loss of the period from rounds", async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const m = await newMember(a.id)
    const now = Date.now()
    await round(m.id, 10_000, 2_500, now)
    await round(m.id, 5_000, 20_000, now)
    await round(m.id, 7_000, 0, now - 2 * DAY)
    const today = await call('agentTeamOverview', { period: 'today' }, a.token)
    expect(today.body.value.figures).toEqual({ size: 1, newMembers: 1, active: 1, deposits: 0, withdrawals: 0, bets: 15_000, validBets: 15_000, profitLoss: 7_500 })
    const month = await call(
      'agentTeamOverview',
      { period: 'range', from: new Date(now - 6 * DAY).toISOString().slice(0, 10), to: new Date(now).toISOString().slice(0, 10) },
      a.token,
    )
    expect(month.body.value.days).toHaveLength(7)
    expect(month.body.value.figures.profitLoss).toBe(500)
    // The upline's team includes the sub-agent's members.
    const top = await call('agentTeamOverview', { period: 'today' }, agent01)
    expect(top.body.value.figures.bets).toBeGreaterThanOrEqual(15_000)
  })

  it('lists children with breadcrumbs, searches the whole subtree, and refuses a parent outside it', async () => {
    // One page of them all: other tests here register agents and members below agent01, before the seed's by name.
    const top = await call('agentDownlines', { pageSize: 100 }, agent01)
    expect(top.body.value.list).toHaveLength(top.body.value.total)
    expect(top.body.value.list.map((d: { username: string }) => d.username)).toEqual(expect.arrayContaining(['agent02', 'member11', 'member12', 'member13']))
    const agent02Id = await idOf('agent02')
    const sub = await call('agentDownlines', { parentId: agent02Id, pageSize: 100 }, agent01)
    expect(sub.body.value.breadcrumbs.map((b: { username: string }) => b.username)).toEqual(['agent01', 'agent02'])
    // agent02's children: the seed's member21, and those other tests here registered below agent02.
    const children = await sb.db.query<{ username: string }>('SELECT username FROM members WHERE upline_id = $1', [agent02Id])
    expect(sub.body.value.list.map((d: { username: string }) => d.username).sort()).toEqual(children.map((c) => c.username).sort())
    expect(sub.body.value.list).toContainEqual(expect.objectContaining({ username: 'member21', level: 2, balance: 40_000 }))
    for (const d of sub.body.value.list) expect(d.level).toBe(2)
    const found = await call('agentDownlines', { search: 'MEMBER2' }, agent01)
    expect(found.body.value.list.map((d: { username: string }) => d.username)).toEqual(['member21'])
    expect((await call('agentDownlines', { parentId: await idOf('agent01') }, agent02)).body.code).toBe('not_found')
  })
})

describe('following a figure down', () => {
  it('shows where each search result sits in the tree, from the caller down; a plain list has no path', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const b = await newMember(a.id, 1)
    const c = await newMember(b.id)
    const found = (await call('agentDownlines', { search: c.username, page: 1 }, agent01)).body.value
    expect(found.list.map((d: { username: string; path?: string[] }) => [d.username, d.path])).toEqual([[c.username, ['agent01', a.username, b.username, c.username]]])
    const fromA = (await call('agentDownlines', { search: c.username, page: 1 }, a.token)).body.value
    expect(fromA.list[0].path).toEqual([a.username, b.username, c.username])
    const children = (await call('agentDownlines', { parentId: b.id, page: 1 }, a.token)).body.value
    expect(children.list[0]).toMatchObject({ username: c.username })
    expect(children.list[0].path).toBeUndefined()
  })
})

describe('contracts', () => {
  it("goes offered → active on the downline's accept, records who and when, and refuses moves the state does not allow", async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const offer = await call('agentOfferContract', { kind: 'dividend', period: 'weekly', rateBp: 2500, minActive: 1, minValidBet: 100, downlineId: a.id }, agent01)
    const id = offer.body.value.contract.id
    expect(offer.body.value.contract).toMatchObject({ status: 'offered', side: 'upline', rateBp: 2500 })
    expect((await call('agentContractAction', { contractId: id, action: 'accept' }, agent01)).body.code).toBe('conflict')
    const accepted = await call('agentContractAction', { contractId: id, action: 'accept' }, a.token)
    expect(accepted.body.value).toMatchObject({ status: 'active', side: 'downline' })
    expect(accepted.body.value.events.map((e: { status: string; actor: string }) => [e.status, e.actor])).toEqual([
      ['offered', 'agent01'],
      ['active', a.username],
    ])
    expect((await call('agentContractAction', { contractId: id, action: 'reject' }, a.token)).body.code).toBe('conflict')
    const ended = await call('agentContractAction', { contractId: id, action: 'terminate' }, a.token)
    expect(ended.body.value.status).toBe('terminated')
    const mine = await call('agentContracts', {}, a.token)
    expect(mine.body.value.received.map((c: { id: string }) => c.id)).toContain(id)
  })

  it('refuses a period the kind does not use and a downline that is not a direct agent', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    expect((await call('agentOfferContract', { ...terms, period: 'weekly', downlineId: a.id }, agent01)).body.fields).toEqual({ period: 'err_field_invalid' })
    expect((await call('agentOfferContract', { ...terms, downlineId: await idOf('member11') }, agent01)).body.fields).toEqual({ downlineId: 'agent_err_not_agent' })
    expect((await call('agentOfferContract', { ...terms, downlineId: await idOf('member21') }, agent01)).body.code).toBe('not_found')
  })

  it('warns before a lower rate and, once confirmed and accepted, terminates the sub-contract that paid more', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const b = await newMember(a.id, 1)
    const own = await call('agentOfferContract', { ...terms, rateBp: 100, downlineId: a.id }, agent01)
    // An agent shares from its own active contract of the kind: offered is not enough.
    expect((await call('agentOfferContract', { ...terms, rateBp: 80, downlineId: b.id }, a.token)).body.fields).toEqual({ kind: 'agent_err_no_own_contract' })
    await call('agentContractAction', { contractId: own.body.value.contract.id, action: 'accept' }, a.token)
    const sub = await call('agentOfferContract', { ...terms, rateBp: 80, downlineId: b.id }, a.token)
    await call('agentContractAction', { contractId: sub.body.value.contract.id, action: 'accept' }, b.token)
    const warned = await call('agentOfferContract', { ...terms, rateBp: 50, downlineId: a.id }, agent01)
    expect(warned.body.value).toEqual({ contract: null, affected: [{ id: sub.body.value.contract.id, downline: b.username, rateBp: 80 }] })
    expect((await call('agentContracts', {}, b.token)).body.value.received[0].status).toBe('active')
    const confirmed = await call('agentOfferContract', { ...terms, rateBp: 50, downlineId: a.id, confirmLower: true }, agent01)
    expect(confirmed.body.value.contract).toMatchObject({ status: 'offered', rateBp: 50 })
    // Until `a` answers, its 1.00 % contract and the 0.80 % it gave `b` stay live (and paid).
    const statusOf = async (token: string, id: string) =>
      [...(await call('agentContracts', {}, token)).body.value.received, ...(await call('agentContracts', {}, token)).body.value.given].find((c: { id: string }) => c.id === id)
    expect((await statusOf(a.token, own.body.value.contract.id)).status).toBe('active')
    expect((await statusOf(b.token, sub.body.value.contract.id)).status).toBe('active')
    await call('agentContractAction', { contractId: confirmed.body.value.contract.id, action: 'accept' }, a.token)
    const after = await statusOf(b.token, sub.body.value.contract.id)
    expect(after.status).toBe('terminated')
    expect(after.events.at(-1)).toMatchObject({ status: 'terminated', reason: 'lower_rate', actor: 'agent01' })
    const given = (await call('agentContracts', {}, agent01)).body.value.given.filter((c: { downline: string }) => c.downline === a.username)
    expect(given.map((c: { status: string; rateBp: number }) => [c.status, c.rateBp]).sort()).toEqual([
      ['active', 50],
      ['terminated', 100],
    ])
    expect(given.find((c: { rateBp: number }) => c.rateBp === 100).events.at(-1)).toMatchObject({ status: 'terminated', reason: 'replaced', actor: a.username })
  })

  it('keeps the live contract when the downline rejects a new offer, and a second offer withdraws the first unanswered one', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const b = await newMember(a.id, 1)
    const live = await call('agentOfferContract', { ...terms, rateBp: 100, downlineId: a.id }, agent01)
    await call('agentContractAction', { contractId: live.body.value.contract.id, action: 'accept' }, a.token)
    const sub = await call('agentOfferContract', { ...terms, rateBp: 100, downlineId: b.id }, a.token)
    await call('agentContractAction', { contractId: sub.body.value.contract.id, action: 'accept' }, b.token)
    const first = await call('agentOfferContract', { ...terms, rateBp: 70, downlineId: a.id, confirmLower: true }, agent01)
    const second = await call('agentOfferContract', { ...terms, rateBp: 50, downlineId: a.id, confirmLower: true }, agent01)
    const rows = async () =>
      Object.fromEntries(
        (await call('agentContracts', {}, a.token)).body.value.received.map((c: { rateBp: number; status: string; events: { reason: string }[] }) => [
          c.rateBp,
          [c.status, c.events.at(-1)?.reason],
        ]),
      )
    expect(await rows()).toEqual({ 100: ['active', 'accepted'], 70: ['terminated', 'replaced'], 50: ['offered', 'offered'] })
    expect((await call('agentContractAction', { contractId: first.body.value.contract.id, action: 'accept' }, a.token)).body.code).toBe('conflict')
    expect((await call('agentContractAction', { contractId: second.body.value.contract.id, action: 'reject' }, a.token)).body.value.status).toBe('rejected')
    expect(await rows()).toEqual({ 100: ['active', 'accepted'], 70: ['terminated', 'replaced'], 50: ['rejected', 'rejected'] })
    expect((await call('agentContracts', {}, b.token)).body.value.received[0]).toMatchObject({ id: sub.body.value.contract.id, status: 'active' })
    // The live 1.00 % still pays: `a` may still offer up to it.
    expect((await call('agentOfferContract', { ...terms, rateBp: 100, downlineId: (await newMember(a.id, 1)).id }, a.token)).body.value.contract.status).toBe('offered')
  })
})

describe('pay runs', () => {
  it('pays a daily salary once on a day that starts after acceptance, on its valid bets, and a re-run pays nothing twice', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const m = await newMember(a.id)
    const today = Math.floor(Date.now() / DAY) * DAY
    const tomorrow = today + DAY
    for (const day of [today - DAY, tomorrow]) {
      await round(m.id, 40_000, 10_000, day + 1000)
      await round(a.id, 10_000, 0, day + 2000)
    }
    await round(m.id, 99_000, 0, tomorrow + DAY + 1000) // the day after: not in tomorrow's salary
    const offer = await call('agentOfferContract', { ...terms, rateBp: 100, minValidBet: 10_000, downlineId: a.id }, agent01)
    const id = offer.body.value.contract.id
    const sim = await call('agentSimulate', { ...terms, rateBp: 100, minValidBet: 10_000, downlineId: a.id }, agent01)
    expect(sim.body.value).toMatchObject({
      amount: 500,
      termsAmount: 500,
      refusal: null,
      periodStart: new Date(today - DAY).toISOString(),
      firstPeriodStart: new Date(tomorrow).toISOString(),
      basis: { active: 2, validBets: 50_000, profitLoss: -40_000 },
    })
    const afterTomorrow = tomorrow + DAY + 60_000
    // Offered is not yet active: the run pays nothing.
    expect((await payRun({ kind: 'daily_salary', at: afterTomorrow })).value.paid.find((p) => p.contractId === id)).toBeUndefined()
    await call('agentContractAction', { contractId: id, action: 'accept' }, a.token)
    // Yesterday and today started before the acceptance: never paid, now or later.
    expect((await payRun({ kind: 'daily_salary' })).value.paid.find((p) => p.contractId === id)).toBeUndefined()
    expect((await payRun({ kind: 'daily_salary', at: tomorrow + 60_000 })).value.paid.find((p) => p.contractId === id)).toBeUndefined()
    const before = await balanceOf(sb.db, memberAccount(a.id))
    const total = await sumAll()
    const first = (await payRun({ kind: 'daily_salary', at: afterTomorrow })).value.paid.find((p) => p.contractId === id)
    expect(first).toMatchObject({ amount: 500, replay: false })
    const again = await Promise.all([payRun({ kind: 'daily_salary', at: afterTomorrow }), payRun({ at: afterTomorrow })])
    for (const run of again) expect(run.value.paid.find((p) => p.contractId === id)).toMatchObject({ amount: 500, replay: true })
    expect(await balanceOf(sb.db, memberAccount(a.id))).toBe(before + 500)
    expect(await sumAll()).toBe(total)
    const income = await call('agentPayouts', {}, a.token)
    expect(income.body.value).toMatchObject({ total: 1, sum: 500, list: [{ contractId: id, kind: 'daily_salary', amount: 500 }] })
    expect((await call('agentPayouts', {}, agent01)).body.value.list.find((p: { contractId: string }) => p.contractId === id)).toBeUndefined()
  })

  it("pays a real-time salary on a 5-minute window by win and loss rates, and a dividend on the team's loss", async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const m = await newMember(a.id)
    const rt = await call('agentOfferContract', { kind: 'realtime_salary', period: '5min', rateBp: 0, winRateBp: 50, lossRateBp: 25, downlineId: a.id }, agent01)
    await call('agentContractAction', { contractId: rt.body.value.contract.id, action: 'accept' }, a.token)
    // The first window that starts after the acceptance (read once it is made: on a loaded machine the
    // set-up can cross a window's start, and a window running at the acceptance is not the contract's).
    const w = Math.floor(Date.now() / 300_000) * 300_000 + 300_000
    await round(m.id, 10_000, 30_000, w + 10_000) // won on a 10,000 stake
    await round(m.id, 20_000, 0, w + 20_000) // lost 20,000
    await round(m.id, 10_000, 0, w + 30_000) // lost 10,000
    await round(m.id, 50_000, 0, w - 1) // the window before: not paid in this one
    expect((await payRun({ kind: 'realtime_salary', at: w + 1 })).value.paid.find((p) => p.contractId === rt.body.value.contract.id)).toBeUndefined()
    const paid = (await payRun({ kind: 'realtime_salary', at: w + 300_001 })).value.paid.find((p) => p.contractId === rt.body.value.contract.id)
    // 0.50 % of 10,000 won + 0.25 % of 30,000 lost
    expect(paid).toMatchObject({ amount: 50 + 75, replay: false })
    const dv = await call('agentOfferContract', { kind: 'dividend', period: 'daily', rateBp: 1000, minLoss: 5_000, downlineId: a.id }, agent01)
    await call('agentContractAction', { contractId: dv.body.value.contract.id, action: 'accept' }, a.token)
    const day = Math.floor(Date.now() / DAY) * DAY + 2 * DAY
    await round(m.id, 60_000, 0, day + 1000)
    await round(m.id, 10_000, 30_000, day + 2000)
    const div = (await payRun({ kind: 'dividend', at: day + DAY })).value.paid.find((p) => p.contractId === dv.body.value.contract.id)
    // The day's team result: −60,000 + 20,000: 10 % of a 40,000 loss.
    expect(div).toMatchObject({ amount: 4_000, replay: false })
  })
})

describe('CSV export', () => {
  it("gives the team overview's days of the range, with the same figures as the page", async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const m = await newMember(a.id)
    const now = Date.now()
    await round(m.id, 12_345, 0, now - 86_400_000)
    await round(m.id, 1_000, 1_000, now) // a push: bet, but not a valid bet
    const input = { period: 'range', from: new Date(now - 2 * 86_400_000).toISOString().slice(0, 10), to: new Date(now).toISOString().slice(0, 10) }
    const page = (await call('agentTeamOverview', input, a.token)).body.value
    const file = (await call('agentTeamCsv', input, a.token)).body.value
    expect(page.figures).toMatchObject({ bets: 13_345, validBets: 12_345, profitLoss: -12_345 })
    expect(file.rows).toBe(4)
    const money = (n: number) => (n / 100).toFixed(2)
    // Every figure the page shows: the member joined today, played twice.
    expect(file.csv.trim().split('\r\n')).toEqual([
      'date,new_members,active,deposits,withdrawals,bets,valid_bets,profit_loss,team_size',
      ...page.days.map(
        (d: { date: string; newMembers: number; active: number; deposits: number; withdrawals: number; bets: number; validBets: number; profitLoss: number }) =>
          `${d.date},${d.newMembers},${d.active},${money(d.deposits)},${money(d.withdrawals)},${money(d.bets)},${money(d.validBets)},${money(d.profitLoss)},`,
      ),
      'total,1,1,0.00,0.00,133.45,123.45,-123.45,1',
    ])
    expect(page.days.at(-1)).toMatchObject({ newMembers: 1, bets: 1_000, validBets: 0 })
    // Cash per day too: a deposit today is in today's line and in the total.
    await creditMember(sb.db, m.id, 5_000, { idempotencyKey: `csv-dep:${m.id}`, kind: 'deposit' })
    const after = (await call('agentTeamCsv', input, a.token)).body.value.csv.trim().split('\r\n')
    expect(after.at(-2)).toMatch(/^\d{4}-\d{2}-\d{2},1,1,50\.00,0\.00,10\.00,0\.00,0\.00,$/)
    expect(after.at(-1)).toBe('total,1,1,50.00,0.00,133.45,123.45,-123.45,1')
    expect((await call('agentTeamCsv', input, await signIn('member11'))).body.code).toBe('not_agent')
  })
})

describe('profit and loss statement', () => {
  it("sums each direct downline's whole team for the period, and the totals of them all", async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const sub = await newMember(a.id, 1)
    const deep = await newMember(sub.id)
    const direct = await newMember(a.id)
    const now = Date.now()
    await round(deep.id, 10_000, 0, now)
    await round(sub.id, 5_000, 15_000, now)
    await round(direct.id, 2_000, 0, now)
    await round(direct.id, 9_000, 0, now - 3 * 86_400_000) // not today
    const pl = (await call('agentProfitLoss', { period: 'today' }, a.token)).body.value
    expect(pl.rows).toEqual([
      { id: sub.id, username: sub.username, isAgent: true, members: 2, active: 2, bets: 15_000, validBets: 15_000, profitLoss: 0 },
      { id: direct.id, username: direct.username, isAgent: false, members: 1, active: 1, bets: 2_000, validBets: 2_000, profitLoss: -2_000 },
    ])
    expect(pl.totals).toEqual({ active: 3, bets: 17_000, validBets: 17_000, profitLoss: -2_000 })
    expect((await call('agentProfitLoss', { period: 'today' }, sub.token)).body.value.rows.map((r: { id: string }) => r.id)).toEqual([deep.id])
  })

  it("opens a sub-agent's statement with breadcrumbs, and refuses one outside the caller's subtree", async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const sub = await newMember(a.id, 1)
    const deep = await newMember(sub.id)
    await round(deep.id, 10_000, 4_000, Date.now())
    const own = (await call('agentProfitLoss', { period: 'today' }, a.token)).body.value
    expect(own.breadcrumbs.map((c: { username: string }) => c.username)).toEqual([a.username])
    const down = (await call('agentProfitLoss', { period: 'today', parentId: sub.id }, a.token)).body.value
    expect(down.breadcrumbs.map((c: { username: string }) => c.username)).toEqual([a.username, sub.username])
    expect(down.rows).toEqual([{ id: deep.id, username: deep.username, isAgent: false, members: 1, active: 1, bets: 10_000, validBets: 10_000, profitLoss: -6_000 }])
    expect(down.totals).toEqual({ active: 1, bets: 10_000, validBets: 10_000, profitLoss: -6_000 })
    // Two levels down from agent01, through a: the whole path.
    const far = (await call('agentProfitLoss', { period: 'today', parentId: sub.id }, agent01)).body.value
    expect(far.breadcrumbs.map((c: { username: string }) => c.username)).toEqual(['agent01', a.username, sub.username])
    const csv = (await call('agentProfitLossCsv', { period: 'today', parentId: sub.id }, a.token)).body.value.csv as string
    expect(csv.split('\r\n')[1]).toContain(deep.username)
    // A sub-agent cannot read its upline's or a sibling's statement.
    for (const parentId of [await idOf('agent01'), await idOf('agent02'), a.id]) {
      expect((await call('agentProfitLoss', { period: 'today', parentId }, sub.token)).body.code).toBe('not_found')
    }
  })
})

/** Calls an endpoint as the browser client does (encrypted endpoints sealed with the platform key). */
let sealer: ReturnType<typeof client> | undefined
const sealed = async <T = any>(k: EndpointKey, input: Record<string, unknown>, token?: string) => {
  sealer ??= client(sb.url)
  return (await sealer.raw(k, input, { token })) as Reply<T>
}
const origin = 'https://play.example.com'

describe('registration centre', () => {
  it('creates a member and an agent below the caller under the registration rules; each changes its password at first login', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const made = await sealed('agentCreateDownline', { kind: 'member', username: `rc${a.username}`, password: 'abc12345', confirmPassword: 'abc12345' }, a.token)
    expect(made.body).toMatchObject({ success: true, value: { username: `rc${a.username}`, isAgent: false } })
    const sub = await sealed('agentCreateDownline', { kind: 'agent', username: `rca${a.username}`.slice(0, 15), password: 'abc12345', confirmPassword: 'abc12345' }, a.token)
    expect(sub.body.value.isAgent).toBe(true)
    const list = await call('agentDownlines', {}, a.token)
    expect(list.body.value.list.map((d: { username: string; isAgent: boolean }) => [d.username, d.isAgent]).sort()).toEqual(
      [
        [`rc${a.username}`, false],
        [`rca${a.username}`.slice(0, 15), true],
      ].sort(),
    )
    // The chosen password signs in, and the account must change it first.
    const signedIn = await login(client(sb.url), sb.url, `rc${a.username}`, 'abc12345', { ip: '10.15.0.1' })
    expect(signedIn.body.value).toMatchObject({ passwordExpired: true })
    // The new agent has its own invitation code.
    const codes = await call('agentInvitations', { origin }, await createSession(sb.db, sub.body.value.id, Date.now(), '127.0.0.1'))
    expect(codes.body.value.list[0]).toMatchObject({ standing: true, code: `INV${`rca${a.username}`.slice(0, 15).toUpperCase()}` })
  })

  it('refuses a bad username, a weak or mismatched password, a taken name and a plain (unsealed) body, creating nothing', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const bad = await sealed('agentCreateDownline', { kind: 'member', username: '9lives', password: 'abcdef', confirmPassword: 'abcdeg' }, a.token)
    expect(bad.body.code).toBe('validation_failed')
    expect(bad.body.fields).toEqual({ username: 'auth_err_username', password: 'auth_err_password', confirmPassword: 'err_field_mismatch' })
    expect((await sealed('agentCreateDownline', { kind: 'member', username: 'member11', password: 'abc12345', confirmPassword: 'abc12345' }, a.token)).body.code).toBe(
      'username_taken',
    )
    const plain = await sealer!.raw(
      'agentCreateDownline',
      { kind: 'member', username: `pl${a.username}`, password: 'abc12345', confirmPassword: 'abc12345' },
      { token: a.token, plain: true },
    )
    expect(plain.body.success).toBe(false)
    expect((await call('agentDownlines', {}, a.token)).body.value.total).toBe(0)
    expect(
      (await sealed('agentCreateDownline', { kind: 'member', username: `mm${a.username}`, password: 'abc12345', confirmPassword: 'abc12345' }, await signIn('member11'))).body.code,
    ).toBe('not_agent')
  })

  it('creates and disables invitation codes whose link and QR register a player below the agent; a disabled code is refused', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const created = await call('agentCreateInvitation', { origin }, a.token)
    const inv = created.body.value.list[0]
    expect(inv).toMatchObject({ standing: false, disabled: false, registered: 0, link: `${origin}/register?affiliateCode=${inv.code}` })
    expect(inv.qr.size).toBeGreaterThanOrEqual(29)
    expect(inv.qr.path).toMatch(/^M\d+ \d+h1v1h-1z/)
    // Someone else's agent cannot see or disable it.
    expect((await call('agentDisableInvitation', { origin, code: inv.code }, agent02)).body.code).toBe('not_found')
    expect((await call('agentInvitations', { origin }, agent02)).body.value.list.some((i: { code: string }) => i.code === inv.code)).toBe(false)

    // A player registers with the code (any case) and lands below the agent, counted on the code.
    const player = client(sb.url)
    const username = `iv${a.username}`.slice(0, 15)
    const ip = '10.15.0.2'
    await setFlag(sb.url, 'REGSMS3', false)
    const reg = await player.raw(
      'register',
      {
        username,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        affiliateCode: inv.code.toLowerCase(),
        registerMethod: 'WEB',
        login: true,
        termsAccepted: true,
        slider: await solvedSlider(player, { ip }),
        ...(await solvedCaptcha(player, sb.url, { ip })),
      },
      { ip },
    )
    expect([reg.body.code, reg.body.fields]).toEqual(['ok', undefined])
    const after = await call('agentInvitations', { origin }, a.token)
    expect(after.body.value.list.find((i: { code: string }) => i.code === inv.code).registered).toBe(1)
    expect((await call('agentDownlines', {}, a.token)).body.value.list.map((d: { username: string }) => d.username)).toEqual([username])

    const off = await call('agentDisableInvitation', { origin, code: inv.code }, a.token)
    expect(off.body.value.list.find((i: { code: string }) => i.code === inv.code).disabled).toBe(true)
    expect((await call('affiliate', { code: inv.code })).body.value.valid).toBe(false)
    expect((await call('agentInvitations', { origin: 'javascript:alert(1)' }, a.token)).body.code).toBe('validation_failed')
  })
})

describe('transfer to a downline', () => {
  it('moves money to a direct downline once per key, with the payment password, and refuses what it must without moving anything', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    await creditMember(sb.db, a.id, 500_00, { idempotencyKey: `seed:${a.id}` })
    const d = await newMember(a.id)
    const deep = await newMember(d.id)
    const key = `k${crypto.randomUUID().replace(/-/g, '')}`
    const send = (over: Record<string, unknown> = {}, token = a.token) =>
      sealed('agentTransfer', { downlineId: d.id, amount: 120_00, paymentPassword: '123456', idempotencyKey: key, ...over }, token)
    const balances = async () => [await balanceOf(sb.db, memberAccount(a.id)), await balanceOf(sb.db, memberAccount(d.id))]
    const total = await sumAll()

    expect((await send()).body.code).toBe('payment_password_not_set')
    await sealed('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, a.token)
    expect((await send({ paymentPassword: '654321' })).body).toMatchObject({ code: 'payment_password_incorrect', fields: { paymentPassword: 'err_payment_password_incorrect' } })
    expect((await send({ amount: 600_00, idempotencyKey: `${key}x` })).body).toMatchObject({ code: 'insufficient_funds', fields: { amount: 'money_err_over_balance' } })
    expect((await send({ downlineId: deep.id, idempotencyKey: `${key}y` })).body.code).toBe('forbidden')
    expect((await send({ downlineId: await idOf('member21'), idempotencyKey: `${key}z` })).body.code).toBe('not_found')
    expect(await balances()).toEqual([500_00, 0])

    const first = await send()
    expect(first.body.value).toMatchObject({ amount: 120_00, downline: d.username, balance: 380_00 })
    // The same key again (a lost reply retried) answers the same transfer and moves nothing.
    expect((await send()).body.value.transferId).toBe(first.body.value.transferId)
    expect((await send({ amount: 130_00 })).body.code).toBe('conflict')
    expect(await balances()).toEqual([380_00, 120_00])
    expect(await sumAll()).toBe(total)
    const record = await call('accountRecord', {}, d.token)
    expect(record.body.value.list).toEqual([expect.objectContaining({ detail: 'downline_transfer', amount: 120_00 })])
  })
})

describe('team betting, downline transactions and announcements', () => {
  it("lists the subtree's rounds by period, member and game type with totals, and the CSV holds the same rows", async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const m1 = await newMember(a.id)
    const m2 = await newMember(a.id)
    const outsider = await newMember(await idOf('agent02'))
    const today = Math.floor(Date.now() / DAY) * DAY
    await round(m1.id, 10_00, 25_00, today + 1000)
    await round(m2.id, 5_00, 0, today + 2000)
    await round(m1.id, 7_00, 0, today - DAY + 1000)
    await round(outsider.id, 99_00, 0, today + 3000)
    const [{ game_type }] = await sb.db.query<{ game_type: string }>('SELECT game_type FROM games ORDER BY node_id LIMIT 1')

    const all = (await call('agentTeamBets', { period: 'today' }, a.token)).body.value
    expect(all.list.map((r: { username: string; stake: number; profitLoss: number }) => [r.username, r.stake, r.profitLoss])).toEqual([
      [m2.username, 5_00, -5_00],
      [m1.username, 10_00, 15_00],
    ])
    expect(all.totals).toEqual({ rounds: 2, bets: 15_00, validBets: 15_00, profitLoss: 10_00 })
    const one = (await call('agentTeamBets', { period: 'week', member: m1.username.toUpperCase(), gameType: game_type.toLowerCase() }, a.token)).body.value
    expect(one.list.map((r: { stake: number }) => r.stake).sort()).toEqual(new Date(today).getUTCDay() === 1 ? [10_00] : [7_00, 10_00].sort())
    expect((await call('agentTeamBets', { period: 'today', gameType: 'NOPE' }, a.token)).body.value.total).toBe(0)
    // A member outside the subtree is simply not there.
    expect((await call('agentTeamBets', { period: 'today', member: outsider.username }, a.token)).body.value.total).toBe(0)

    const file = (await call('agentTeamBetsCsv', { period: 'today' }, a.token)).body.value
    const lines = file.csv.trim().split('\r\n')
    expect(lines[0]).toBe('time,member,game,game_type,stake,payout,profit_loss,status')
    expect(lines.slice(1).map((l: string) => l.split(',').slice(-4).join(','))).toEqual(['5.00,0.00,-5.00,settled', '10.00,25.00,15.00,settled'])
    expect(file.rows).toBe(2)
  })

  it('lists deposits, withdrawals and transfers of the subtree by kind and member with totals, and as CSV', async () => {
    const a = await newMember(await idOf('agent01'), 1)
    const m1 = await newMember(a.id)
    await creditMember(sb.db, m1.id, 300_00, { idempotencyKey: `dep:${m1.id}`, kind: 'deposit', memo: 'bank deposit' })
    await creditMember(sb.db, a.id, 50_00, { idempotencyKey: `seed:${a.id}` })
    const other = await newMember(await idOf('agent02'))
    await creditMember(sb.db, other.id, 999_00, { idempotencyKey: `dep:${other.id}`, kind: 'deposit' })

    const all = (await call('agentTransactions', { period: 'today' }, a.token)).body.value
    expect(all.list).toEqual([expect.objectContaining({ username: m1.username, kind: 'deposit', amount: 300_00, memo: 'bank deposit' })])
    expect(all.totals).toEqual({ deposits: 300_00, withdrawals: 0, transfersIn: 0, transfersOut: 0 })
    expect((await call('agentTransactions', { period: 'today', kind: 'withdrawal' }, a.token)).body.value.total).toBe(0)
    const file = (await call('agentTransactionsCsv', { period: 'today', kind: 'deposit' }, a.token)).body.value
    expect(
      file.csv
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l: string) => l.split(',').slice(1).join(',')),
    ).toEqual([`${m1.username},deposit,300.00,bank deposit`])
  })

  it("shows the seeded announcements to agents only, newest first, in the caller's language", async () => {
    const list = (await call('agentAnnouncements', {}, agent01)).body.value.list
    expect(list.length).toBeGreaterThanOrEqual(3)
    expect(list[0].title).toBe('Daily salary paid before 10:00 UTC')
    expect((await call('agentAnnouncements', {}, await signIn('member11'))).body.code).toBe('not_agent')
  })

  it('exports the profit and loss statement and the payouts as CSV with the rows the pages show', async () => {
    const pl = (await call('agentProfitLoss', { period: 'month' }, agent01)).body.value
    const file = (await call('agentProfitLossCsv', { period: 'month' }, agent01)).body.value
    const lines = file.csv.trim().split('\r\n')
    expect(lines).toHaveLength(pl.rows.length + 2)
    expect(lines.at(-1)).toMatch(/^total,,,/)
    const income = (await call('agentPayoutsCsv', {}, agent02)).body.value
    expect(income.csv.split('\r\n')[0]).toBe('period_start,period_end,kind,upline,active,valid_bets,won_stakes,lost_stakes,profit_loss,amount,paid_at')
    expect(income.rows).toBe((await call('agentPayouts', {}, agent02)).body.value.total)
  })
})

describe('who may read the new reports and act on the new routes', () => {
  it("answers 200 requests naming members, codes and transfers outside the caller's subtree with no data and no money moved", async () => {
    const outsider = await newMember(await idOf('agent01'), 1)
    await creditMember(sb.db, outsider.id, 100_00, { idempotencyKey: `seed:${outsider.id}` })
    const theirs = (await call('agentCreateInvitation', { origin }, agent01)).body.value.list.find((i: { standing: boolean }) => !i.standing).code as string
    const names = ['agent01', 'member11', 'member21', 'agent02', 'demo01']
    const ids = await Promise.all(names.map(idOf))
    const total = await sumAll()
    const replies: Reply[] = []
    for (let i = 0; i < 200; i++) {
      const kind = i % 4
      replies.push(
        kind === 0
          ? await call('agentTeamBets', { period: 'month', member: names[i % names.length] }, outsider.token)
          : kind === 1
            ? await call('agentTransactions', { period: 'month', member: names[i % names.length] }, outsider.token)
            : kind === 2
              ? await sealed(
                  'agentTransfer',
                  { downlineId: ids[i % ids.length], amount: 1_00, paymentPassword: '123456', idempotencyKey: `probe${i}-0123456789abc` },
                  outsider.token,
                )
              : await call('agentDisableInvitation', { origin, code: theirs }, outsider.token),
      )
    }
    const leaked = replies.filter((r) => r.body.success && !(Array.isArray(r.body.value?.list) && r.body.value.list.length === 0))
    expect(leaked).toEqual([])
    expect(replies.filter((r) => !r.body.success).every((r) => r.body.code === 'not_found')).toBe(true)
    expect(await balanceOf(sb.db, memberAccount(outsider.id))).toBe(100_00)
    expect(await sumAll()).toBe(total)
    expect((await call('agentInvitations', { origin }, agent01)).body.value.list.find((i: { code: string }) => i.code === theirs).disabled).toBe(false)
  })
})
