/**
 * Dividend and salary contracts between an upline and a direct downline agent (SPEC §3, §4): the
 * upline offers, the downline accepts or rejects, either side terminates; a new offer replaces the
 * live one of its kind once the downline accepts it. Offering a rate lower than one the downline gave
 * its own downlines ends those sub-contracts, once the upline confirms and the downline accepts. Every change is an event row with who and when.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { periodsOf, type Contract, type ContractKind, type ContractTerms, type OfferRefusal } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { AGENT_VALUES } from '../auth/members.ts'
import { getPayCeilings, type PayCeiling } from '../settings.ts'
import { levelBelow } from './tree.ts'

/** A contract row as stored. */
export interface ContractRow {
  id: string
  kind: ContractKind
  upline_id: string
  downline_id: string
  status: Contract['status']
  period: Contract['period']
  rate_bp: number
  win_rate_bp: number
  loss_rate_bp: number
  min_active: number
  min_valid_bet: string | number
  min_loss: string | number
  created_at: string | number
  updated_at: string | number
  accepted_at: string | number | null
  upline: string
  downline: string
}

const SELECT = `SELECT c.*, u.username AS upline, d.username AS downline FROM agent_contracts c
  JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id`

const iso = (ms: string | number) => new Date(Number(ms)).toISOString()

async function event(q: Queryable, contractId: string, status: string, actorId: string, reason: string, now: number): Promise<void> {
  await q.query('INSERT INTO agent_contract_events (contract_id, status, actor_id, reason, at) VALUES ($1, $2, $3, $4, $5)', [contractId, status, actorId, reason, now])
}

/** Contracts as `viewerId` sees them, with their events (oldest first). */
async function views(q: Queryable, rows: ContractRow[], viewerId: string): Promise<Contract[]> {
  if (rows.length === 0) return []
  const events = await q.query<{ contract_id: string; status: string; reason: string; actor: string; at: string | number }>(
    `SELECT e.contract_id, e.status, e.reason, m.username AS actor, e.at FROM agent_contract_events e JOIN members m ON m.id = e.actor_id
     WHERE e.contract_id = ANY($1::text[]) ORDER BY e.id`,
    [rows.map((r) => r.id)],
  )
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    period: r.period,
    status: r.status,
    rateBp: Number(r.rate_bp),
    winRateBp: Number(r.win_rate_bp),
    lossRateBp: Number(r.loss_rate_bp),
    minActive: Number(r.min_active),
    minValidBet: Number(r.min_valid_bet),
    minLoss: Number(r.min_loss),
    upline: r.upline.slice(0, 64),
    downline: r.downline.slice(0, 64),
    downlineId: r.downline_id,
    side: r.upline_id === viewerId ? 'upline' : 'downline',
    events: events.filter((e) => e.contract_id === r.id).map((e) => ({ status: e.status, reason: e.reason, actor: e.actor.slice(0, 64), at: iso(e.at) })),
    createdAt: iso(r.created_at),
  }))
}

/** The agent's contracts: given to its direct downlines, and received from its upline (newest first, at most 200 each). */
export async function listContracts(q: Queryable, agentId: string): Promise<{ given: Contract[]; received: Contract[] }> {
  const given = await q.query<ContractRow>(`${SELECT} WHERE c.upline_id = $1 ORDER BY c.created_at DESC, c.id LIMIT 200`, [agentId])
  const received = await q.query<ContractRow>(`${SELECT} WHERE c.downline_id = $1 ORDER BY c.created_at DESC, c.id LIMIT 200`, [agentId])
  return { given: await views(q, given, agentId), received: await views(q, received, agentId) }
}

/** Checks terms against their kind: the period it allows, and win and loss rates only for the real-time agreement. */
export function checkTerms(t: ContractTerms): void {
  if (!periodsOf[t.kind].includes(t.period))
    throw new Fail('validation_failed', `A ${t.kind} contract is settled ${periodsOf[t.kind].join(' or ')}.`, { fields: { period: 'err_field_invalid' } })
  if (t.kind !== 'realtime_salary' && (t.winRateBp || t.lossRateBp))
    throw new Fail('validation_failed', 'Win and loss rates belong to the real-time salary agreement.', { fields: { winRateBp: 'err_field_invalid' } })
}

/** The direct downline agent a contract may be offered to, or `not_found`. */
async function directAgent(q: Queryable, uplineId: string, downlineId: string): Promise<void> {
  if ((await levelBelow(q, uplineId, downlineId)) !== 1) throw new Fail('not_found', 'No such downline.')
  const [m] = await q.query<{ is_agent: number }>('SELECT is_agent FROM members WHERE id = $1', [downlineId])
  if (!m || !AGENT_VALUES.has(Number(m.is_agent)))
    throw new Fail('validation_failed', 'Contracts are offered to downline agents.', { fields: { downlineId: 'agent_err_not_agent' } })
}

/** The rates each kind uses: the real-time agreement its win and loss rates, every other kind its rate. */
export const ratesOf = (kind: ContractKind): readonly (keyof PayCeiling)[] => (kind === 'realtime_salary' ? ['winRateBp', 'lossRateBp'] : ['rateBp'])

/**
 * Why `uplineId` may not offer these terms, or null. Pay comes out of a share: an
 * agent offers at most its own active rate of the kind (each rate), settled over its own contract's
 * period, so what a downline is paid for a period can come out of the agent's own share of it; a
 * top-level agent (no upline) offers at most the platform's ceiling of the kind. The offer route and
 * the simulator both ask this.
 */
export async function offerRefusal(q: Queryable, uplineId: string, t: ContractTerms): Promise<OfferRefusal | null> {
  const [me] = await q.query<{ upline_id: string | null }>('SELECT upline_id FROM members WHERE id = $1', [uplineId])
  const rates = ratesOf(t.kind)
  if (!me || me.upline_id === null) {
    const ceiling = (await getPayCeilings(q))[t.kind]
    for (const f of rates) if (t[f] > ceiling[f]) return { reason: 'rate_above_ceiling', field: f, messageKey: 'agent_err_rate_above_ceiling', limitBp: ceiling[f] }
    return null
  }
  const [own] = await q.query<ContractRow>(`${SELECT} WHERE c.downline_id = $1 AND c.kind = $2 AND c.status = 'active'`, [uplineId, t.kind])
  if (!own) return { reason: 'no_own_contract', field: 'kind', messageKey: 'agent_err_no_own_contract', limitBp: 0 }
  if (own.period !== t.period) return { reason: 'period_not_own', field: 'period', messageKey: 'agent_err_period_not_own', limitBp: 0 }
  const mine: PayCeiling = { rateBp: Number(own.rate_bp), winRateBp: Number(own.win_rate_bp), lossRateBp: Number(own.loss_rate_bp) }
  for (const f of rates) if (t[f] > mine[f]) return { reason: 'rate_above_own', field: f, messageKey: 'agent_err_rate_above_own', limitBp: mine[f] }
  return null
}

/** The refusal as the failure an offer answers: `validation_failed`, the field's message key, and the refusal itself as `value`. */
export function refusalFail(r: OfferRefusal): Fail {
  const messages: Record<OfferRefusal['reason'], string> = {
    rate_above_own: `The rate is above your own rate of this kind (${r.limitBp} bp).`,
    rate_above_ceiling: `The rate is above the platform's ceiling for this kind (${r.limitBp} bp).`,
    no_own_contract: 'You have no active contract of this kind to pay a downline from.',
    period_not_own: 'A contract is settled over the period of your own contract of its kind.',
  }
  return new Fail('validation_failed', messages[r.reason], { fields: { [r.field]: r.messageKey }, value: { refusal: r } })
}

/** Rate that the lower-rate rule compares: the real-time agreement by its larger rate. */
const topRate = (r: { rate_bp: number; win_rate_bp: number; loss_rate_bp: number }) => Math.max(Number(r.rate_bp), Number(r.win_rate_bp), Number(r.loss_rate_bp))

/** The downline's live sub-contracts of the kind that the terms could no longer pay for: above any one of their rates, or settled over another period. */
async function subsAbove(q: Queryable, downlineId: string, t: Pick<ContractTerms, 'kind' | 'period' | 'rateBp' | 'winRateBp' | 'lossRateBp'>): Promise<ContractRow[]> {
  const subs = await q.query<ContractRow>(`${SELECT} WHERE c.upline_id = $1 AND c.kind = $2 AND c.status IN ('offered', 'active')`, [downlineId, t.kind])
  return subs.filter((s) => Number(s.rate_bp) > t.rateBp || Number(s.win_rate_bp) > t.winRateBp || Number(s.loss_rate_bp) > t.lossRateBp || s.period !== t.period)
}

/**
 * Offers a contract to a direct downline agent. The live contract of the kind stays
 * live (and paid) until the downline accepts the offer: a downline who rejects keeps it. An earlier
 * offer still unanswered is withdrawn (reason `replaced`). When the downline gave its own downlines a
 * live contract of the kind at a higher rate, nothing changes until `confirmLower`: the reply names
 * them; confirmed, they end (reason `lower_rate`) when the downline accepts.
 */
export async function offerContract(db: Db, uplineId: string, input: ContractTerms & { downlineId: string; confirmLower: boolean }, now: number) {
  checkTerms(input)
  await directAgent(db, uplineId, input.downlineId)
  const refused = await offerRefusal(db, uplineId, input)
  if (refused) throw refusalFail(refused)
  return db.tx(async (q) => {
    // One offer at a time per downline and kind: a concurrent second offer waits for this one.
    await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [input.downlineId])
    const higher = await subsAbove(q, input.downlineId, input)
    const affected = higher.map((s) => ({ id: s.id, downline: s.downline.slice(0, 64), rateBp: topRate(s) }))
    if (higher.length > 0 && !input.confirmLower) return { contract: null, affected }
    const pending = await q.query<{ id: string }>(`SELECT id FROM agent_contracts WHERE downline_id = $1 AND kind = $2 AND status = 'offered'`, [input.downlineId, input.kind])
    for (const l of pending) {
      await q.query(`UPDATE agent_contracts SET status = 'terminated', updated_at = $2 WHERE id = $1`, [l.id, now])
      await event(q, l.id, 'terminated', uplineId, 'replaced', now)
    }
    const id = `ct_${randomUUID()}`
    await q.query(
      `INSERT INTO agent_contracts (id, kind, upline_id, downline_id, status, period, rate_bp, win_rate_bp, loss_rate_bp, min_active, min_valid_bet, min_loss, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'offered', $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
      [id, input.kind, uplineId, input.downlineId, input.period, input.rateBp, input.winRateBp, input.lossRateBp, input.minActive, input.minValidBet, input.minLoss, now],
    )
    await event(q, id, 'offered', uplineId, 'offered', now)
    const [row] = await q.query<ContractRow>(`${SELECT} WHERE c.id = $1`, [id])
    return { contract: (await views(q, [row], uplineId))[0], affected }
  })
}

/**
 * What accepting `c` ends: the downline's live contract of the kind (reason `replaced`) and the
 * downline's own sub-contracts the new terms could no longer pay for (reason `lower_rate`, whoever
 * gave them meanwhile). Runs in the accepting transaction, the downline's row locked as for an offer.
 */
async function replaceOnAccept(q: Queryable, c: ContractRow, actorId: string, now: number): Promise<void> {
  const live = await q.query<{ id: string }>(`SELECT id FROM agent_contracts WHERE downline_id = $1 AND kind = $2 AND status = 'active' AND id <> $3`, [
    c.downline_id,
    c.kind,
    c.id,
  ])
  for (const l of live) {
    await q.query(`UPDATE agent_contracts SET status = 'terminated', updated_at = $2 WHERE id = $1`, [l.id, now])
    await event(q, l.id, 'terminated', actorId, 'replaced', now)
  }
  const terms = { kind: c.kind, period: c.period, rateBp: Number(c.rate_bp), winRateBp: Number(c.win_rate_bp), lossRateBp: Number(c.loss_rate_bp) }
  for (const s of await subsAbove(q, c.downline_id, terms)) {
    await q.query(`UPDATE agent_contracts SET status = 'terminated', updated_at = $2 WHERE id = $1`, [s.id, now])
    await event(q, s.id, 'terminated', c.upline_id, 'lower_rate', now)
  }
}

/**
 * Accept or reject (the downline, while offered) or terminate (either side, while offered or active).
 * A contract the caller is not a side of is `not_found`; a move its state does not allow is `conflict`.
 */
export async function actOnContract(db: Db, actorId: string, contractId: string, action: 'accept' | 'reject' | 'terminate', now: number): Promise<Contract> {
  return db.tx(async (q) => {
    // The downline's row first, then the contract: the order an offer takes (which locks the downline
    // and then withdraws its unanswered offer), so an accept racing a new offer waits instead of deadlocking.
    await q.query('SELECT m.id FROM members m JOIN agent_contracts c ON c.downline_id = m.id WHERE c.id = $1 FOR UPDATE OF m', [contractId])
    const [c] = await q.query<ContractRow>(`${SELECT} WHERE c.id = $1 AND (c.upline_id = $2 OR c.downline_id = $2) FOR UPDATE OF c`, [contractId, actorId])
    if (!c) throw new Fail('not_found', 'No such contract.')
    const isDownline = c.downline_id === actorId
    const next = action === 'accept' ? 'active' : action === 'reject' ? 'rejected' : 'terminated'
    const allowed = action === 'terminate' ? c.status === 'offered' || c.status === 'active' : isDownline && c.status === 'offered'
    if (!allowed) throw new Fail('conflict', `A ${c.status} contract cannot be ${next} by the ${isDownline ? 'downline' : 'upline'}.`)
    if (next === 'active') await replaceOnAccept(q, c, actorId, now)
    // Only periods that start at or after acceptance are paid (payruns.ts): the time is kept on the row.
    await q.query(`UPDATE agent_contracts SET status = $2, updated_at = $3, accepted_at = CASE WHEN $2 = 'active' THEN $3 ELSE accepted_at END WHERE id = $1`, [
      contractId,
      next,
      now,
    ])
    await event(q, contractId, next, actorId, action === 'accept' ? 'accepted' : action === 'reject' ? 'rejected' : 'terminated', now)
    const [row] = await q.query<ContractRow>(`${SELECT} WHERE c.id = $1`, [contractId])
    return (await views(q, [row], actorId))[0]
  })
}
