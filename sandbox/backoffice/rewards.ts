/**
 * The reward approvals queue: point-mall redeems and promotion applications waiting for an operator.
 * Decisions go through the rewards engine's own functions (the ones the development route calls), so
 * a cash reward is credited through the ledger within its promotion's budget; each decision's audit
 * row is written in the decision's transaction, and its idempotency key answers a retry.
 * @module
 */
import type { PendingReward } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { decideApplication } from '../rewards/activities.ts'
import { decideRedeem } from '../rewards/mall.ts'
import { type Actor, auditBy, replayed } from './actions.ts'

type Kind = PendingReward['kind']

interface Row {
  kind: Kind
  id: string
  member: string
  item: string
  points: string | number
  amount: string | number
  comment: string
  created_at: string | number
  status: string
  remark: string
}

const REDEEMS = `SELECT 'redeem' AS kind, d.id, m.username AS member, r.title_en AS item, d.points, r.cash AS amount, '' AS comment,
    d.created_at, d.status, d.remark
  FROM mall_redeems d JOIN members m ON m.id = d.member_id JOIN mall_rewards r ON r.id = d.reward_id`
const APPLICATIONS = `SELECT 'application' AS kind, e.member_id || '/' || e.promotion_id AS id, m.username AS member, e.promotion_id AS item,
    0 AS points, a.reward AS amount, e.comment, e.updated_at AS created_at, e.status, e.remark
  FROM activity_entries e JOIN members m ON m.id = e.member_id JOIN activities a ON a.promotion_id = e.promotion_id`

const statusOf = (kind: Kind, s: string): PendingReward['status'] => {
  if (kind === 'redeem') return s === 'process' ? 'pending' : s === 'rejected' ? 'rejected' : 'approved'
  return s === 'applying' ? 'pending' : s === 'rejected' ? 'rejected' : 'approved'
}

const shown = (r: Row): PendingReward => {
  const status = statusOf(r.kind, r.status)
  return {
    kind: r.kind,
    id: r.id,
    member: r.member,
    item: r.item,
    points: Number(r.points),
    amount: Number(r.amount),
    comment: r.comment,
    createdAt: new Date(Number(r.created_at)).toISOString(),
    status,
    reason: status === 'rejected' ? r.remark : null,
  }
}

/** Redeems and applications waiting for a decision, oldest first. */
export async function rewardQueue(q: Queryable): Promise<PendingReward[]> {
  const rows = await q.query<Row>(`(${REDEEMS} WHERE d.status = 'process') UNION ALL (${APPLICATIONS} WHERE e.status = 'applying') ORDER BY created_at, id LIMIT 200`)
  return rows.map(shown)
}

/** The member and promotion of an application's id (`member/promotion`). */
const applicationOf = (id: string): { memberId: string; promotionId: string } | undefined => {
  const at = id.lastIndexOf('/')
  return at > 0 && at < id.length - 1 ? { memberId: id.slice(0, at), promotionId: id.slice(at + 1) } : undefined
}

async function rewardOf(q: Queryable, kind: Kind, id: string): Promise<PendingReward | undefined> {
  if (kind === 'redeem') {
    const [row] = await q.query<Row>(`${REDEEMS} WHERE d.id = $1`, [id])
    return row && shown(row)
  }
  const app = applicationOf(id)
  if (!app) return undefined
  const [row] = await q.query<Row>(`${APPLICATIONS} WHERE e.member_id = $1 AND e.promotion_id = $2`, [app.memberId, app.promotionId])
  return row && shown(row)
}

/**
 * Approves or rejects (with a reason, the member's remark) a redeem or an application, through the
 * rewards engine's decision and its one conditional update, with the audit row in its transaction.
 * The same key answers the first call; a reward already decided is `conflict`.
 * @throws Fail('not_found' | 'conflict')
 */
export async function decideReward(db: Db, actor: Actor, kind: Kind, id: string, decision: 'approve' | 'reject', reason?: string): Promise<PendingReward> {
  const action = `reward.${decision}`
  const target = `${kind}:${id}`
  const earlier = await replayed<PendingReward>(db, actor, action, target)
  if (earlier) return earlier
  if (!(await rewardOf(db, kind, id))) throw new Fail('not_found', 'No such reward waiting.')
  let after: PendingReward | undefined
  const within = async (q: Queryable) => {
    after = await rewardOf(q, kind, id)
    if (!after) throw new Error(`reward ${target} vanished in its decision`)
    // The engine's conditional update found it waiting: that is the state before, whatever another read saw.
    const before: PendingReward = { ...after, status: 'pending', reason: null }
    await auditBy(q, actor, action, target, before, after)
  }
  const outcome = decision === 'approve' ? 'approved' : 'rejected'
  const remark = reason ?? ''
  try {
    if (kind === 'redeem') await decideRedeem(db, id, outcome, remark, actor.now, within)
    else {
      const app = applicationOf(id) as { memberId: string; promotionId: string }
      await decideApplication(db, app.memberId, app.promotionId, outcome, remark, actor.now, within)
    }
  } catch (err) {
    // The same call sent twice at once: the first one decided, this one answers what it recorded.
    if (err instanceof Fail && err.code === 'conflict') {
      const first = await replayed<PendingReward>(db, actor, action, target)
      if (first) return first
    }
    throw err
  }
  if (!after) throw new Error('decision made without its audit row')
  return after
}
