/**
 * What this period will pay: for each contract the agent holds or gave, the period
 * running now on its figures so far (what a pay run would pay if the period ended now) beside the
 * last complete period, both settled by the pay run's own code ({@link sharesOver}) without paying;
 * and for an upline, what its downlines' contracts cost it (the shares its given contracts take).
 * @module
 */
import { contractKinds, type ContractKind, type ContractPeriod, type ContractPeriodPay, type ContractPays } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { basesOver, contractsOfKind, inForce, payable, periodBefore, periodFrom, sharesOver, type Payable, type Share } from './payruns.ts'
import { reportZone } from './zone.ts'

type Window = { start: number; end: number }

/**
 * The contracts `list` settles together with those of `agentId`: the whole contract trees (top
 * contract and everything paid out of it) that hold one of the agent's contracts. A tree's shares
 * depend on nothing outside it, so settling only these gives the same figures as settling every
 * contract of the kind, as the pay run does, for far fewer team figures.
 */
function treesOf(list: readonly Payable[], agentId: string): Payable[] {
  const byDownline = new Map(list.map((c) => [c.downlineId, c]))
  const rootOf = (c: Payable): string => {
    let at = c
    for (let depth = 0; depth < 64; depth++) {
      const parent = byDownline.get(at.uplineId)
      if (!parent || parent.period !== at.period) break
      at = parent
    }
    return at.id
  }
  const mine = new Set(list.filter((c) => c.uplineId === agentId || c.downlineId === agentId).map(rootOf))
  return list.filter((c) => mine.has(rootOf(c)))
}

/**
 * The shares of one kind's contracts in force over each window that matter to `agentId`, settled by
 * {@link sharesOver}; the teams' figures of all the windows come from one walk of the tree ({@link basesOver}).
 */
async function settle(q: Queryable, all: readonly Payable[], agentId: string, windows: readonly Window[]): Promise<Map<string, Share>[]> {
  const lists = windows.map((w) =>
    treesOf(
      all.filter((c) => inForce(c, w)),
      agentId,
    ),
  )
  const bases = await basesOver(
    q,
    lists.flatMap((l) => l.map((c) => c.downlineId)),
    windows,
  )
  const out: Map<string, Share>[] = []
  for (const [i, w] of windows.entries()) out.push(await sharesOver(q, lists[i], w, bases[i]))
  return out
}

function view(s: Share | undefined, w: Window, periodEnd: number, paidOut: number | null): ContractPeriodPay | null {
  if (!s) return null
  const b = s.basis
  return {
    periodStart: new Date(w.start).toISOString(),
    periodEnd: new Date(periodEnd).toISOString(),
    until: new Date(w.end).toISOString(),
    basis: { active: b.active, bets: b.bets, validBets: b.validBets, profitLoss: b.profitLoss, wonStake: b.wonStake, lostStake: b.lostStake },
    termsAmount: s.demand,
    share: s.share,
    downlinesTake: s.share - s.paid,
    amount: s.paid,
    paidOut,
  }
}

/**
 * Each contract of `agentId` (received or given) in force now or over its last complete period:
 * the period so far (up to `now`) and the last complete one, settled by {@link sharesOver} as the pay
 * run settles them, and what the agent's given contracts cost it in each.
 */
export async function periodPay(q: Queryable, agentId: string, now: number): Promise<ContractPays> {
  const zone = await reportZone(q)
  const list: ContractPays['list'] = []
  for (const kind of contractKinds as readonly ContractKind[]) {
    const all = await contractsOfKind(q, kind, now)
    const payables = all.map(payable)
    const mine = payables.filter((c) => c.uplineId === agentId || c.downlineId === agentId)
    if (mine.length === 0) continue
    const periods = [...new Set(mine.map((c) => c.period))] as ContractPeriod[]
    for (const period of periods) {
      const last = periodBefore(period, now, zone)
      const current = { start: last.end, end: now }
      const currentEnd = periodFrom(period, last.end + 1, zone)
      const samePeriod = payables.filter((c) => c.period === period)
      const [nowShares, lastShares] = await settle(q, samePeriod, agentId, [current, last])
      const recorded = new Map(
        (
          await q.query<{ contract_id: string; amount: string | number }>(
            'SELECT contract_id, amount FROM agent_payouts WHERE contract_id = ANY($1::text[]) AND period_start = $2',
            [mine.map((c) => c.id), last.start],
          )
        ).map((r) => [r.contract_id, Number(r.amount)]),
      )
      for (const c of mine.filter((m) => m.period === period)) {
        const cur = view(nowShares.get(c.id), current, currentEnd, null)
        const prev = view(lastShares.get(c.id), last, last.end, recorded.get(c.id) ?? null)
        if (!cur && !prev) continue
        const row = all.find((r) => r.id === c.id)!
        const side = c.uplineId === agentId ? 'upline' : 'downline'
        list.push({
          contractId: c.id,
          kind: c.kind,
          period: c.period,
          side,
          counterpart: (side === 'upline' ? row.downline : row.upline).slice(0, 64),
          rateBp: c.terms.rateBp,
          winRateBp: c.terms.winRateBp,
          lossRateBp: c.terms.lossRateBp,
          current: cur,
          last: prev,
        })
      }
    }
  }
  // What the agent's downlines' contracts cost it: the shares its given contracts take, per window.
  const given = list.filter((c) => c.side === 'upline')
  const cost = {
    current: given.reduce((s, c) => s + (c.current?.share ?? 0), 0),
    last: given.reduce((s, c) => s + (c.last?.share ?? 0), 0),
  }
  return { at: new Date(now).toISOString(), list, cost }
}
