import { newIdempotencyKey } from '../client/index.ts'
import { moneyApi } from './api.ts'

/**
 * Wraps a money call so that its idempotency key is created before the first send and reused when
 * the same input is sent again after a failure (a lost reply, a timeout): the platform then answers
 * the first result instead of moving money twice. A success, or a changed input, starts a new key.
 * @param send - the call, given the input and its key
 * @param ignore - input fields that do not make it another operation (a retyped password)
 * @example const withdraw = keyed((input, key) => moneyApi('requestWithdrawal', { ...input, idempotencyKey: key }), ['paymentPassword'])
 */
export function keyed<I extends object, R>(send: (input: I, key: string) => Promise<R>, ignore: readonly (keyof I)[] = []): (input: I) => Promise<R> {
  let key: string | undefined
  let sentFor: string | undefined
  return async (input) => {
    const kept = Object.fromEntries(Object.entries(input).filter(([k]) => !ignore.includes(k as keyof I)))
    const fingerprint = JSON.stringify(kept)
    if (!key || fingerprint !== sentFor) {
      key = newIdempotencyKey()
      sentFor = fingerprint
    }
    const result = await send(input, key)
    key = undefined
    return result
  }
}
