import type { Db } from '../db/index.ts'
import { currentDraw } from '../games/draws.ts'
import { gameOf, lotteryGamesSelect, type LotteryRow } from './games.ts'
import { settleDue } from './settle.ts'

/**
 * The sandbox's draw timer: draws happen on their schedule whether or not anyone is looking, so the
 * server wakes at the next draw time of any lottery game (fast games every 60 s, others per their week
 * days and winning time) and settles every draw that has happened. Settling is idempotent (see
 * ./settle.ts), so this timer, a page visit and a restarted server settling the same draw pay once.
 * @module
 */

/** What the timer needs from the server. */
export interface DrawTimerDeps {
  db: Db
  /** The routes' clock (injectable in tests). */
  now: () => number
}

/** A running draw timer. */
export interface DrawTimer {
  /** Settles what is due now (also what each wake-up does); answers how many bets it settled. */
  tick(): Promise<number>
  /** Stops waking and waits for a settle in progress, so the database can be closed after it. */
  stop(): Promise<void>
}

/** Wakes just after a draw time, so the draw has happened by the clock the settle reads. */
const afterDrawMs = 50

/**
 * Starts the draw timer.
 * @param opts.maxWaitMs - the longest sleep between two wake-ups (default 60 s: a fast game's period)
 * @param opts.onError - where a failed settle is reported (default `console.error`); the timer retries
 * @example const timer = startDrawTimer(deps); … await timer.stop()
 */
export function startDrawTimer(deps: DrawTimerDeps, opts: { maxWaitMs?: number; onError?: (err: unknown) => void } = {}): DrawTimer {
  const maxWait = opts.maxWaitMs ?? 60_000
  const onError = opts.onError ?? ((err: unknown) => console.error('lottery draw timer:', err))
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<number> | undefined
  let stopped = false

  /** Milliseconds until the next draw of any game (at most `maxWait`, at least 1 s). */
  async function nextWait(): Promise<number> {
    const now = deps.now()
    let wait = maxWait
    for (const row of await deps.db.query<LotteryRow>(lotteryGamesSelect)) {
      try {
        wait = Math.min(wait, currentDraw(gameOf(row).schedule, now).drawAt - now + afterDrawMs)
      } catch {
        // A game without draw days has no next draw.
      }
    }
    return Math.max(Math.min(wait, maxWait), Math.min(1_000, maxWait))
  }

  function schedule(ms: number): void {
    if (stopped) return
    timer = setTimeout(() => void wake(), ms)
    timer.unref?.()
  }

  async function wake(): Promise<void> {
    let wait = 5_000
    try {
      await tick()
      wait = await nextWait()
    } catch (err) {
      if (!stopped) onError(err)
    }
    schedule(wait)
  }

  function tick(): Promise<number> {
    // One settle at a time from this timer; a page visit may still settle alongside (idempotent).
    running ??= settleDue(deps.db, deps.now()).finally(() => {
      running = undefined
    })
    return running
  }

  void nextWait().then(schedule, (err) => {
    if (!stopped) onError(err)
    schedule(5_000)
  })

  return {
    tick,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running?.catch(() => undefined)
    },
  }
}
