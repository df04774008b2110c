/**
 * Pay runs of contracts (SPEC §3, §9) and the contract simulator. Each contract is paid for its last
 * complete period before the run: real-time salary every 5 minutes, hourly salary by the hour, daily
 * salary on the previous day's figures, dividends daily, weekly, semi-monthly or monthly; only a
 * period that starts at or after the contract's acceptance. A payout is one
 * `agent_payouts` row and one ledger transaction from `house:promo`, both keyed by contract and
 * period in one database transaction, so a re-run pays nothing twice.
 *
 * What each kind's terms give, on the figures of the downline's team (the downline and its subtree):
 * - dividend: rate × team loss, when active ≥ minActive, valid bet ≥ minValidBet and loss ≥ minLoss;
 * - daily and hourly salary: rate × valid bet, when active ≥ minActive and valid bet ≥ minValidBet;
 * - real-time salary: winRate × valid bet of rounds the player won + lossRate × valid bet of rounds
 *   the player lost, when valid bet ≥ minValidBet.
 * What is paid comes out of a share ({@link sharesOver}): a top contract's terms (capped by the
 * platform ceiling), and below it what the upline's share leaves; each agent keeps its share less
 * what its own downlines' contracts took.
 * @module
 */
import { contractKinds, type ContractKind, type ContractPeriod, type ContractTerms } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { memberAccount, openAccount, openHouseAccounts, postTransactionIn } from '../ledger.ts'
import { getPayCeilings } from '../settings.ts'
import { MAX_DEPTH, subtreeSql } from './tree.ts'
import { offerRefusal, type ContractRow } from './contracts.ts'
import { limitOffset, pageFrom } from '../db/page.ts'
import { rangeOf } from '../money/records.ts'
import { dayOf, dayStart, fromWall, reportZone, wallNow } from './zone.ts'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

/**
 * The last complete period that ends at or before `at`: 5-minute and hourly periods on the clock,
 * daily, weekly (from Monday), semi-monthly and monthly ones in the platform's zone `zone` (a
 * daily salary closes at the zone's midnight, 16:00 UTC in Manila).
 */
export function periodBefore(period: ContractPeriod, at: number, zone = 'UTC'): { start: number; end: number } {
  if (period === '5min' || period === 'hourly') {
    const step = period === '5min' ? 5 * MIN : HOUR
    const end = Math.floor(at / step) * step
    return { start: end - step, end }
  }
  const { start, end } = fromWall(wallPeriodBefore(period, wallNow(at, zone)), zone)
  return { start, end }
}

/** {@link periodBefore} of the day-based periods on a wall clock (local time written as UTC). */
function wallPeriodBefore(period: ContractPeriod, at: number): { start: number; end: number } {
  const end = Math.floor(at / DAY) * DAY
  if (period === 'daily') return { start: end - DAY, end }
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

/**
 * The figures of several teams in `[start, end)` at once, each as {@link basisOf} computes it (the
 * downline and its whole subtree): one walk of the tree for every contract of a window, instead of
 * a query per contract (200 contracts over 10,000 downlines took seconds one by one).
 */
export async function basesOf(q: Queryable, downlineIds: readonly string[], start: number, end: number): Promise<Map<string, Basis>> {
  return (await basesOver(q, downlineIds, [{ start, end }]))[0]
}

/**
 * {@link basesOf} over several windows at once (this period and the last): one walk
 * of the tree for all of them. The whole local days of a window (in the zone the roll-up is kept in) are read from the daily roll-up
 * (`agent_member_days`, kept by triggers from the rounds by the same rules, won and lost stakes since
 * migration 022) and only its ends outside whole days from the rounds, per member,
 * then summed per team here; a round in two windows counts in both.
 * @returns one map per window, in their order
 */
export async function basesOver(q: Queryable, downlineIds: readonly string[], windows: readonly { start: number; end: number }[]): Promise<Map<string, Basis>[]> {
  const ids = [...new Set(downlineIds)]
  const zero: Basis = { active: 0, bets: 0, validBets: 0, profitLoss: 0, wonStake: 0, lostStake: 0 }
  const out = windows.map(() => new Map<string, Basis>(ids.map((id) => [id, zero])))
  if (ids.length === 0 || windows.length === 0) return out
  // Who is in each team (the downline and its subtree), walked once. Plain queries below, summed here:
  // joined to the walk inside one statement, the planner looped over it per row (seconds for 10,000).
  const branch = await q.query<{ root: string; id: string }>(
    `WITH RECURSIVE branch AS (
       SELECT id AS root, id, 0 AS depth FROM members WHERE id = ANY($1::text[])
       UNION ALL
       SELECT b.root, m.id, b.depth + 1 FROM members m JOIN branch b ON m.upline_id = b.id WHERE b.depth < ${MAX_DEPTH}
     ) SELECT root, id FROM branch`,
    [ids],
  )
  const rootsOf = new Map<string, string[]>()
  for (const b of branch) rootsOf.set(b.id, [...(rootsOf.get(b.id) ?? []), b.root])
  const members = [...rootsOf.keys()]
  type Sums = { bets: number; valid: number; pl: number; won: number; lost: number }
  const sums = `coalesce(sum(bets), 0)::int8 AS bets, coalesce(sum(valid), 0)::int8 AS valid, coalesce(sum(pl), 0)::int8 AS pl,
    coalesce(sum(won), 0)::int8 AS won, coalesce(sum(lost), 0)::int8 AS lost`
  // The roll-up's days are local dates of the zone it is kept in (migration 025), whatever the brand says now.
  const [kept] = await q.query<{ zone: string | null }>('SELECT zone FROM agent_rollup_zone')
  const zone = kept?.zone ?? 'UTC'
  for (const [i, w] of windows.entries()) {
    // The window's whole local days from the roll-up, its ends (or all of it, when it holds no whole day) from the rounds.
    const startDay = dayOf(w.start, zone)
    const firstDay = dayStart(startDay, zone) === w.start ? startDay : startDay + 1
    const endDay = dayOf(w.end, zone)
    const [fs, fe] = firstDay < endDay ? [dayStart(firstDay, zone), dayStart(endDay, zone)] : [w.end, w.end]
    const perMember = new Map<string, Sums>()
    const addRow = (r: { member_id: string } & Sums) => {
      const m = perMember.get(r.member_id) ?? { bets: 0, valid: 0, pl: 0, won: 0, lost: 0 }
      perMember.set(r.member_id, {
        bets: m.bets + Number(r.bets),
        valid: m.valid + Number(r.valid),
        pl: m.pl + Number(r.pl),
        won: m.won + Number(r.won),
        lost: m.lost + Number(r.lost),
      })
    }
    if (fs < fe)
      for (const r of await q.query<{ member_id: string } & Sums>(
        `SELECT member_id, ${sums} FROM (
           SELECT d.member_id, d.bets, d.valid_bets AS valid, d.profit_loss AS pl, d.won_stake AS won, d.lost_stake AS lost
           FROM agent_member_days d JOIN unnest($1::text[]) t (id) ON t.id = d.member_id WHERE d.day >= $2 AND d.day < $3 AND d.rounds > 0) d
         GROUP BY member_id`,
        [members, firstDay, endDay],
      ))
        addRow(r)
    // Joined to the members as a table, not `= ANY`: with 10,000 of them the planner probed each member's rounds.
    for (const [from, to] of [
      [w.start, fs],
      [fe, w.end],
    ]) {
      if (from >= to) continue
      for (const r of await q.query<{ member_id: string } & Sums>(
        `SELECT member_id, ${sums} FROM (
           SELECT r.member_id, r.stake AS bets,
             CASE WHEN r.status = 'settled' AND r.payout <> r.stake THEN r.stake ELSE 0 END AS valid,
             CASE WHEN r.status = 'settled' THEN r.payout - r.stake ELSE 0 END AS pl,
             CASE WHEN r.status = 'settled' AND r.payout > r.stake THEN r.stake ELSE 0 END AS won,
             CASE WHEN r.status = 'settled' AND r.payout < r.stake THEN r.stake ELSE 0 END AS lost
           FROM rounds r JOIN unnest($1::text[]) t (id) ON t.id = r.member_id WHERE r.created_at >= $2 AND r.created_at < $3) r
         GROUP BY member_id`,
        [members, from, to],
      ))
        addRow(r)
    }
    const totals = new Map<string, Basis>()
    for (const [member, m] of perMember)
      for (const root of rootsOf.get(member) ?? []) {
        const t = totals.get(root) ?? zero
        totals.set(root, {
          active: t.active + 1,
          bets: t.bets + m.bets,
          validBets: t.validBets + m.valid,
          profitLoss: t.profitLoss + m.pl,
          wonStake: t.wonStake + m.won,
          lostStake: t.lostStake + m.lost,
        })
      }
    for (const [root, b] of totals) out[i].set(root, b)
  }
  return out
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

/** The first period that starts at or after `at` (in `zone`): the first one a contract accepted at `at` is paid for. */
export function periodFrom(period: ContractPeriod, at: number, zone = 'UTC'): number {
  const current = periodBefore(period, at, zone).end
  if (current === at) return at
  // The period running at `at` ends where the last complete period before a later instant does.
  for (let probe = current + MIN; ; probe += HOUR) {
    const next = periodBefore(period, probe, zone).end
    if (next > current) return next
  }
}

/** A contract as the pay rules read it. */
export interface Payable {
  id: string
  kind: ContractKind
  period: ContractPeriod
  uplineId: string
  downlineId: string
  terms: Pick<ContractTerms, 'kind' | 'rateBp' | 'winRateBp' | 'lossRateBp' | 'minActive' | 'minValidBet' | 'minLoss'>
  acceptedAt: number | null
  status: string
  updatedAt: number
}

/** A contract row as the pay rules read it. */
export const payable = (c: ContractRow): Payable => ({
  id: c.id,
  kind: c.kind,
  period: c.period,
  uplineId: c.upline_id,
  downlineId: c.downline_id,
  terms: {
    kind: c.kind,
    rateBp: Number(c.rate_bp),
    winRateBp: Number(c.win_rate_bp),
    lossRateBp: Number(c.loss_rate_bp),
    minActive: Number(c.min_active),
    minValidBet: Number(c.min_valid_bet),
    minLoss: Number(c.min_loss),
  },
  acceptedAt: c.accepted_at === null ? null : Number(c.accepted_at),
  status: c.status,
  updatedAt: Number(c.updated_at),
})

/**
 * Whether a contract is paid for the window: only a period that starts at or after acceptance, and
 * not one the contract ended before the end of (a contract ended after the period still gets it).
 */
export const inForce = (c: Payable, w: { start: number; end: number }): boolean =>
  c.acceptedAt !== null && c.acceptedAt <= w.start && (c.status === 'active' || (c.status === 'terminated' && c.updatedAt >= w.end))

/** What one contract gets for a window. */
export interface Share {
  contractId: string
  downlineId: string
  /** What its terms give on its team's figures. */
  demand: number
  /** That, capped by what its upline's share leaves: what the contract's whole subtree is paid. */
  share: number
  /** Paid to the downline itself: its share less what its own sub-contracts took (never below zero). */
  paid: number
  basis: Basis
}

/**
 * The shares of one kind's contracts in force over one window: pay comes out of a
 * share, never from nowhere. A contract offered by a top-level agent (no upline) is a top contract:
 * its share is what its terms give (each rate capped by today's platform ceiling of the kind). Any
 * other contract is paid out of its upline's share: the contracts an agent gave take what their terms
 * give while the agent's share covers them, else the share split in proportion to what each asked;
 * a contract whose upline has no share of the window (no contract of the kind, another period, not
 * in force) gets nothing. Each downline is paid its share less its own sub-contracts' shares, so a
 * subtree is never paid more than its top contract's share of the subtree's result. The pay run and
 * the simulator both settle through this.
 */
export async function sharesOver(
  q: Queryable,
  contracts: readonly Payable[],
  w: { start: number; end: number },
  /** The teams' figures over `w` when the caller has them already ({@link basesOver}); else computed here. */
  known?: Map<string, Basis>,
): Promise<Map<string, Share>> {
  const out = new Map<string, Share>()
  if (contracts.length === 0) return out
  const ceilings = await getPayCeilings(q)
  const uplines = [...new Set(contracts.map((c) => c.uplineId))]
  const tops = new Set((await q.query<{ id: string }>('SELECT id FROM members WHERE id = ANY($1::text[]) AND upline_id IS NULL', [uplines])).map((r) => r.id))
  const byDownline = new Map(contracts.map((c) => [c.downlineId, c]))
  const children = new Map<string, Payable[]>()
  const roots: Payable[] = []
  const orphans: Payable[] = []
  for (const c of contracts) {
    const parent = byDownline.get(c.uplineId)
    if (tops.has(c.uplineId)) roots.push(c)
    else if (parent && parent.period === c.period) children.set(parent.id, [...(children.get(parent.id) ?? []), c])
    else orphans.push(c)
  }
  const demands = new Map<string, { demand: number; basis: Basis }>()
  const bases =
    known ??
    (await basesOf(
      q,
      contracts.map((c) => c.downlineId),
      w.start,
      w.end,
    ))
  for (const c of contracts) {
    const basis = bases.get(c.downlineId)!
    const ceiling = ceilings[c.kind]
    const terms = tops.has(c.uplineId)
      ? {
          ...c.terms,
          rateBp: Math.min(c.terms.rateBp, ceiling.rateBp),
          winRateBp: Math.min(c.terms.winRateBp, ceiling.winRateBp),
          lossRateBp: Math.min(c.terms.lossRateBp, ceiling.lossRateBp),
        }
      : c.terms
    demands.set(c.id, { demand: amountFor(terms, basis), basis })
  }
  const settle = (c: Payable, share: number, depth: number) => {
    const kids = depth < 64 ? (children.get(c.id) ?? []) : []
    const asked = kids.reduce((s, k) => s + demands.get(k.id)!.demand, 0)
    let given = 0
    for (const k of kids) {
      const d = demands.get(k.id)!.demand
      // Proportional split when the share does not cover every ask; BigInt keeps amount × share exact.
      const kidShare = asked <= share ? d : Number((BigInt(d) * BigInt(share)) / BigInt(asked))
      given += kidShare
      settle(k, kidShare, depth + 1)
    }
    const { demand, basis } = demands.get(c.id)!
    out.set(c.id, { contractId: c.id, downlineId: c.downlineId, demand, share, paid: share - given, basis })
  }
  for (const r of roots) settle(r, demands.get(r.id)!.demand, 0)
  for (const o of orphans) settle(o, 0, 0)
  return out
}

/**
 * What the terms would have paid over their last complete period before `now` if `uplineId` had
 * offered them to `downlineId` and they had been in force, by the pay run's own rules
 * ({@link sharesOver}): the rest of the contract tree as it stands, the offer in place of the
 * downline's contract of the kind. A refused offer pays 0 and says why.
 */
export async function simulate(q: Queryable, uplineId: string, downlineId: string, t: ContractTerms, now: number) {
  const refusal = await offerRefusal(q, uplineId, t)
  const zone = await reportZone(q)
  const w = periodBefore(t.period, now, zone)
  const rows = await q.query<ContractRow>(
    `SELECT c.*, '' AS upline, '' AS downline FROM agent_contracts c WHERE c.kind = $1 AND c.downline_id <> $2 AND c.accepted_at IS NOT NULL
       AND (c.status = 'active' OR (c.status = 'terminated' AND c.updated_at >= $3)) ORDER BY c.id`,
    [t.kind, downlineId, w.end],
  )
  const offered: Payable = { id: 'simulated', kind: t.kind, period: t.period, uplineId, downlineId, terms: t, acceptedAt: w.start, status: 'active', updatedAt: now }
  const list = [...rows.map(payable).filter((c) => c.period === t.period && inForce(c, w)), offered]
  const s = (await sharesOver(q, list, w)).get(offered.id)!
  const b = s.basis
  return {
    periodStart: new Date(w.start).toISOString(),
    periodEnd: new Date(w.end).toISOString(),
    amount: refusal ? 0 : s.share,
    termsAmount: s.demand,
    firstPeriodStart: new Date(periodFrom(t.period, now, zone)).toISOString(),
    refusal,
    basis: { active: b.active, bets: b.bets, validBets: b.validBets, profitLoss: b.profitLoss },
  }
}

/**
 * The contracts of a kind a pay run at `at` considers: accepted, and active or ended since the longest
 * period began (one ended after a period ended may still be owed that period), with both sides' usernames.
 */
export async function contractsOfKind(q: Queryable, kind: ContractKind, at: number): Promise<ContractRow[]> {
  return q.query<ContractRow>(
    `SELECT c.*, u.username AS upline, d.username AS downline FROM agent_contracts c
       JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id
     WHERE c.kind = $1 AND c.accepted_at IS NOT NULL
       AND (c.status = 'active' OR (c.status = 'terminated' AND c.updated_at >= $2)) ORDER BY c.id`,
    [kind, at - 32 * DAY],
  )
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
 * Pays every contract (of `kind`, or all) for its last complete period before `at`, when it is in
 * force for that period ({@link inForce}: accepted before it started, not ended before it ended), by
 * the shares of {@link sharesOver}. One kind's contracts of one window are settled and paid in one
 * database transaction, so a tree is paid from one set of figures.
 * @returns one entry per contract paid for a period; `replay` when that period had already been paid (nothing moved)
 */
export async function payRun(db: Db, at: number, kind?: ContractKind): Promise<PaidPeriod[]> {
  await openHouseAccounts(db)
  const zone = await reportZone(db)
  const out: PaidPeriod[] = []
  for (const k of kind ? [kind] : contractKinds) {
    const rows = await contractsOfKind(db, k, at)
    // Where each contract's pay so far ends: a period boundary moved by a change of the zone setting
    // starts the next window there, so no stretch of play is paid twice or skipped.
    const paidTo = new Map(
      (
        await db.query<{ contract_id: string; end: string | number }>(
          'SELECT contract_id, max(period_end) AS end FROM agent_payouts WHERE contract_id = ANY($1::text[]) GROUP BY contract_id',
          [rows.map((r) => r.id)],
        )
      ).map((r) => [r.contract_id, Number(r.end)]),
    )
    const windows = new Map<string, { w: { start: number; end: number }; list: Payable[] }>()
    for (const c of rows.map(payable)) {
      const w = windowAfter(periodBefore(c.period, at, zone), paidTo.get(c.id))
      if (!w || !inForce(c, w)) continue
      const key = `${c.period}:${w.start}:${w.end}`
      windows.set(key, { w, list: [...(windows.get(key)?.list ?? []), c] })
    }
    for (const { w, list } of windows.values()) {
      // A window already paid (a dividend's, on every run until its next period ends) is answered from its rows.
      const done = await db.query<{ contract_id: string; amount: string | number }>(
        'SELECT contract_id, amount FROM agent_payouts WHERE contract_id = ANY($1::text[]) AND period_end = $2',
        [list.map((c) => c.id), w.end],
      )
      if (done.length === list.length) {
        const amounts = new Map(done.map((d) => [d.contract_id, Number(d.amount)]))
        out.push(...list.map((c) => ({ contractId: c.id, downlineId: c.downlineId, kind: c.kind, periodStart: w.start, amount: amounts.get(c.id)!, replay: true })))
        continue
      }
      const paid = await db.tx(async (q) => {
        const shares = await sharesOver(q, list, w)
        const done: PaidPeriod[] = []
        for (const c of list) done.push(await payOne(q, c, shares.get(c.id)!, w, at))
        return done
      })
      out.push(...paid)
    }
  }
  return out
}

/**
 * The window a contract is paid for: its period `w`, unless its pay so far ends (`paidTo`) inside it
 * or less than a period before it, which only a moved boundary (the zone setting changed) does: then
 * from there to the period's end. `null` when its pay already covers the period's end (nothing left).
 * A period paid exactly (`paidTo` = `w.end`) is returned as is, so its row answers as a replay.
 */
export function windowAfter(w: { start: number; end: number }, paidTo: number | undefined): { start: number; end: number } | null {
  if (paidTo === undefined || paidTo === w.start || paidTo === w.end) return w
  if (paidTo > w.end) return null
  if (paidTo > w.start - (w.end - w.start)) return { start: paidTo, end: w.end }
  return w
}

/** Records one contract's period and moves its money, once per contract and period. */
async function payOne(q: Queryable, c: Payable, s: Share, w: { start: number; end: number }, at: number): Promise<PaidPeriod> {
  // The won and lost stakes too: what a real-time salary is paid on.
  const basis = {
    active: s.basis.active,
    bets: s.basis.bets,
    validBets: s.basis.validBets,
    profitLoss: s.basis.profitLoss,
    wonStake: s.basis.wonStake,
    lostStake: s.basis.lostStake,
  }
  const entry = { contractId: c.id, downlineId: c.downlineId, kind: c.kind, periodStart: w.start }
  // One contract's payouts never overlap: serialized per contract, nothing is recorded for a window
  // that starts before the end of one already paid (a boundary moved by the zone setting, a run racing).
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`agent-payout:${c.id}`])
  const inserted = await q.query<{ contract_id: string }>(
    `INSERT INTO agent_payouts (contract_id, period_start, period_end, member_id, kind, amount, share, basis, created_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9
     WHERE NOT EXISTS (SELECT 1 FROM agent_payouts WHERE contract_id = $1 AND period_end > $2)
     ON CONFLICT (contract_id, period_start) DO NOTHING RETURNING contract_id`,
    [c.id, w.start, w.end, c.downlineId, c.kind, s.paid, s.share, JSON.stringify(basis), at],
  )
  if (inserted.length === 0) {
    const [first] = await q.query<{ amount: string | number }>(
      'SELECT amount FROM agent_payouts WHERE contract_id = $1 AND period_end > $2 ORDER BY (period_end = $3) DESC, period_end DESC LIMIT 1',
      [c.id, w.start, w.end],
    )
    return { ...entry, amount: Number(first?.amount ?? 0), replay: true }
  }
  if (s.paid > 0) {
    const account = memberAccount(c.downlineId)
    await openAccount(q, account)
    const { transactionId } = await postTransactionIn(q, {
      idempotencyKey: `agent-payout:${c.id}:${w.start}`,
      kind: c.kind,
      memo: `${c.kind} ${new Date(w.start).toISOString()}`,
      legs: [
        { account: 'house:promo', amount: -s.paid },
        { account, amount: s.paid },
      ],
    })
    await q.query('UPDATE agent_payouts SET transaction_id = $3 WHERE contract_id = $1 AND period_start = $2', [c.id, w.start, transactionId])
  }
  return { ...entry, amount: s.paid, replay: false }
}

/** What the income pages filter payouts by: a kind, the days their periods start in, one contract. */
export interface PayoutFilter {
  kind?: ContractKind
  from?: string
  to?: string
  contractId?: string
  page: number
  pageSize: number
}

/**
 * Payouts a member received (newest first), with the sum of all of them that the filter keeps. With
 * `from` or `to`, only periods that start in those days of the platform's zone (`rangeOf`: a missing end is today, a
 * missing start a week before the end); with neither, every payout.
 */
export async function payoutsOf(q: Queryable, memberId: string, input: PayoutFilter, now: number = Date.now()) {
  const zone = input.from || input.to ? await reportZone(q) : 'UTC'
  const range = input.from || input.to ? fromWall(rangeOf(input.from, input.to, wallNow(now, zone)), zone) : null
  const rows = await q.query<{
    contract_id: string
    kind: ContractKind
    period_start: string | number
    period_end: string | number
    amount: string | number
    basis: Partial<Basis>
    created_at: string | number
    upline: string | null
    n: number
    s: string | number
  }>(
    `SELECT p.contract_id, p.kind, p.period_start, p.period_end, p.amount, p.basis, p.created_at, u.username AS upline,
       count(*) OVER ()::int AS n, sum(p.amount) OVER ()::int8 AS s
     FROM agent_payouts p LEFT JOIN agent_contracts c ON c.id = p.contract_id LEFT JOIN members u ON u.id = c.upline_id
     WHERE p.member_id = $1 AND p.amount > 0 AND ($2::text IS NULL OR p.kind = $2)
       AND ($5::int8 IS NULL OR p.period_start >= $5) AND ($6::int8 IS NULL OR p.period_start < $6) AND ($7::text IS NULL OR p.contract_id = $7)
     ORDER BY p.period_start DESC, p.contract_id LIMIT $3 OFFSET $4`,
    [memberId, input.kind ?? null, ...limitOffset(input), range?.start ?? null, range?.end ?? null, input.contractId ?? null],
  )
  const list = rows.map((r) => {
    const b = r.basis
    return {
      contractId: r.contract_id,
      kind: r.kind,
      periodStart: new Date(Number(r.period_start)).toISOString(),
      periodEnd: new Date(Number(r.period_end)).toISOString(),
      amount: Number(r.amount),
      basis: {
        active: Number(b.active ?? 0),
        bets: Number(b.bets ?? 0),
        validBets: Number(b.validBets ?? 0),
        profitLoss: Number(b.profitLoss ?? 0),
        // Payouts recorded before migration 022 kept no won and lost stakes: absent, not a made-up 0.
        ...(b.wonStake == null ? {} : { wonStake: Number(b.wonStake) }),
        ...(b.lostStake == null ? {} : { lostStake: Number(b.lostStake) }),
      },
      paidAt: new Date(Number(r.created_at)).toISOString(),
      ...(r.upline ? { upline: r.upline.slice(0, 64) } : {}),
    }
  })
  return { ...pageFrom(list, rows[0]?.n ?? 0, input), sum: Number(rows[0]?.s ?? 0) }
}
