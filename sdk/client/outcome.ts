import { toApiError, type ApiError } from './errors.ts'

/**
 * What an action resolves with at the boundary between stores and views: its data, or the error
 * (field errors in `error.fields`). Actions that return it never reject.
 */
export type Outcome<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError }

/**
 * Runs `fn` into an {@link Outcome}: whatever it throws becomes an {@link ApiError}.
 * @example const r = await outcome(() => moneyApi('walletBalances')); if (r.error) show(r.error.messageKey)
 */
export async function outcome<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { data: await fn() }
  } catch (error) {
    return { error: toApiError(error) }
  }
}
