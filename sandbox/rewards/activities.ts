/**
 * Promotion activities: each platform promotion's state for the member (SPEC §4: join, applying,
 * claim, claimed, issued, rejected, closed, process, joined, coming soon, signed) and the action it
 * allows. An application carries a comment (≤ 140 characters) and up to three png or jpg images
 * (≤ 5 MB, uploaded first); staff approve it (its reward becomes claimable) or reject it (dev route).
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { activityLimits } from '../../sdk/contract/rewards.ts'
import { grantClaimable, grantPaid } from './awards.ts'
import { periodStart } from './missions.ts'

/** Every activity state (SPEC §4). */
export type ActivityState = 'join' | 'applying' | 'claim' | 'claimed' | 'issued' | 'rejected' | 'closed' | 'process' | 'joined' | 'coming_soon' | 'signed'

/** One promotion's activity for the member. */
export interface ActivityView {
  promotionId: string
  kind: 'apply' | 'join' | 'raffle' | 'sign'
  reward: number
  state: ActivityState
  remark: string
  comment: string
  images: number
  awardId: string | null
}

interface Row {
  promotion_id: string
  kind: ActivityView['kind']
  reward: number
  starts_at: number
  ends_at: number | null
  start_time: number
  status: string | null
  remark: string | null
  comment: string | null
  award_id: string | null
  updated_at: number | null
  award_status: string | null
  images: number
}

function stateOf(r: Row, now: number): ActivityState {
  if (Math.max(Number(r.starts_at), Number(r.start_time)) > now) return 'coming_soon'
  const open = r.ends_at === null || Number(r.ends_at) > now
  if (r.kind === 'sign') return r.status === 'signed' && Number(r.updated_at) >= periodStart('daily', now) ? 'signed' : open ? 'join' : 'closed'
  if (r.status === 'claim' && r.award_status === 'claimed') return 'claimed'
  if (r.status) return r.status as ActivityState
  return open ? 'join' : 'closed'
}

/** Every promotion activity with the member's state (a guest sees the states before joining). */
export async function activitiesOf(q: Queryable, memberId: string | null, now: number, promotionId?: string): Promise<ActivityView[]> {
  const rows = await q.query<Row>(
    `SELECT a.promotion_id, a.kind, a.reward, a.starts_at, a.ends_at, n.start_time, e.status, e.remark, e.comment, e.award_id, e.updated_at, w.status AS award_status,
            (SELECT count(*)::int FROM activity_images i WHERE i.member_id = $1 AND i.promotion_id = a.promotion_id) AS images
       FROM activities a JOIN notices n ON n.id = a.promotion_id
       LEFT JOIN activity_entries e ON e.promotion_id = a.promotion_id AND e.member_id = $1
       LEFT JOIN reward_awards w ON w.id = e.award_id
      WHERE ($2::text IS NULL OR a.promotion_id = $2) ORDER BY n.sort`,
    [memberId ?? '', promotionId ?? null],
  )
  return rows.map((r) => ({
    promotionId: r.promotion_id,
    kind: r.kind,
    reward: Number(r.reward),
    state: memberId ? stateOf(r, now) : stateOf({ ...r, status: null }, now),
    remark: r.remark ?? '',
    comment: r.comment ?? '',
    images: Number(r.images),
    awardId: r.award_id,
  }))
}

async function one(q: Queryable, memberId: string, promotionId: string, now: number): Promise<ActivityView> {
  const [a] = await activitiesOf(q, memberId, now, promotionId)
  if (!a) throw new Fail('not_found', 'There is no such promotion activity.')
  return a
}

const refuse = (key: string, message: string) => new Fail('conflict', message, { fields: { activity: key } })

/**
 * Joins a promotion of kind join, or signs in for today on one of kind sign (its reward paid at once
 * from the ACTIVITY budget). Answers the new state.
 * @throws Fail('conflict') when the state allows no join (`rewards_err_activity_state`)
 */
export async function joinActivity(db: Db, memberId: string, promotionId: string, now: number): Promise<ActivityView> {
  const a = await one(db, memberId, promotionId, now)
  if (a.state !== 'join' || (a.kind !== 'join' && a.kind !== 'sign')) throw refuse('rewards_err_activity_state', 'This promotion cannot be joined now.')
  await db.tx(async (q) => {
    if (a.kind === 'join') {
      const made = await q.query(
        `INSERT INTO activity_entries (member_id, promotion_id, status, created_at, updated_at) VALUES ($1, $2, 'joined', $3, $3) ON CONFLICT DO NOTHING RETURNING status`,
        [memberId, promotionId, now],
      )
      if (made.length === 0) throw refuse('rewards_err_activity_state', 'You already joined this promotion.')
      return
    }
    // Signing: one row per member, moved to today; a second sign today finds it already there.
    const day = periodStart('daily', now)
    const signed = await q.query(
      `INSERT INTO activity_entries (member_id, promotion_id, status, created_at, updated_at) VALUES ($1, $2, 'signed', $3, $3)
       ON CONFLICT (member_id, promotion_id) DO UPDATE SET status = 'signed', updated_at = $3 WHERE activity_entries.updated_at < $4 RETURNING status`,
      [memberId, promotionId, now, day],
    )
    if (signed.length === 0) throw refuse('rewards_err_activity_state', 'You already signed in today.')
    if (a.reward > 0)
      await grantPaid(q, { key: `sign:${memberId}:${promotionId}:${day}`, memberId, promo: 'ACTIVITY', source: 'activity', ref: promotionId, amount: a.reward }, now)
  })
  return one(db, memberId, promotionId, now)
}

/**
 * Stores one application image (png or jpg by its bytes, ≤ 5 MB) for the member's next application
 * to `promotionId`; at most three are kept per promotion.
 * @throws Fail('validation_failed') for another type (`rewards_err_image_type`) or a fourth image (`rewards_err_image_count`)
 */
export async function storeImage(
  db: Db,
  memberId: string,
  promotionId: string,
  bytes: Uint8Array,
  type: 'image/png' | 'image/jpeg',
  now: number,
): Promise<{ id: string; count: number }> {
  const a = await one(db, memberId, promotionId, now)
  if (a.kind !== 'apply' || (a.state !== 'join' && a.state !== 'rejected')) throw refuse('rewards_err_activity_state', 'This promotion takes no application now.')
  const id = `img_${randomUUID()}`
  return db.tx(async (q) => {
    // The member's images of this promotion are counted under a lock on the member's row, so three
    // parallel uploads cannot make four.
    await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId])
    const [n] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_images WHERE member_id = $1 AND promotion_id = $2', [memberId, promotionId])
    if (Number(n.n) >= activityLimits.maxImages) {
      throw new Fail('validation_failed', `At most ${activityLimits.maxImages} images.`, { fields: { images: 'rewards_err_image_count' } })
    }
    await q.query('INSERT INTO activity_images (id, member_id, promotion_id, type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      memberId,
      promotionId,
      type,
      bytes,
      now,
    ])
    return { id, count: Number(n.n) + 1 }
  })
}

/** Removes one of the member's images not yet sent with an application. */
export async function removeImage(db: Db, memberId: string, imageId: string): Promise<void> {
  await db.query(
    `DELETE FROM activity_images i WHERE i.id = $1 AND i.member_id = $2
       AND NOT EXISTS (SELECT 1 FROM activity_entries e WHERE e.member_id = i.member_id AND e.promotion_id = i.promotion_id AND e.status IN ('applying', 'claim', 'claimed'))`,
    [imageId, memberId],
  )
}

/**
 * Sends the application: the comment and the images uploaded for it. A rejected application may be
 * sent again.
 * @throws Fail('validation_failed') a comment over 140 characters; Fail('conflict') when the state allows none
 */
export async function applyActivity(db: Db, memberId: string, promotionId: string, comment: string, now: number): Promise<ActivityView> {
  if ([...comment].length > activityLimits.maxComment) throw new Fail('validation_failed', 'The comment is too long.', { fields: { comment: 'rewards_err_comment_long' } })
  const a = await one(db, memberId, promotionId, now)
  if (a.kind !== 'apply' || (a.state !== 'join' && a.state !== 'rejected')) throw refuse('rewards_err_activity_state', 'This promotion takes no application now.')
  const done = await db.query(
    `INSERT INTO activity_entries (member_id, promotion_id, status, comment, created_at, updated_at) VALUES ($1, $2, 'applying', $3, $4, $4)
     ON CONFLICT (member_id, promotion_id) DO UPDATE SET status = 'applying', comment = $3, remark = '', updated_at = $4 WHERE activity_entries.status = 'rejected'
     RETURNING status`,
    [memberId, promotionId, comment, now],
  )
  if (done.length === 0) throw refuse('rewards_err_activity_state', 'This application was already sent.')
  return one(db, memberId, promotionId, now)
}

/**
 * Decides an application (staff, dev route): approved makes its reward claimable (state claim), rejected
 * keeps the remark and lets the member apply again.
 * @throws Fail('conflict') when it is not applying
 */
export async function decideApplication(
  db: Db,
  memberId: string,
  promotionId: string,
  decision: 'approved' | 'rejected',
  remark: string,
  now: number,
  within?: (q: Queryable) => Promise<void>,
): Promise<void> {
  await db.tx(async (q) => {
    const [e] = await q.query<{ reward: number }>(
      `UPDATE activity_entries e SET status = $3, remark = $4, updated_at = $5 FROM activities a
        WHERE e.member_id = $1 AND e.promotion_id = $2 AND e.status = 'applying' AND a.promotion_id = e.promotion_id RETURNING a.reward`,
      [memberId, promotionId, decision === 'approved' ? 'claim' : 'rejected', remark, now],
    )
    if (!e) throw new Fail('conflict', 'This application is not waiting for a decision.')
    if (decision === 'rejected') {
      await q.query('DELETE FROM activity_images WHERE member_id = $1 AND promotion_id = $2', [memberId, promotionId])
    } else if (Number(e.reward) <= 0) {
      await q.query(`UPDATE activity_entries SET status = 'issued' WHERE member_id = $1 AND promotion_id = $2`, [memberId, promotionId])
    } else {
      const id = await grantClaimable(
        q,
        { key: `activity:${memberId}:${promotionId}`, memberId, promo: 'ACTIVITY', source: 'activity', ref: promotionId, amount: Number(e.reward) },
        now,
      )
      await q.query('UPDATE activity_entries SET award_id = $3 WHERE member_id = $1 AND promotion_id = $2', [memberId, promotionId, id])
    }
    await within?.(q)
  })
}

/** Applications waiting for a decision (the dev route lists them). */
export async function applicationsInProcess(q: Queryable): Promise<{ memberId: string; promotionId: string; comment: string; images: number; at: number }[]> {
  const rows = await q.query<{ member_id: string; promotion_id: string; comment: string; images: number; updated_at: number }>(
    `SELECT e.member_id, e.promotion_id, e.comment, e.updated_at,
            (SELECT count(*)::int FROM activity_images i WHERE i.member_id = e.member_id AND i.promotion_id = e.promotion_id) AS images
       FROM activity_entries e WHERE e.status = 'applying' ORDER BY e.updated_at`,
  )
  return rows.map((r) => ({ memberId: r.member_id, promotionId: r.promotion_id, comment: r.comment, images: Number(r.images), at: Number(r.updated_at) }))
}

/**
 * The raffle claim (MCS2_claimRafflePromotion) of a raffle activity: once per member, its reward paid
 * from the ACTIVITY budget (state issued).
 * @returns false when the promotion has no raffle activity (the caller keeps its plain claim)
 */
export async function claimRaffle(q: Queryable, memberId: string, promotionId: string, now: number): Promise<boolean> {
  const [a] = await q.query<{ reward: number }>("SELECT reward FROM activities WHERE promotion_id = $1 AND kind = 'raffle'", [promotionId])
  if (!a) return false
  const made = await q.query(
    `INSERT INTO activity_entries (member_id, promotion_id, status, created_at, updated_at) VALUES ($1, $2, 'issued', $3, $3) ON CONFLICT DO NOTHING RETURNING status`,
    [memberId, promotionId, now],
  )
  if (made.length === 0) throw new Fail('conflict', 'This promotion was already claimed', { fields: { activity: 'rewards_err_already_claimed' } })
  if (Number(a.reward) > 0) {
    const award = await grantPaid(q, { key: `raffle:${memberId}:${promotionId}`, memberId, promo: 'ACTIVITY', source: 'raffle', ref: promotionId, amount: Number(a.reward) }, now)
    await q.query('UPDATE activity_entries SET award_id = $3 WHERE member_id = $1 AND promotion_id = $2', [memberId, promotionId, award.id])
  }
  return true
}
