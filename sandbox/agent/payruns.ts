/**
 * Pay runs of active contracts (SPEC §3, §9) and the contract simulator. Each contract is paid for
 * its last complete period before the run: real-time salary every 5 minutes, hourly salary by the
 * hour, daily salary on the previous day's figures, dividends daily, weekly, semi-monthly or
 * monthly. A payout is one `agent_payouts` row and one ledger transaction from `house:promo`, both
 * keyed by contract and period in one database transaction, so a re-run pays nothing twice.
 *
 * What each kind pays, on the figures of the downline's team (the downline and its subtree):
 * - dividend: rate × team loss, when active ≥ minActive, valid bet ≥ minValidBet and loss ≥ minLoss;
 * - daily and hourly salary: rate × valid bet, when active ≥ minActive and valid bet ≥ minValidBet;
 * - real-time salary: winRate × valid bet of rounds the player won + lossRate × valid bet of rounds
 *   the player lost, when valid bet ≥ minValidBet.
 * @module
 */
import type { ContractKind, ContractPeriod, ContractTerms } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { memberAccount, openAccount, openHouseAccounts, postTransactionIn } from '../ledger.ts'
import { subtreeSql } from './tree.ts'
import type { ContractRow } from './contracts.ts'
import { limitOffset, pageFrom } from '../db/page.ts'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

/** The last complete period (UTC) that ends at or before `at`. */
export function periodBefore(period: ContractPeriod, at: number): { start: number; end: number } {
  const step = period === '5min' ? 5 * MIN : period === 'hourly' ? HOUR : DAY
  const end = Math.floor(at / step) * step
  if (period === '5min' || period === 'hourly' || period === 'daily') return { start: end - step, end }
  const d = new Date(end)
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth()
  if (period === 'weekly') {
    const monday = end - ((d.getUTCDay() + 6) % 7) * DAY
    return { start: monday - 7 * DAY, end: monday }
  }
  if (period === 'monthly') return { start: Date.UTC(y, m - 1, 1), end: Date.UTC(y, m, 1) }
  // Semi-monthly: the 1st to the 15th, and the 16th to the month's end.
  if (d.getUTCDate() > 15) return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m, 16) }
  return { start: Date.UTC(y, m - 1, 16), end: Date.UTC(y, m, 1) }
}

/** Figures a contract pays on. */
export interface Basis {
  active: number
  bets: number
  validBets: number
  profitLoss: number
  wonStake: number
  lostStake: number
}

/** The team's figures in `[start, end)`: the downline itself and its whole subtree. */
export async function basisOf(q: Queryable, downlineId: string, start: number, end: number): Promise<Basis> {
  const [r] = await q.query<{ active: number; bets: number; valid: number; pl: number; won: number; lost: number }>(
    `WITH RECURSIVE ${subtreeSql('$1')}, mo AS (SELECT id FROM team UNION ALL SELECT $1)
     SELECT count(DISTINCT r.member_id)::int AS active, coalesce(sum(r.stake), 0)::int8 AS bets,
       coalesce(sum(r.stake) FILTER (WHERE r.status = 'settled' AND r.payout <> r.stake), 0)::int8 AS valid,
       coalesce(sum(r.payout - r.stake) FILTER (WHERE r.status = 'settled'), 0)::int8 AS pl,
       coalesce(sum(r.stake) FILTER (WHERE r.status = 'settled' AND r.payout > r.stake), 0)::int8 AS won,
       coalesce(sum(r.stake) FILTER (WHERE r.status = 'settled' AND r.payout < r.stake), 0)::int8 AS lost
     FROM rounds r JOIN mo ON mo.id = r.member_id WHERE r.created_at >= $2 AND r.created_at < $3`,
    [downlineId, start, end],
  )
  return { active: Number(r.active), bets: Number(r.bets), validBets: Number(r.valid), profitLoss: Number(r.pl), wonStake: Number(r.won), lostStake: Number(r.lost) }
}

/** What terms pay on a basis (minor units, rounded down). */
export function amountFor(t: Pick<ContractTerms, 'kind' | 'rateBp' | 'winRateBp' | 'lossRateBp' | 'minActive' | 'minValidBet' | 'minLoss'>, b: Basis): number {
  const share = (amount: number, bp: number) => Math.floor((amount * bp) / 10_000)
  if (b.validBets < t.minValidBet) return 0
  if (t.kind === 'realtime_salary') return share(b.wonStake, t.winRateBp) + share(b.lostStake, t.lossRateBp)
  if (b.active < t.minActive) return 0
  if (t.kind === 'dividend') {
    const loss = -b.profitLoss
    return loss > 0 && loss >= t.minLoss ? share(loss, t.rateBp) : 0
  }
  return share(b.validBets, t.rateBp)
}

/** What the terms would have paid over their last complete period before `now`, on real data. */
export async function simulate(q: Queryable, downlineId: string, t: ContractTerms, now: number) {
  const { start, end } = periodBefore(t.period, now)
  const b = await basisOf(q, downlineId, start, end)
  return {
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(end).toISOString(),
    amount: amountFor(t, b),
    basis: { active: b.active, bets: b.bets, validBets: b.validBets, profitLoss: b.profitLoss },
  }
}

/** One payout of a run. */
export interface PaidPeriod {
  contractId: string
  downlineId: string
  kind: ContractKind
  periodStart: number
  amount: number
  replay: boolean
}

/**
 * Pays every active contract (of `kind`, or all) for its last complete period before `at`.
 * @returns one entry per contract; `replay` when that period had already been paid (nothing moved)
 */
export async function payRun(db: Db, at: number, kind?: ContractKind): Promise<PaidPeriod[]> {
  await openHouseAccounts(db)
  const contracts = await db.query<ContractRow>(
    `SELECT c.*, '' AS upline, '' AS downline FROM agent_contracts c WHERE c.status = 'active' AND ($1::text IS NULL OR c.kind = $1) ORDER BY c.id`,
    [kind ?? null],
  )
  const out: PaidPeriod[] = []
  for (const c of contracts) {
    const { start, end } = periodBefore(c.period, at)
    const terms = {
      kind: c.kind,
      rateBp: Number(c.rate_bp),
      winRateBp: Number(c.win_rate_bp),
      lossRateBp: Number(c.loss_rate_bp),
      minActive: Number(c.min_active),
      minValidBet: Number(c.min_valid_bet),
      minLoss: Number(c.min_loss),
    }
    const paid = await db.tx(async (q) => {
      const b = await basisOf(q, c.downline_id, start, end)
      const amount = amountFor(terms, b)
      const basis = { active: b.active, bets: b.bets, validBets: b.validBets, profitLoss: b.profitLoss }
      const inserted = await q.query<{ contract_id: string }>(
        `INSERT INTO agent_payouts (contract_id, period_start, period_end, member_id, kind, amount, basis, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT (contract_id, period_start) DO NOTHING RETURNING contract_id`,
        [c.id, start, end, c.downline_id, c.kind, amount, JSON.stringify(basis), at],
      )
      if (inserted.length === 0) {
        const [first] = await q.query<{ amount: string | number }>('SELECT amount FROM agent_payouts WHERE contract_id = $1 AND period_start = $2', [c.id, start])
        return { amount: Number(first.amount), replay: true }
      }
      if (amount > 0) {
        const account = memberAccount(c.downline_id)
        await openAccount(q, account)
        const { transactionId } = await postTransactionIn(q, {
          idempotencyKey: `agent-payout:${c.id}:${start}`,
          kind: c.kind,
          memo: `${c.kind} ${new Date(start).toISOString()}`,
          legs: [
            { account: 'house:promo', amount: -amount },
            { account, amount },
          ],
        })
        await q.query('UPDATE agent_payouts SET transaction_id = $3 WHERE contract_id = $1 AND period_start = $2', [c.id, start, transactionId])
      }
      return { amount, replay: false }
    })
    out.push({ contractId: c.id, downlineId: c.downline_id, kind: c.kind, periodStart: start, ...paid })
  }
  return out
}

/** Payouts a member received (newest first), with the sum of all of them of that kind. */
export async function payoutsOf(q: Queryable, memberId: string, input: { kind?: ContractKind; page: number; pageSize: number }) {
  const rows = await q.query<{
    contract_id: string
    kind: ContractKind
    period_start: string | number
    period_end: string | number
    amount: string | number
    basis: Basis
    created_at: string | number
    n: number
    s: string | number
  }>(
    `SELECT contract_id, kind, period_start, period_end, amount, basis, created_at, count(*) OVER ()::int AS n, sum(amount) OVER ()::int8 AS s
     FROM agent_payouts WHERE member_id = $1 AND amount > 0 AND ($2::text IS NULL OR kind = $2)
     ORDER BY period_start DESC, contract_id LIMIT $3 OFFSET $4`,
    [memberId, input.kind ?? null, ...limitOffset(input)],
  )
  const list = rows.map((r) => ({
    contractId: r.contract_id,
    kind: r.kind,
    periodStart: new Date(Number(r.period_start)).toISOString(),
    periodEnd: new Date(Number(r.period_end)).toISOString(),
    amount: Number(r.amount),
    basis: { active: Number(r.basis.active), bets: Number(r.basis.bets), validBets: Number(r.basis.validBets), profitLoss: Number(r.basis.profitLoss) },
    paidAt: new Date(Number(r.created_at)).toISOString(),
  }))
  return { ...pageFrom(list, rows[0]?.n ?? 0, input), sum: Number(rows[0]?.s ?? 0) }
}
