import { toApiError, type ApiError } from '../client/index.ts'

/** What a money action resolves with: its data, or the error (field errors in `error.fields`). Never rejects. */
export type Outcome<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError }

/** Runs `fn` into an {@link Outcome}. */
export async function outcome<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { data: await fn() }
  } catch (error) {
    return { error: toApiError(error) }
  }
}
