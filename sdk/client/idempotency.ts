/**
 * A fresh idempotency key for a money-moving call (matches the contract's `IdempotencyKey`).
 * Create it once, before the first send, and pass the same key when the user retries.
 * @example
 * const key = newIdempotencyKey()
 * await api('walletTransfer', { from: 'MAIN', to: 'PG', amount: 10_00, idempotencyKey: key })
 */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(18))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
