import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { balanceOf, memberAccount } from '../ledger.ts'
import { applyActivity } from '../rewards/activities.ts'
import { memberWithRedeem, newOperator, opsClient, opsKey } from './testkit.ts'

const { sb } = sandboxForFile()
let n = 0
let ips = 0
const fresh = () => opsClient(sb.url, `10.78.0.${++ips}`)

/** A member with a redeem of the 5.00 cash voucher (50 points) waiting. */
async function pendingRedeem(): Promise<{ memberId: string; username: string; id: string }> {
  const m = await memberWithRedeem(sb.db)
  return { ...m, id: m.redeemId }
}

const signedIn = async (role: 'owner' | 'finance' | 'support' | 'content') => {
  const c = fresh()
  const op = await newOperator(sb.db, role)
  expect((await c.signIn(op)).status).toBe(200)
  return c
}

const pointsOf = async (memberId: string) =>
  Number((await sb.db.query<{ s: string }>('SELECT COALESCE(SUM(delta), 0) AS s FROM points_entries WHERE member_id = $1', [memberId]))[0].s)

describe('reward approvals', () => {
  it('lists a waiting redeem and approves it once: the voucher credited through the ledger, one audit row, a second approval refused', async () => {
    const r = await pendingRedeem()
    const finance = await signedIn('finance')
    const queue = await finance.call('opsRewards')
    expect(queue.status).toBe(200)
    expect(queue.body.value.rewards).toContainEqual(
      expect.objectContaining({ kind: 'redeem', id: r.id, member: r.username, item: '5.00 cash voucher', points: 50, amount: 500, status: 'pending' }),
    )
    const key = opsKey()
    const [first, again] = await Promise.all([
      finance.call('opsApproveReward', { kind: 'redeem', id: r.id, idempotencyKey: key }),
      finance.call('opsApproveReward', { kind: 'redeem', id: r.id, idempotencyKey: key }),
    ])
    expect(first.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(first.body.value).toMatchObject({ id: r.id, status: 'approved', reason: null })
    // Another approval (a new key, another operator) finds it decided: nothing paid twice.
    const owner = await signedIn('owner')
    const twice = await owner.call('opsApproveReward', { kind: 'redeem', id: r.id, idempotencyKey: opsKey() })
    expect(twice.status).toBe(409)
    expect(await balanceOf(sb.db, memberAccount(r.memberId))).toBe(500)
    const audit = await sb.db.query<{ action: string; before: any; after: any }>('SELECT action, before, after FROM operator_audit WHERE target = $1', [`redeem:${r.id}`])
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'reward.approve', before: { status: 'pending' }, after: { status: 'approved' } })
    expect((await finance.call('opsRewards')).body.value.rewards.map((x: { id: string }) => x.id)).not.toContain(r.id)
  })

  it('two operators approving the same redeem at once, each with a key of its own: one pays, the other is refused', async () => {
    const r = await pendingRedeem()
    const [finance, owner] = [await signedIn('finance'), await signedIn('owner')]
    const answers = await Promise.all([
      finance.call('opsApproveReward', { kind: 'redeem', id: r.id, idempotencyKey: opsKey() }),
      owner.call('opsApproveReward', { kind: 'redeem', id: r.id, idempotencyKey: opsKey() }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(await balanceOf(sb.db, memberAccount(r.memberId))).toBe(500)
    expect(await sb.db.query('SELECT 1 FROM operator_audit WHERE target = $1', [`redeem:${r.id}`])).toHaveLength(1)
  })

  it('rejects a redeem with a reason: points and stock back, nothing credited, the reason kept as the remark', async () => {
    const r = await pendingRedeem()
    const [{ quantity }] = await sb.db.query<{ quantity: number }>("SELECT quantity FROM mall_rewards WHERE id = 'R-CASH-5'")
    const owner = await signedIn('owner')
    expect((await owner.call('opsRejectReward', { kind: 'redeem', id: r.id, reason: 'no', idempotencyKey: opsKey() })).body.fields).toEqual({ reason: 'admin_err_reason' })
    const done = await owner.call('opsRejectReward', { kind: 'redeem', id: r.id, reason: 'Duplicate account', idempotencyKey: opsKey() })
    expect(done.body.value).toMatchObject({ status: 'rejected', reason: 'Duplicate account' })
    expect(await pointsOf(r.memberId)).toBe(50)
    expect(await balanceOf(sb.db, memberAccount(r.memberId))).toBe(0)
    const [after] = await sb.db.query<{ quantity: number; remark: string }>(
      "SELECT quantity, (SELECT remark FROM mall_redeems WHERE id = $1) AS remark FROM mall_rewards WHERE id = 'R-CASH-5'",
      [r.id],
    )
    expect(Number(after.quantity)).toBe(Number(quantity) + 1)
    expect(after.remark).toBe('Duplicate account')
  })

  it('refuses an approval the promotion budget cannot cover, leaving it waiting', async () => {
    const r = await pendingRedeem()
    const [{ budget }] = await sb.db.query<{ budget: string }>("SELECT budget FROM reward_promotions WHERE code = 'MALL'")
    await sb.db.query("UPDATE reward_promotions SET budget = spent WHERE code = 'MALL'")
    try {
      const finance = await signedIn('finance')
      const refused = await finance.call('opsApproveReward', { kind: 'redeem', id: r.id, idempotencyKey: opsKey() })
      expect(refused.status).toBe(409)
      expect(await balanceOf(sb.db, memberAccount(r.memberId))).toBe(0)
      expect((await finance.call('opsRewards')).body.value.rewards).toContainEqual(expect.objectContaining({ id: r.id, status: 'pending' }))
      expect(await sb.db.query('SELECT 1 FROM operator_audit WHERE target = $1', [`redeem:${r.id}`])).toHaveLength(0)
    } finally {
      await sb.db.query("UPDATE reward_promotions SET budget = $1 WHERE code = 'MALL'", [budget])
    }
  })

  it('approves a promotion application: its reward becomes claimable', async () => {
    const username = `ap${process.pid % 1000}x${n++}`
    const m = await createMember(sb.db, { username, type: 0, isAgent: 0, passwordHash: null }, Date.now())
    await applyActivity(sb.db, m.id, 'N-PR-001', 'my screenshot', Date.now())
    const finance = await signedIn('finance')
    const id = `${m.id}/N-PR-001`
    expect((await finance.call('opsRewards')).body.value.rewards).toContainEqual(
      expect.objectContaining({ kind: 'application', id, member: username, item: 'N-PR-001', amount: 5000, comment: 'my screenshot' }),
    )
    const done = await finance.call('opsApproveReward', { kind: 'application', id, idempotencyKey: opsKey() })
    expect(done.body.value).toMatchObject({ status: 'approved' })
    const [entry] = await sb.db.query<{ status: string }>("SELECT status FROM activity_entries WHERE member_id = $1 AND promotion_id = 'N-PR-001'", [m.id])
    expect(entry.status).toBe('claim')
    expect((await finance.call('opsApproveReward', { kind: 'application', id: `${m.id}/NOPE`, idempotencyKey: opsKey() })).status).toBe(404)
  })

  it('refuses support and content (403), and anyone signed out (401)', async () => {
    const r = await pendingRedeem()
    for (const role of ['support', 'content'] as const) {
      const c = await signedIn(role)
      expect((await c.call('opsRewards')).status).toBe(403)
      expect((await c.call('opsApproveReward', { kind: 'redeem', id: r.id, idempotencyKey: opsKey() })).status).toBe(403)
    }
    expect((await fresh().call('opsRewards')).status).toBe(401)
    expect((await sb.db.query<{ status: string }>('SELECT status FROM mall_redeems WHERE id = $1', [r.id]))[0].status).toBe('process')
  })
})
