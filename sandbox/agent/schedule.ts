/**
 * The sandbox's pay-run clock (SPEC §9): every 5 minutes it runs {@link payRun} for every kind, which
 * pays the real-time salary of the last 5 minutes, the hourly salary of the last hour once the hour
 * is over, the daily salary of the previous day on the next, and each dividend once its period ends.
 * A run pays each contract and period once however often it comes, so a restart or an overlap is harmless.
 * @module
 */
import type { Db } from '../db/index.ts'
import { payRun } from './payruns.ts'

/** How often the sandbox pays (SPEC §9: real-time salary every 5 minutes). */
export const PAY_EVERY_MS = 5 * 60_000

/**
 * Starts paying on the clock: the first run at the next 5-minute boundary (plus a few seconds, so
 * the rounds of the period just ended are in), then every 5 minutes.
 * @returns stop, which clears the timers
 */
export function startPayClock(db: Db, now: () => number = Date.now): () => void {
  let interval: ReturnType<typeof setInterval> | undefined
  let running = false
  const run = async () => {
    // A slow run (a big team on PGlite) is not overlapped by the next.
    if (running) return
    running = true
    try {
      const paid = await payRun(db, now())
      const fresh = paid.filter((p) => !p.replay && p.amount > 0)
      if (fresh.length) console.log(`[sandbox] pay run: ${fresh.length} payout(s)`)
    } catch (err) {
      console.error('[sandbox] pay run failed:', err)
    } finally {
      running = false
    }
  }
  const first = setTimeout(
    () => {
      void run()
      interval = setInterval(() => void run(), PAY_EVERY_MS)
      interval.unref?.()
    },
    PAY_EVERY_MS - (now() % PAY_EVERY_MS) + 5_000,
  )
  first.unref?.()
  return () => {
    clearTimeout(first)
    if (interval) clearInterval(interval)
  }
}
