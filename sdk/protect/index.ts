/**
 * Player protection for the responsible gaming page: the state (limits with their use,
 * reset and pending change, session limit, reality-check interval, prompt due, exclusion, audit), the
 * forms that change it and the account history. The platform decides every rule; these stores ask it.
 * @module
 */
import type * as v from 'valibot'
import type { BreakDuration, BreakKind, LimitKind, LimitPeriod, ProtectState } from '../contract/index.ts'
import { SetLimitRequest, SetSessionLimitRequest, TakeBreakRequest, breakDurations, type realityIntervals } from '../contract/protect.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { createForm, type FieldErrors } from '../form/index.ts'
import { parseAmount } from '../money/amount.ts'
import { saveCsv } from '../money/csv.ts'
import { clearSession } from '../stores/session.ts'
import { $accountKey } from '../stores/centre-lists.ts'
import { createFetcherStore, everyView } from '../stores/query.ts'
import { protectApi } from './api.ts'
import { markBreakTaken } from './quiet.ts'

export { protectApi }
export * from './clock.ts'
export { auditDetail } from './audit.ts'

/** The responsible gaming page's state, loaded afresh whenever something starts watching it. */
export const $protect = createFetcherStore<ProtectState>(['protectState', '|', $accountKey], () => protectApi('protectState'), everyView)

/** Asks for the state again (a retry). */
export const loadProtect = (): void => $protect.revalidate()

async function update(call: () => Promise<ProtectState>): Promise<Outcome<ProtectState>> {
  const result = await outcome(call)
  if (result.data) $protect.mutate(result.data)
  return result
}

const amountErrors = (text: string): FieldErrors => {
  const parsed = parseAmount(text)
  return 'errorKey' in parsed ? { amount: { key: parsed.errorKey } } : {}
}

/**
 * The form setting one money limit (an amount typed as `100.50`). A lower or first limit applies at
 * once; a higher one waits 24 hours and a confirmation (the reply shows it pending).
 */
export const createLimitForm = (kind: LimitKind, period: LimitPeriod) =>
  createForm({
    initial: { amount: '' },
    schema: SetLimitRequest,
    check: (values) => amountErrors(values.amount),
    input: (values) => {
      const parsed = parseAmount(values.amount)
      return { kind, period, amount: 'minor' in parsed ? parsed.minor : Number.NaN }
    },
    submit: (input) => update(() => protectApi('protectSetLimit', input)),
  })

/** The form setting the session time limit in minutes (5 to 1,440). */
export const createSessionLimitForm = () =>
  createForm({
    initial: { minutes: '' },
    schema: SetSessionLimitRequest,
    input: (values) => ({ minutes: /^\d{1,5}$/.test(values.minutes.trim()) ? Number(values.minutes.trim()) : Number.NaN }),
    submit: (input) => update(() => protectApi('protectSetSessionLimit', input)),
  })

/** Asks to remove a money limit (applies after 24 hours and a confirmation). */
export const removeLimit = (kind: LimitKind, period: LimitPeriod) => update(() => protectApi('protectSetLimit', { kind, period, amount: null }))
/** Asks to remove the session time limit (after 24 hours and a confirmation). */
export const removeSessionLimit = () => update(() => protectApi('protectSetSessionLimit', { minutes: null }))
/** Confirms (or with `apply: false` withdraws) a pending raise or removal. */
export const confirmLimitChange = (kind: LimitKind | 'session', period: LimitPeriod | undefined, apply: boolean) =>
  update(() => protectApi('protectConfirmLimit', { kind, period, apply }))
/** Sets the reality-check interval. */
export const setRealityInterval = (minutes: (typeof realityIntervals)[number]) => update(() => protectApi('protectReality', { minutes }))
/** Answers the deposit-limit question with "not now", or the 6-month review with "reviewed". */
export const answerLimitPrompt = (answer: 'skip' | 'reviewed') => update(() => protectApi('protectPrompt', { answer }))

/** The durations offered for each kind of break. */
export const breakOptions: Readonly<Record<BreakKind, readonly BreakDuration[]>> = breakDurations

/**
 * The time-out / self-exclusion form: pick the kind and length, review, confirm. Once the platform
 * takes it, the session ends here too (the platform has already ended it everywhere).
 */
export const createBreakForm = () =>
  createForm({
    initial: { kind: 'timeout' as BreakKind, duration: '24h' as BreakDuration },
    schema: TakeBreakRequest,
    input: (values) => ({ ...values, confirm: true }),
    review: true,
    submit: async (input) => {
      const result = await outcome(() => protectApi('protectBreak', input as v.InferOutput<typeof TakeBreakRequest>))
      if (result.data) {
        markBreakTaken(input.duration)
        clearSession()
      }
      return result
    },
  })

/** Twelve months of deposits, withdrawals, stakes and returns. */
export const $protectHistory = createFetcherStore(['protectHistory', '|', $accountKey], () => protectApi('protectHistory', { months: 12 }), everyView)

/** Downloads the history as CSV. */
export async function downloadHistoryCsv(): Promise<Outcome<number>> {
  const result = await outcome(() => protectApi('protectHistoryCsv', { months: 12 }))
  if (result.error) return result
  return { data: saveCsv({ ...result.data, rows: result.data.csv.split('\r\n').length - 2 }) }
}
