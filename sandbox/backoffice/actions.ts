/**
 * What operators do, each audited in the transaction of the change it records and idempotent by the
 * call's key: the withdrawals queue (through the money code's own decisions and the ledger) and the
 * maintenance switch.
 * @module
 */
import type { QueuedWithdrawal } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { decideWithdrawal, moves, type Decision } from '../money/withdraw.ts'
import { forgetCachedStatus, getStatus, setStatus } from '../settings.ts'
import { actionOfKey, recordAudit } from './audit-log.ts'
import type { OperatorSession } from './sessions.ts'

/** Who acts, from where, when, with which idempotency key. */
export interface Actor {
  operator: OperatorSession
  ip: string
  now: number
  idempotencyKey: string
}

/** Writes the audit row of `actor`'s action on `target` in transaction `q`: who, when, from where, with which key, and the change. */
export const auditBy = (q: Queryable, actor: Actor, action: string, target: string, before: unknown, after: unknown): Promise<void> =>
  recordAudit(q, {
    operatorId: actor.operator.id,
    operator: actor.operator.username,
    action,
    target,
    before,
    after,
    ip: actor.ip,
    at: actor.now,
    idempotencyKey: actor.idempotencyKey,
  })

interface QueueRow {
  id: string
  member: string
  amount: string | number
  status: QueuedWithdrawal['status']
  account_label: string
  created_at: string | number
  decision_reason: string | null
}

const QUEUE_COLUMNS = 'w.id, m.username AS member, w.amount, w.status, w.account_label, w.created_at, w.decision_reason'

const queued = (r: QueueRow): QueuedWithdrawal => ({
  id: r.id,
  member: r.member,
  amount: Number(r.amount),
  status: r.status,
  account: r.account_label,
  createdAt: new Date(Number(r.created_at)).toISOString(),
  reason: r.decision_reason,
})

/** Withdrawals waiting for an operator: requested (to decide) and approved (to pay out), oldest first. */
export async function withdrawalQueue(q: Queryable): Promise<QueuedWithdrawal[]> {
  const rows = await q.query<QueueRow>(
    `SELECT ${QUEUE_COLUMNS} FROM withdrawals w JOIN members m ON m.id = w.member_id
     WHERE w.status IN ('requested', 'approved') ORDER BY w.created_at, w.id LIMIT 200`,
  )
  return rows.map(queued)
}

async function queuedOf(q: Queryable, id: string): Promise<QueuedWithdrawal | undefined> {
  const [row] = await q.query<QueueRow>(`SELECT ${QUEUE_COLUMNS} FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.id = $1`, [id])
  return row && queued(row)
}

/**
 * The answer to a call whose key was already used: the first call's result when it was this same
 * action on this same target, else `conflict`.
 */
export async function replayed<T>(q: Queryable, actor: Actor, action: string, target: string): Promise<T | undefined> {
  const earlier = await actionOfKey(q, actor.operator.id, actor.idempotencyKey)
  if (!earlier) return undefined
  if (earlier.action !== action || earlier.target !== target) throw new Fail('conflict', 'This idempotency key was already used for another action.')
  return earlier.after as T
}

/**
 * Approves, rejects (with a reason) or disburses a withdrawal through the money code's one
 * conditional update and ledger transaction, with the audit row in that same transaction. The same
 * key answers the first call; a decision the withdrawal's state no longer allows is `conflict`.
 * @throws Fail('not_found' | 'conflict')
 */
export async function decide(db: Db, actor: Actor, id: string, decision: Decision, reason?: string): Promise<QueuedWithdrawal> {
  const action = `withdrawal.${decision}`
  const earlier = await replayed<QueuedWithdrawal>(db, actor, action, id)
  if (earlier) return earlier
  if (!(await queuedOf(db, id))) throw new Fail('not_found', 'No such withdrawal.')
  let after: QueuedWithdrawal | undefined
  try {
    await decideWithdrawal(db, id, decision, actor.now, {
      reason,
      within: async (q) => {
        after = await queuedOf(q, id)
        if (!after) throw new Error(`withdrawal ${id} vanished in its decision`)
        // The conditional update found it in the decision's starting state, with no reason yet (only a
        // rejection, which ends it, gives one): that is the state before, whatever another read saw.
        const before: QueuedWithdrawal = { ...after, status: moves[decision].from, reason: null }
        await auditBy(q, actor, action, id, before, after)
      },
    })
  } catch (err) {
    // The same call sent twice at once: the first one decided, this one answers what it recorded.
    if (err instanceof Fail && err.code === 'conflict') {
      const first = await replayed<QueuedWithdrawal>(db, actor, action, id)
      if (first) return first
    }
    throw err
  }
  if (!after) throw new Error('decision made without its audit row')
  return after
}

/** Whether maintenance is on. */
export async function maintenanceOn(q: Queryable): Promise<boolean> {
  return (await getStatus(q)).maintenance.enabled
}

/**
 * Switches maintenance on or off (the status the platform's status call answers and every member
 * call checks), audited with the state before and after. The same key answers the first call.
 */
export async function switchMaintenance(db: Db, actor: Actor, on: boolean): Promise<{ maintenance: boolean }> {
  const action = 'maintenance.set'
  const earlier = await replayed<{ maintenance: boolean }>(db, actor, action, 'system')
  if (earlier) return earlier
  const write = db.tx(async (q) => {
    // Two operators switching at once: each reads the state the other left.
    await q.query("SELECT pg_advisory_xact_lock(hashtext('operator:maintenance'))")
    const before = { maintenance: await maintenanceOn(q) }
    const after = { maintenance: (await setStatus(q, { maintenance: on })).maintenance.enabled }
    await auditBy(q, actor, action, 'system', before, after)
    return after
  })
  try {
    return await write
  } catch (err) {
    // The same call sent twice at once: the second one's audit row collides with the first's key.
    const first = await replayed<{ maintenance: boolean }>(db, actor, action, 'system')
    if (first) return first
    throw err
  } finally {
    forgetCachedStatus(db)
  }
}

/** A change and the state it found and left, for its audit row. */
export interface Change<T> {
  before: unknown
  after: T
}

/**
 * Runs `change` in one transaction with its audit row (who, `action`, `target`, before and after),
 * idempotent by the actor's key: the same key answers what the first call recorded (its `after`), also
 * when two copies of the call race; a key used for another action or target is `conflict`.
 * @param change - makes the change in the transaction it is given and says the state before and after
 */
export async function audited<T>(db: Db, actor: Actor, action: string, target: string, change: (q: Queryable) => Promise<Change<T>>): Promise<T> {
  const earlier = await replayed<T>(db, actor, action, target)
  if (earlier !== undefined) return earlier
  try {
    return await db.tx(async (q) => {
      const { before, after } = await change(q)
      await auditBy(q, actor, action, target, before, after)
      return after
    })
  } catch (err) {
    // The same call sent twice at once: the second one's audit row collides with the first's key.
    const first = await replayed<T>(db, actor, action, target)
    if (first !== undefined) return first
    throw err
  }
}
