/**
 * Whether this browser keeps quiet about play: while a time-out or self-exclusion runs, no
 * marketing popup, promotion offer or reward notice is shown, neither in the withdrawal-only session
 * the player may open meanwhile nor in the browser that took the break (it is signed out by then).
 * The platform refuses the calls themselves; this only keeps the page from offering them.
 * Kept small and apart from `./index.ts` so the shell can read it without loading the page's stores.
 * @module
 */
import { atom, computed } from 'nanostores'
import { breakEnd } from '../contract/breaks.ts'
import type { BreakDuration } from '../contract/breaks.ts'
import { $storage } from '../runtime/index.ts'
import { $token } from '../stores/session.ts'
import { $memberCenterAvailable } from '../guard/index.ts'

// Namespaced keys: an embed must not write the host page's own keys.
const scopeKey = 'lkWithdrawOnly'
const breakKey = 'lkBreakUntil'

const tail = (token: string | undefined) => (token ? token.slice(-16) : '')
const readScope = () => {
  const v = $storage.get().session.get(scopeKey)
  return typeof v === 'string' ? v : ''
}
const readBreak = () => {
  const v = Number($storage.get().local.get(breakKey))
  return Number.isFinite(v) ? v : 0
}

const $scope = atom(readScope())
const $breakUntil = atom(readBreak())
$storage.listen(() => {
  $scope.set(readScope())
  $breakUntil.set(readBreak())
})

/** The session may only withdraw (it was opened that way during a break). Another session clears it. */
export const $withdrawOnly = computed([$token, $scope], (token, scope) => Boolean(token) && scope === tail(token))

/** Remembers that the session holding `token` is withdrawal-only. */
export function markWithdrawOnly(token: string): void {
  $storage.get().session.set(scopeKey, tail(token))
  $scope.set(tail(token))
}

/** Remembers, in this browser, that a break of `duration` was just taken (until its end). */
export function markBreakTaken(duration: BreakDuration, now = Date.now()): void {
  const until = breakEnd(duration, now)
  $storage.get().local.set(breakKey, until)
  $breakUntil.set(until)
}

/** Whether a break taken in this browser is still running at `now`. */
export const breakRunningHere = (now = Date.now()): boolean => $breakUntil.get() > now

/**
 * Keep quiet: no marketing popup, promotion offer or reward notice. Read it when deciding to show one
 * (a break's end is a time, so {@link breakRunningHere} is asked at that moment).
 */
export const $quiet = computed([$withdrawOnly, $breakUntil], (withdrawOnly, until) => withdrawOnly || until > Date.now())

/** {@link $quiet} at this moment (a break's end is a time: ask when deciding). */
export const quietNow = (): boolean => $withdrawOnly.get() || breakRunningHere()

/**
 * The header offers Deposit: the member centre is available and the session is not a break's
 * withdrawal-only one. Here, not in `sdk/guard`, so the pages that never show it do not load this module.
 */
export const $depositOffered = computed([$memberCenterAvailable, $withdrawOnly], (available, withdrawOnly) => available && !withdrawOnly)

/** The member centre pages a withdrawal-only session lists: the withdrawal alone. */
export const withdrawOnlyCentrePages = ['withdraw'] as const

const askKey = 'lkAskDepositLimit'
const $ask = atom($storage.get().session.get(askKey) === true)
$storage.listen((storage) => $ask.set(storage.session.get(askKey) === true))

/**
 * Registration asks for a deposit limit: set by the registration, so the next page asks the
 * deposit-limit question over it until the player sets a limit or explicitly skips.
 */
export const $askDepositLimit = computed([$ask, $token], (ask, token) => ask && Boolean(token))

/** Asks the deposit-limit question on the next page (after a registration). */
export function askDepositLimit(): void {
  $storage.get().session.set(askKey, true)
  $ask.set(true)
}

/** The question was answered (a limit set, or skipped) or handed to the responsible gaming page. */
export function doneAskingDepositLimit(): void {
  $storage.get().session.remove(askKey)
  $ask.set(false)
}
