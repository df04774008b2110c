import { atom, onMount } from 'nanostores'

/** How much the jackpot grows per step, and how often it steps (SPEC §4, §9). */
export const jackpotStep = 165.11
export const jackpotStepMs = 3000
// The counter starts from the same value for everyone at a given moment, so reloads never go backwards
// within a day; it is "won" at 00:00 UTC and starts again from the base, so it stays a believable size.
const jackpotBase = 8_000_000
const jackpotCycleMs = 24 * 60 * 60 * 1000

/** The jackpot amount at `time` (ms since the Unix epoch): a base plus one step per 3 s elapsed today (UTC). */
export function jackpotAt(time: number): number {
  const sinceReset = ((time % jackpotCycleMs) + jackpotCycleMs) % jackpotCycleMs
  const steps = Math.floor(sinceReset / jackpotStepMs)
  // Whole cents so repeated steps never drift into float noise.
  return Math.round(jackpotBase * 100 + steps * jackpotStep * 100) / 100
}

/** The rolling jackpot (major units). Ticks every 3 s while something shows it. */
export const $jackpot = atom<number>(jackpotAt(Date.now()))

onMount($jackpot, () => {
  $jackpot.set(jackpotAt(Date.now()))
  const timer = setInterval(() => $jackpot.set(jackpotAt(Date.now())), jackpotStepMs)
  return () => clearInterval(timer)
})
