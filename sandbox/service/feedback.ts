/**
 * Feedback images and answers: images are uploaded one by one (raw png or jpg, at most 5 MB) and
 * named by their key when the feedback is sent; the member lists what was sent with the operator's
 * answer, given from the console.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { FeedbackItem } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'

/** Path the images are served under (the key is the only way to an image, and it is unguessable). */
export const feedbackImagePath = '/wps/feedback/image/'

/** The type of an image by its first bytes (png or jpg), or null. */
export function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/** Keeps an uploaded image until feedback names it; answers its key. */
export async function storeImage(q: Queryable, memberId: string | null, ip: string, bytes: Uint8Array, type: string, now: number): Promise<{ key: string }> {
  const key = randomBytes(24).toString('base64url')
  await q.query('INSERT INTO feedback_images (upload_key, member_id, ip, content_type, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [key, memberId, ip, type, bytes, now])
  return { key }
}

/** Images uploaded and not yet sent in the last `windowMs`: a member's, or a guest's from one address. */
export async function recentUploads(q: Queryable, memberId: string | null, ip: string, since: number): Promise<number> {
  const rows = await q.query<{ n: number }>(
    memberId
      ? 'SELECT count(*)::int AS n FROM feedback_images WHERE feedback_id IS NULL AND created_at > $1 AND member_id = $2'
      : 'SELECT count(*)::int AS n FROM feedback_images WHERE feedback_id IS NULL AND created_at > $1 AND member_id IS NULL AND ip = $2',
    [since, memberId ?? ip],
  )
  return Number(rows[0]?.n ?? 0)
}

/** Ties uploaded images to a feedback: each key must be an image not yet used, uploaded by the same member (or a guest's). */
export async function attachImages(q: Queryable, feedbackId: number, memberId: string | null, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return
  const rows = await q.query(
    'UPDATE feedback_images SET feedback_id = $1 WHERE upload_key = ANY($2::text[]) AND feedback_id IS NULL AND member_id IS NOT DISTINCT FROM $3 RETURNING id',
    [feedbackId, [...new Set(keys)], memberId],
  )
  if (rows.length !== new Set(keys).size) throw new Fail('validation_failed', 'An image was not found. Please add it again.', { fields: { images: 'service_err_image_missing' } })
}

/** An image by key. */
export async function imageByKey(q: Queryable, key: string): Promise<{ type: string; bytes: Uint8Array } | null> {
  const rows = await q.query<{ content_type: string; bytes: Uint8Array }>('SELECT content_type, bytes FROM feedback_images WHERE upload_key = $1', [key])
  return rows[0] ? { type: rows[0].content_type, bytes: rows[0].bytes } : null
}

interface FeedbackRow {
  id: number
  question_type: string
  content: string
  created_at: string | Date
  answer: string | null
  answered_at: number | null
  keys: string[] | null
}
const toItem = (r: FeedbackRow): FeedbackItem => ({
  id: Number(r.id),
  questionType: r.question_type,
  content: r.content,
  images: (r.keys ?? []).map((k) => feedbackImagePath + k),
  createdAt: new Date(r.created_at).getTime(),
  answer: r.answer,
  answeredAt: r.answered_at === null ? null : Number(r.answered_at),
})
const selectFeedback = `SELECT f.id, f.question_type, f.content, f.created_at, f.answer, f.answered_at,
       (SELECT array_agg(i.upload_key ORDER BY i.id) FROM feedback_images i WHERE i.feedback_id = f.id) AS keys
  FROM feedback f`

/** The member's feedback, newest first. */
export async function memberFeedback(q: Queryable, memberId: string): Promise<FeedbackItem[]> {
  return (await q.query<FeedbackRow>(`${selectFeedback} WHERE f.member_id = $1 ORDER BY f.id DESC LIMIT 50`, [memberId])).map(toItem)
}

/** Every feedback for the console, unanswered first, with who sent it. */
export async function consoleFeedback(db: Db): Promise<(FeedbackItem & { member: string | null })[]> {
  const rows = await db.query<FeedbackRow & { username: string | null }>(
    `SELECT x.*, m.username FROM (${selectFeedback}) x JOIN feedback f2 ON f2.id = x.id LEFT JOIN members m ON m.id = f2.member_id
      ORDER BY (x.answer IS NULL) DESC, x.id DESC LIMIT 200`,
  )
  return rows.map((r) => ({ ...toItem(r), member: r.username }))
}

/** The operator's answer to a feedback. */
export async function answerFeedback(q: Queryable, id: number, answer: string, now: number): Promise<void> {
  const rows = await q.query('UPDATE feedback SET answer = $2, answered_at = $3 WHERE id = $1 RETURNING id', [id, answer, now])
  if (rows.length === 0) throw new Fail('not_found', 'No such feedback.')
}
