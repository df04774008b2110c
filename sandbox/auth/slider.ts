import { randomBytes, randomInt } from 'node:crypto'
import { sliderPathMax } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import type { Inbox } from '../inbox.ts'
import { renderSlider } from './slider-image.ts'

/**
 * Slide-to-verify: the server picks a target position on the track and keeps it; the client gets only
 * a picture of the track with the gap drawn at the target. The answer is accepted once, within 2
 * minutes, when the piece lands within 0.04 of the target at least 300 ms after the check was shown,
 * and the recorded path of the move looks like a person's (see {@link judgeSliderPath}).
 *
 * The path is what the client recorded while the piece moved: `[tMs, x]` samples, `tMs` counted from
 * when the check was shown, `x` in 0..1: the piece at rest when shown, one per pointer move and one
 * per key press (arrow keys move 1 %, Page Up / Page Down 10 %), and the piece where it was submitted
 * (release, Enter or the button); at most 64 (a long drag is thinned evenly, first and last kept).
 * It is refused when
 * - it has fewer than 4 samples;
 * - its time does not strictly increase, or runs past `durationMs`;
 * - one step moves the piece more than 0.3 of the track (a jump, not a move);
 * - the piece moves at one constant speed: fewer than two moves, or the speeds of the moves (samples
 *   where the piece moved; rests do not count) vary by less than 5 % of their mean, or the samples from
 *   the first move on lie on one straight line in time (their distance from the best-fitting line is
 *   under 1 % of the way covered) — what a script drawing an evenly timed line sends. The second test
 *   catches the line when the positions' rounding to 0.001 makes the speeds of short steps vary;
 * - its last sample is not where the answer says the piece is (`position`);
 * - it lasts less than 200 ms from first to last sample.
 * A keyboard path is judged without the speed tests: every one of its samples lies on the keyboard's
 * 1 % grid (the widget moves the piece by 1 % or 10 % per key press, clamped to 0..1), so it is
 * recognised by its positions, and its rhythm proves nothing either way: a held key repeats at one
 * rate, and a screen reader or a switch device presses at an even pace, yet each of those users must
 * pass every time the piece is on the gap. Every other rule still applies to it. A pointer
 * path lands on that grid at every sample only by chance (positions are sent to 0.001), about once in
 * 10^(samples − 1).
 * @module
 */

export const SLIDER_TTL_MS = 2 * 60_000
export const SLIDER_TOLERANCE = 0.04
export const SLIDER_MIN_DURATION_MS = 300
/** Fewest samples a path may have. */
export const SLIDER_MIN_SAMPLES = 4
/** Most samples a path may have (the contract's bound; the client thins to it). */
export const SLIDER_MAX_SAMPLES = sliderPathMax
/** Largest move between two samples, as a share of the track. */
export const SLIDER_MAX_STEP = 0.3
/** Smallest spread of the speeds between samples (standard deviation / mean). */
export const SLIDER_MIN_SPEED_VARIATION = 0.05
/** Smallest distance of the moving samples from their best-fitting straight line (root mean square), as a share of the way covered. */
export const SLIDER_MIN_LINE_DEVIATION = 0.01
/** Shortest path, first to last sample. */
export const SLIDER_MIN_PATH_MS = 200
/** The keyboard's step, as a share of the track: every position a keyboard path visits is a multiple of it. */
export const SLIDER_KEY_STEP = 0.01
/** How far the path's last sample may be from the answered position (rounding). */
const END_SLACK = 0.005

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
  /** The recorded move: `[tMs, x]` samples (see the module doc). */
  path: readonly (readonly [number, number])[]
}

/** Why a path was refused (for tests and logs; the client only ever hears `slider_invalid`). */
export type SliderPathFault = 'samples' | 'time' | 'jump' | 'constant_speed' | 'end' | 'short'

/**
 * Judges the recorded path of a slider answer by the rules in the module doc.
 * @returns `null` when it passes, else the first rule it breaks
 */
export function judgeSliderPath(answer: Pick<SliderAnswer, 'position' | 'durationMs' | 'path'>): SliderPathFault | null {
  const path = answer.path
  if (path.length < SLIDER_MIN_SAMPLES || path.length > SLIDER_MAX_SAMPLES) return 'samples'
  const speeds: number[] = []
  for (let i = 0; i < path.length; i++) {
    const [t, x] = path[i]
    if (!Number.isFinite(t) || !Number.isFinite(x) || t < 0 || t > answer.durationMs) return 'time'
    if (i === 0) continue
    const [pt, px] = path[i - 1]
    if (t <= pt) return 'time'
    const dx = Math.abs(x - px)
    if (dx > SLIDER_MAX_STEP + 1e-9) return 'jump'
    if (dx > 0) speeds.push(dx / (t - pt))
  }
  if (speeds.length < 2) return 'constant_speed'
  if (!byKeyboard(path)) {
    const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length
    const spread = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length)
    if (spread / mean < SLIDER_MIN_SPEED_VARIATION || onOneLine(path)) return 'constant_speed'
  }
  const [lastT, lastX] = path[path.length - 1]
  if (Math.abs(lastX - answer.position) > END_SLACK) return 'end'
  if (lastT - path[0][0] < SLIDER_MIN_PATH_MS) return 'short'
  return null
}

/** Whether every sample lies on the keyboard's grid ({@link SLIDER_KEY_STEP}): the piece was moved with keys. */
export function byKeyboard(path: readonly (readonly [number, number])[]): boolean {
  return path.every(([, x]) => Math.abs(x / SLIDER_KEY_STEP - Math.round(x / SLIDER_KEY_STEP)) < 1e-6)
}

/**
 * Whether the samples from the first move on lie on one straight line `x = a + b·t` (least squares),
 * within {@link SLIDER_MIN_LINE_DEVIATION} of the way they cover: a person speeds up, slows down and
 * pauses; the rest before the move does not count.
 */
function onOneLine(path: readonly (readonly [number, number])[]): boolean {
  const start = path.findIndex(([, x]) => x !== path[0][1])
  const moving = start < 0 ? [] : path.slice(start)
  if (moving.length < 3) return false
  const n = moving.length
  const meanT = moving.reduce((a, [t]) => a + t, 0) / n
  const meanX = moving.reduce((a, [, x]) => a + x, 0) / n
  const varT = moving.reduce((a, [t]) => a + (t - meanT) ** 2, 0)
  const slope = moving.reduce((a, [t, x]) => a + (t - meanT) * (x - meanX), 0) / varT
  const rms = Math.sqrt(moving.reduce((a, [t, x]) => a + (x - (meanX + slope * (t - meanT))) ** 2, 0) / n)
  const covered = Math.max(...moving.map(([, x]) => x)) - Math.min(path[0][1], ...moving.map(([, x]) => x))
  return covered > 0 && rms < SLIDER_MIN_LINE_DEVIATION * covered
}

/** Why an answer was refused: no such challenge (used, or never issued), out of time, off the gap, too quick, or its path's fault. */
export type SliderRefusal = 'unknown' | 'expired' | 'off_target' | 'too_quick' | SliderPathFault

/**
 * Checks and consumes a slider answer: the challenge is gone after this call, right or wrong.
 * @param inbox the dev inbox, when there is one: a refusal is noted on the challenge's entry (`refused`), so a person or a test sees why
 * @returns whether the answer passes
 */
export async function checkSlider(q: Queryable, answer: SliderAnswer, now: number, inbox?: Pick<Inbox, 'note'>): Promise<boolean> {
  const refusal = await judgeSlider(q, answer, now)
  if (refusal) inbox?.note('slider', 'challengeId', answer.challengeId, { refused: refusal, position: answer.position, durationMs: answer.durationMs, samples: answer.path.length })
  return refusal === null
}

async function judgeSlider(q: Queryable, answer: SliderAnswer, now: number): Promise<SliderRefusal | null> {
  const rows = await q.query<{ target: number; expires_at: number | string }>('DELETE FROM slider_challenges WHERE id = $1 RETURNING target, expires_at', [answer.challengeId])
  const c = rows[0]
  if (!c) return 'unknown'
  if (Number(c.expires_at) <= now) return 'expired'
  // The epsilon keeps an answer exactly on the tolerance edge from failing on float rounding.
  if (Math.abs(answer.position - Number(c.target)) > SLIDER_TOLERANCE + 1e-9) return 'off_target'
  if (answer.durationMs < SLIDER_MIN_DURATION_MS) return 'too_quick'
  return judgeSliderPath(answer)
}
