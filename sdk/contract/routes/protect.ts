import { Empty } from '../common.ts'
import * as pr from '../protect.ts'
import { e } from '../route.ts'

/**
 * The responsible gaming page's calls: limits, reality check, time-out and self-exclusion,
 * the session clock and the account history. SPEC names none of these paths: they follow /wps/member.
 */
export const protectRoutes = {
  /** Limits with their use and reset, session limit, reality-check interval, prompt due, audit. */
  protectState: e({ method: 'GET', path: '/wps/member/protect', token: true, response: pr.ProtectStateSchema }),
  /** Sets, lowers (at once), raises or removes (pending 24 h, then confirmed) one money limit. */
  protectSetLimit: e({ method: 'POST', path: '/wps/member/protect/limit', token: true, response: pr.ProtectStateSchema }),
  /** Same for the session time limit. */
  protectSetSessionLimit: e({ method: 'POST', path: '/wps/member/protect/sessionLimit', token: true, response: pr.ProtectStateSchema }),
  /** Confirms (or withdraws) a pending raise or removal. */
  protectConfirmLimit: e({ method: 'POST', path: '/wps/member/protect/limit/confirm', token: true, response: pr.ProtectStateSchema }),
  /** Sets the reality-check interval. */
  protectReality: e({ method: 'POST', path: '/wps/member/protect/reality', token: true, response: pr.ProtectStateSchema }),
  /** Records the answer to a reality check (`logout` also ends the session). */
  protectRealityAnswer: e({ method: 'POST', path: '/wps/member/protect/reality/answer', token: true, response: pr.SessionClockSchema }),
  /** Records the answer to the deposit-limit question or the 6-month review. */
  protectPrompt: e({ method: 'POST', path: '/wps/member/protect/prompt', token: true, response: pr.ProtectStateSchema }),
  /** Takes a time-out or self-exclusion: every session ends at once. */
  protectBreak: e({ method: 'POST', path: '/wps/member/protect/break', token: true, response: Empty }),
  /** Time since login, net result since login, reality-check interval, the tightest stake limit left. */
  protectClock: e({ method: 'GET', path: '/wps/member/protect/clock', token: true, response: pr.SessionClockSchema }),
  /** Twelve months of deposits, withdrawals, stakes and returns, per month. */
  protectHistory: e({ method: 'GET', path: '/wps/member/protect/history', token: true, response: pr.HistorySchema }),
  /** The same as CSV. */
  protectHistoryCsv: e({ method: 'GET', path: '/wps/member/protect/history/csv', token: true, response: pr.CsvSchema }),
}
