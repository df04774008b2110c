import { randomBytes, randomInt } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { encodePng, plot, raster } from './png.ts'

/**
 * Slide-to-verify: the server picks a target position on the track and keeps it; the client gets only
 * a picture of the track with the gap drawn at the target. The answer is accepted once, within 2
 * minutes, when the piece lands within 0.04 of the target after a drag of at least 300 ms.
 * @module
 */

export const SLIDER_TTL_MS = 2 * 60_000
export const SLIDER_TOLERANCE = 0.04
export const SLIDER_MIN_DURATION_MS = 300

const WIDTH = 400
const HEIGHT = 44

/** Draws the track: speckled background and the gap (as wide as the tolerance both ways) at `target`. */
export function renderSlider(target: number): Buffer {
  const r = raster(WIDTH, HEIGHT, [232, 236, 242])
  for (let i = 0; i < 500; i++) {
    const g = randomInt(190, 246)
    plot(r, randomInt(0, WIDTH), randomInt(0, HEIGHT), [g, g, Math.min(255, g + 8)])
  }
  const half = Math.round(SLIDER_TOLERANCE * WIDTH)
  const centre = Math.round(target * WIDTH)
  for (let x = centre - half; x <= centre + half; x++) {
    for (let y = 4; y < HEIGHT - 4; y++) {
      const edge = x <= centre - half + 1 || x >= centre + half - 1 || y <= 5 || y >= HEIGHT - 6
      plot(r, x, y, edge ? [37, 99, 235] : [120, 130, 150])
    }
  }
  return encodePng(r)
}

/**
 * Issues a challenge with a random target in 0.15–0.9.
 * @returns the id to send back and the track's picture (PNG, base64) for the client; the target for the dev inbox only
 */
export async function issueSlider(q: Queryable, now: number): Promise<{ challengeId: string; image: string; target: number }> {
  const challengeId = randomBytes(16).toString('base64url')
  const target = (150 + randomInt(0, 751)) / 1000
  await q.query('INSERT INTO slider_challenges (id, target, expires_at) VALUES ($1, $2, $3)', [challengeId, target, now + SLIDER_TTL_MS])
  await q.query('DELETE FROM slider_challenges WHERE expires_at < $1', [now - SLIDER_TTL_MS])
  return { challengeId, image: renderSlider(target).toString('base64'), target }
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
