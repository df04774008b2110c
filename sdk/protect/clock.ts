/**
 * The session clock the game page, the lottery and the reality check show: time since login, the net
 * result since then, the tightest stake limit left and when the next reality check is due. The platform
 * answers the figures; this store ticks the seconds in between on the platform's time.
 * @module
 */
import { atom, computed, onMount } from 'nanostores'
import type { SessionClock } from '../contract/index.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { openCentre } from '../centre/index.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { createFetcherStore } from '../stores/query.ts'
import { clearSession } from '../stores/session.ts'
import { $balance } from '../stores/balance.ts'
import { protectApi } from './api.ts'

/** How often the figures are asked again while something shows them. */
export const CLOCK_REFRESH_MS = 60_000

// Platform time minus local time, from the last reply: the check falls due on the platform's clock.
let skew = 0

/** The platform's time, ticking every second while something watches it. */
export const $platformNow = atom(Date.now())
onMount($platformNow, () => {
  $platformNow.set(Date.now() + skew)
  const id = setInterval(() => $platformNow.set(Date.now() + skew), 1000)
  return () => clearInterval(id)
})

/** The session clock of the signed-in member (paused while signed out), asked again every minute. */
export const $sessionClock = createFetcherStore<SessionClock>(
  ['protectClock', '|', $accountKey],
  async () => {
    const clock = await protectApi('protectClock')
    skew = clock.now - Date.now()
    return clock
  },
  { freshMs: 0, everyMs: CLOCK_REFRESH_MS },
)

// A round moves the balance before the next minute's ask: the figures follow each new balance, so the
// session bar and the reality check show the same net result as the header's balance (one answer each).
onMount($sessionClock, () => {
  let last = $balance.get().data
  return $balance.listen(({ data }) => {
    if (!data || data === last) return
    last = data
    $sessionClock.revalidate()
  })
})

/** What the session bar and the reality check show, or `null` signed out or before the first answer. */
export interface SessionFigures {
  /** Milliseconds since login. */
  elapsed: number
  /** Returns minus stakes since login, minor units. */
  net: number
  clock: SessionClock
  /** The reality check is due now. */
  due: boolean
}

/** The live figures: elapsed time ticks every second; the rest changes with each answer of the platform. */
export const $sessionFigures = computed([$sessionClock, $platformNow], (c, now): SessionFigures | null =>
  c.data ? { elapsed: Math.max(0, now - c.data.loginAt), net: c.data.net, clock: c.data, due: now >= c.data.nextCheckAt } : null,
)

/** Opens the responsible gaming page with the account history (the site's member centre). */
const openHistoryPage = (): void => openCentre('member', 'responsibleGaming')

/**
 * Answers the reality check: `continue` schedules the next one, `history` also shows the account
 * history (`showHistory`: by default the member centre's responsible gaming page; an embed frame,
 * which has no centre, shows it in place), `logout` ends the session (the platform ends it first).
 */
export async function answerRealityCheck(answer: 'continue' | 'history' | 'logout', showHistory: () => void = openHistoryPage): Promise<Outcome<SessionClock>> {
  const result = await outcome(() => protectApi('protectRealityAnswer', { answer }))
  if (result.error) return result
  if (answer === 'logout') clearSession()
  else {
    $sessionClock.mutate(result.data)
    if (answer === 'history') showHistory()
  }
  return result
}

/** Formats milliseconds as `h:mm:ss`. */
export function formatElapsed(ms: number): string {
  const s = Math.floor(ms / 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}
