/**
 * Property test of agent pay: over random agent trees, contracts (offered as an
 * attacker would: random rates, taken down only as far as the refusal says; some accepted during the
 * first period) and play over two periods, every pay run pays exactly the contracts accepted before
 * the period started, each subtree at most its top contract's share of the subtree's result, and each
 * contract's subtree at most what that contract's own terms give; nobody is paid below zero and the
 * ledger moves exactly what the payouts say. The figures are computed here from the rounds the test made.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import type { ContractKind, ContractPeriod, ContractTerms } from '../../sdk/contract/all.ts'
import { createMember } from '../auth/accounts.ts'
import { Fail } from '../http/fail.ts'
import { actOnContract, offerContract } from './contracts.ts'
import { amountFor, payRun, periodBefore, type Basis } from './payruns.ts'
import { getPayCeilings } from '../settings.ts'

const { sb } = sandboxForFile()
const DAY = 86_400_000

const kinds: [ContractKind, ContractPeriod][] = [
  ['daily_salary', 'daily'],
  ['hourly_salary', 'hourly'],
  ['realtime_salary', '5min'],
  ['dividend', 'daily'],
  ['dividend', 'weekly'],
]

const agentSpec = fc.record({
  parent: fc.nat(),
  // Mostly one tree under agent01's first agent, mostly with contracts, mostly asking for too much.
  topLevel: fc.integer({ min: 0, max: 5 }).map((x) => x === 0),
  contract: fc.integer({ min: 0, max: 5 }).map((x) => x > 0),
  // Accepted during the first period (so paid only from the second), about one in four.
  late: fc.integer({ min: 0, max: 3 }).map((x) => x === 0),
  rateBp: fc.oneof(fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
  winRateBp: fc.oneof(fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
  lossRateBp: fc.oneof(fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
  minActive: fc.integer({ min: 0, max: 2 }),
  minValidBet: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300_000 })),
  minLoss: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300_000 })),
})
const caseSpec = fc.record({
  kind: fc.integer({ min: 0, max: kinds.length - 1 }),
  agents: fc.array(agentSpec, { minLength: 2, maxLength: 7 }),
  players: fc.array(fc.nat(), { maxLength: 6 }),
  rounds: fc.array(
    fc.record({
      who: fc.nat(),
      stake: fc.integer({ min: 1, max: 100_000 }),
      tenths: fc.integer({ min: 0, max: 30 }),
      second: fc.boolean(),
      at: fc.double({ min: 0, max: 0.999, noNaN: true }),
    }),
    { minLength: 4, maxLength: 30 },
  ),
})

let n = 0
let caseNo = 0

describe('agent pay, over random trees, contracts and play', () => {
  it('never pays a subtree more than its top contract’s share, nor any contract’s subtree more than its own terms give', async () => {
    const top = (await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'agent01'"))[0].id
    const [{ node_id }] = await sb.db.query<{ node_id: string }>('SELECT node_id FROM games ORDER BY node_id LIMIT 1')
    await fc.assert(
      fc.asyncProperty(caseSpec, async (spec) => {
        const [kind, period] = kinds[spec.kind]
        // Each case in its own three weeks, far from the others and from now: two periods in a row.
        const w = periodBefore(period, Date.UTC(2032, 0, 5) + caseNo++ * 21 * DAY + (period === 'weekly' ? 7 * DAY : DAY))
        const windows = [w, { start: w.end, end: w.end + (w.end - w.start) }]
        const ceilings = await getPayCeilings(sb.db)
        // The tree: agent01 → agents (each under an earlier agent or agent01) → players.
        const parentOf = new Map<string, string>()
        const agents: string[] = []
        const contractOf = new Map<string, { id: string; terms: ContractTerms; acceptedAt: number }>()
        for (const [i, a] of spec.agents.entries()) {
          const upline = i === 0 || a.topLevel ? top : agents[a.parent % agents.length]
          const row = await createMember(sb.db, { username: `pp${Date.now() % 100000}${n++}`, isAgent: 1, type: 1, uplineId: upline, passwordHash: null }, Date.now())
          agents.push(row.id)
          parentOf.set(row.id, upline)
          if (!a.contract) continue
          const t: ContractTerms = {
            kind,
            period,
            rateBp: kind === 'realtime_salary' ? 0 : a.rateBp,
            winRateBp: kind === 'realtime_salary' ? a.winRateBp : 0,
            lossRateBp: kind === 'realtime_salary' ? a.lossRateBp : 0,
            minActive: a.minActive,
            minValidBet: a.minValidBet,
            minLoss: kind === 'dividend' ? a.minLoss : 0,
          }
          // Ask for too much, as an attacker would, and come down only as far as the refusal says.
          for (let attempt = 0; attempt < 4; attempt++) {
            try {
              const { contract } = await offerContract(sb.db, upline, { ...t, downlineId: row.id, confirmLower: true }, w.start - 1000)
              const acceptedAt = a.late ? w.start + 1 : w.start - 1
              await actOnContract(sb.db, row.id, contract!.id, 'accept', acceptedAt)
              contractOf.set(row.id, { id: contract!.id, terms: { ...t }, acceptedAt })
              break
            } catch (err) {
              const refusal = err instanceof Fail ? (err.value as { refusal?: { reason: string; field: keyof ContractTerms; limitBp: number } })?.refusal : undefined
              if (!refusal) throw err
              if (refusal.reason !== 'rate_above_own' && refusal.reason !== 'rate_above_ceiling') break
              ;(t as Record<string, unknown>)[refusal.field] = refusal.limitBp
            }
          }
        }
        const players: string[] = []
        for (const p of spec.players) {
          const upline = agents[p % agents.length]
          const row = await createMember(sb.db, { username: `pp${Date.now() % 100000}${n++}`, isAgent: 0, type: 0, uplineId: upline, passwordHash: null }, Date.now())
          players.push(row.id)
          parentOf.set(row.id, upline)
        }
        const everyone = [...agents, ...players]
        const rounds: { member: string; stake: number; payout: number; window: number }[] = []
        for (const r of spec.rounds) {
          const member = everyone[r.who % everyone.length]
          const payout = Math.floor((r.stake * r.tenths) / 10)
          const rw = windows[r.second ? 1 : 0]
          const at = rw.start + Math.floor(r.at * (rw.end - rw.start))
          rounds.push({ member, stake: r.stake, payout, window: r.second ? 1 : 0 })
          await sb.db.query(
            `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, $4, $5, '', 'settled', $6)`,
            [`r_${crypto.randomUUID()}`, member, node_id, r.stake, payout, at],
          )
        }
        // The figures of a team (the member and everyone below it) in a window, from the rounds made here.
        const inTeam = (member: string, root: string): boolean => {
          for (let m: string | undefined = member; m; m = parentOf.get(m)) if (m === root) return true
          return false
        }
        const basisOf = (root: string, window: number): Basis => {
          const team = rounds.filter((r) => r.window === window && inTeam(r.member, root))
          const settled = team.filter((r) => r.payout !== r.stake)
          return {
            active: new Set(team.map((r) => r.member)).size,
            bets: team.reduce((s, r) => s + r.stake, 0),
            validBets: settled.reduce((s, r) => s + r.stake, 0),
            profitLoss: team.reduce((s, r) => s + r.payout - r.stake, 0),
            wonStake: team.filter((r) => r.payout > r.stake).reduce((s, r) => s + r.stake, 0),
            lostStake: team.filter((r) => r.payout < r.stake).reduce((s, r) => s + r.stake, 0),
          }
        }
        for (const [i, win] of windows.entries()) {
          const [promoBefore] = await sb.db.query<{ b: number }>("SELECT balance AS b FROM ledger_accounts WHERE id = 'house:promo'")
          const paid = await payRun(sb.db, win.end + 1, kind)
          // Paid for the period exactly the contracts accepted before it started.
          const inForce = new Map([...contractOf].filter(([, c]) => c.acceptedAt <= win.start))
          const mine = new Set([...contractOf.values()].map((c) => c.id))
          const paidById = new Map(paid.filter((p) => mine.has(p.contractId)).map((p) => [p.contractId, p.amount]))
          expect([...paidById.keys()].sort()).toEqual([...inForce.values()].map((c) => c.id).sort())
          for (const [downline, c] of inForce) {
            expect(paidById.get(c.id)!).toBeGreaterThanOrEqual(0)
            // Everything paid for the period to the contract's subtree: itself and every contract below it.
            const subtreePaid = [...inForce].filter(([d]) => inTeam(d, downline)).reduce((s, [, k]) => s + paidById.get(k.id)!, 0)
            const ceiling = ceilings[kind]
            const capped = parentOf.get(downline) === top ? { ...c.terms, rateBp: Math.min(c.terms.rateBp, ceiling.rateBp) } : c.terms
            const share = amountFor(capped, basisOf(downline, i))
            expect(subtreePaid).toBeLessThanOrEqual(share)
            // A top contract's subtree is paid its share exactly: no more, and nothing lost on the way.
            if (parentOf.get(downline) === top) expect(subtreePaid).toBe(share)
          }
          const [promoAfter] = await sb.db.query<{ b: number }>("SELECT balance AS b FROM ledger_accounts WHERE id = 'house:promo'")
          const allPaid = paid.filter((p) => !p.replay).reduce((s, p) => s + p.amount, 0)
          expect(Number(promoBefore.b) - Number(promoAfter.b)).toBe(allPaid)
        }
        // Ended after the second period, so the next cases' runs leave these contracts alone.
        for (const c of contractOf.values()) await sb.db.query(`UPDATE agent_contracts SET status = 'terminated', updated_at = $2 WHERE id = $1`, [c.id, windows[1].end + 2])
      }),
      // Each case writes to the database: report the first counterexample as found rather than shrink it for minutes.
      { numRuns: 50, endOnFailure: true },
    )
  }, 600_000)
})
