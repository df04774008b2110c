import { randomBytes, randomInt } from 'node:crypto'
import type { Queryable } from '../db/index.ts'

/**
 * Slide-to-verify: the server issues a target position on the track; the answer is accepted once,
 * within 2 minutes, when the piece lands within 0.04 of it after a drag of at least 300 ms.
 * @module
 */

export const SLIDER_TTL_MS = 2 * 60_000
export const SLIDER_TOLERANCE = 0.04
export const SLIDER_MIN_DURATION_MS = 300

/** Issues a challenge with a random target in 0.15–0.9. */
export async function issueSlider(q: Queryable, now: number): Promise<{ challengeId: string; target: number }> {
  const challengeId = randomBytes(16).toString('base64url')
  const target = (150 + randomInt(0, 751)) / 1000
  await q.query('INSERT INTO slider_challenges (id, target, expires_at) VALUES ($1, $2, $3)', [challengeId, target, now + SLIDER_TTL_MS])
  await q.query('DELETE FROM slider_challenges WHERE expires_at < $1', [now - SLIDER_TTL_MS])
  return { challengeId, target }
}

/** A submitted slider answer (the contract's `SliderAnswer`). */
export interface SliderAnswer {
  challengeId: string
  position: number
  durationMs: number
}

/**
 * Checks and consumes a slider answer: the challenge is gone after this call, right or wrong.
 * @returns whether the answer passes
 */
export async function checkSlider(q: Queryable, answer: SliderAnswer, now: number): Promise<boolean> {
  const rows = await q.query<{ target: number; expires_at: number | string }>(
    'DELETE FROM slider_challenges WHERE id = $1 RETURNING target, expires_at',
    [answer.challengeId],
  )
  const c = rows[0]
  if (!c || Number(c.expires_at) <= now) return false
  // The epsilon keeps an answer exactly on the tolerance edge from failing on float rounding.
  return Math.abs(answer.position - Number(c.target)) <= SLIDER_TOLERANCE + 1e-9 && answer.durationMs >= SLIDER_MIN_DURATION_MS
}
