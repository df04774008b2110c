import { createHash } from 'node:crypto'

/**
 * Lottery draw schedules: which draw is open now, when it closes, which draws have happened and what
 * they drew. Pure functions of the game's schedule and a clock, so an injected clock moves them.
 * Past results are derived from the game code and draw id, so every server shows the same history.
 * @module
 */

/** A draw schedule as stored in `lottery_games`. */
export interface Schedule {
  gameCode: string
  /** Seconds between draws; 0 for scheduled draws at `winningTime`. */
  intervalSec: number
  /** Weekdays 1..7, Sunday 1 (scheduled draws only). */
  drawDayOfWeek: string
  /** Local `HH:mm` (scheduled draws only). */
  winningTime: string
  /** Offset of the draw's local time from UTC, minutes. */
  tzOffsetMin: number
  /** Seconds before the draw at which betting closes. */
  lockTime: number
  digits: number
}

/** A draw: its id and when it happens. */
export interface DrawSlot {
  numero: string
  drawAt: number
}

const DAY = 86_400_000
const pad = (n: number, w = 2) => String(n).padStart(w, '0')
/** `yyyymmdd` of a local-time instant (already shifted by the offset). */
const ymd = (local: number) => {
  const d = new Date(local)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
}

function drawTimeOfDay(s: Schedule): number {
  const [h, m] = s.winningTime.split(':').map(Number)
  return ((h || 0) * 60 + (m || 0)) * 60_000
}

function days(s: Schedule): Set<number> {
  return new Set(s.drawDayOfWeek.split(',').map(Number))
}

/** The draw of an interval game that ends period `k` (1-based) of the local day starting at `dayStart`. */
function intervalSlot(s: Schedule, dayStartLocal: number, k: number): DrawSlot {
  const offset = s.tzOffsetMin * 60_000
  return { numero: `${ymd(dayStartLocal)}-${pad(k, 4)}`, drawAt: dayStartLocal + k * s.intervalSec * 1000 - offset }
}

/**
 * The draw open for betting now: the first draw that has not happened yet.
 * @param s - the schedule
 * @param now - epoch ms
 */
export function currentDraw(s: Schedule, now: number): DrawSlot {
  const offset = s.tzOffsetMin * 60_000
  const local = now + offset
  const dayStart = Math.floor(local / DAY) * DAY
  if (s.intervalSec > 0) {
    const period = s.intervalSec * 1000
    const k = Math.floor((local - dayStart) / period) + 1
    // The last period may end exactly at midnight; the day's count restarts after it.
    return intervalSlot(s, dayStart, k)
  }
  const allowed = days(s)
  const at = drawTimeOfDay(s)
  for (let d = 0; d <= 7; d++) {
    const start = dayStart + d * DAY
    const weekday = new Date(start).getUTCDay() + 1
    if (allowed.has(weekday) && start + at - offset > now) return { numero: ymd(start), drawAt: start + at - offset }
  }
  throw new Error(`lottery ${s.gameCode} has no draw days`)
}

/** Seconds until betting on the current draw closes; 0 while it is locked. */
export function remainTime(s: Schedule, now: number): number {
  const draw = currentDraw(s, now)
  return Math.max(0, Math.ceil((draw.drawAt - s.lockTime * 1000 - now) / 1000))
}

/**
 * Draws that have happened, newest first.
 * @param count - how many
 */
export function pastDraws(s: Schedule, now: number, count: number): DrawSlot[] {
  const out: DrawSlot[] = []
  const offset = s.tzOffsetMin * 60_000
  if (s.intervalSec > 0) {
    const period = s.intervalSec * 1000
    const perDay = Math.floor(DAY / period)
    const local = now + offset
    let dayStart = Math.floor(local / DAY) * DAY
    // k = draws completed today; draw k happened at dayStart + k × period.
    let k = Math.floor((local - dayStart) / period)
    while (out.length < count) {
      if (k === 0) {
        dayStart -= DAY
        k = perDay
      }
      out.push(intervalSlot(s, dayStart, k))
      k--
    }
    return out
  }
  const allowed = days(s)
  const at = drawTimeOfDay(s)
  const today = Math.floor((now + offset) / DAY) * DAY
  for (let d = 0; out.length < count && d < 3660; d++) {
    const start = today - d * DAY
    const drawAt = start + at - offset
    if (drawAt <= now && allowed.has(new Date(start).getUTCDay() + 1)) out.push({ numero: ymd(start), drawAt })
  }
  return out
}

/** The winning number of a draw: `digits` decimal digits derived from the game and draw id. */
export function winningNumber(gameCode: string, numero: string, digits: number): string {
  const bytes = createHash('sha256').update(`${gameCode}:${numero}`).digest()
  let out = ''
  for (let i = 0; i < digits; i++) out += String(bytes[i] % 10)
  return out
}

/** Local `HH:mm:ss` of an instant in the schedule's time zone. */
export function localTime(s: Schedule, at: number): string {
  const d = new Date(at + s.tzOffsetMin * 60_000)
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}
