/**
 * The protected-action guard every island calls before acting (SPEC §5, §6).
 * @module
 */
import { atom, computed } from 'nanostores'
import { $isTrial } from '../stores/member.ts'
import { openLoginPrompt } from '../stores/prompt.ts'
import { $token } from '../stores/session.ts'

/** `play`: needs a login. `real`: needs a real (non-trial) account too. */
export type GuardAction = 'play' | 'real'

/** Outcome of {@link guard}: the caller stops when `ok` is false; the UI prompt is already requested. */
export type GuardResult = { ok: true } | { ok: false; reason: 'login' | 'trial' }

/** A warning the UI shows in a dialog (locale keys for the message and its confirm button). */
export interface GuardWarning {
  messageKey: string
  confirmKey: string
}

/** Set when a guard refuses a trial account; the UI shows it and calls {@link dismissGuardWarning}. */
export const $guardWarning = atom<GuardWarning | null>(null)

/** Hides the guard warning. */
export const dismissGuardWarning = (): void => $guardWarning.set(null)

/** The real-account warning (SPEC §5 `in_need_true_account`, confirmed with `in_increase_submit`). */
export const trialWarning: GuardWarning = { messageKey: 'in_need_true_account', confirmKey: 'in_increase_submit' }

/**
 * Checks a protected action: without a token the login prompt opens (`reason: 'login'`); a trial
 * account (isAgent 4 or member type 4) trying a `real` action gets the real-account warning.
 * @example
 * if (!guard('real').ok) return
 * await api('walletTransfer', …)
 */
export function guard(action: GuardAction): GuardResult {
  if (!$token.get()) {
    openLoginPrompt('required')
    return { ok: false, reason: 'login' }
  }
  if (action === 'real' && $isTrial.get()) {
    $guardWarning.set(trialWarning)
    return { ok: false, reason: 'trial' }
  }
  return { ok: true }
}

/** Whether the member center is available: a token and not a trial account (SPEC §6). */
export const $memberCenterAvailable = computed([$token, $isTrial], (token, trial) => Boolean(token) && !trial)

/** Guard for opening the member or agent center (SPEC §5: a non-eligible user gets the same warning). */
export const requireMemberCenter = (): GuardResult => guard('real')
