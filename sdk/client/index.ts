/**
 * The platform client (`createClient`, with `api` by key over the whole core table, is in
 * ./core-client.ts, which page code does not import): every call of the endpoint table, typed, validated and with one error type.
 * @module
 */
export {
  createRequester,
  defaultTimeoutMs,
  roomCaller,
  type ApiArgs,
  type CallOptions,
  type Client,
  type ClientOptions,
  type CoreKey,
  type Requester,
} from './client.ts'
export { ApiError, isApiError, toApiError, type ApiErrorInit } from './errors.ts'
export { outcome, type Outcome } from './outcome.ts'
export { newIdempotencyKey } from './idempotency.ts'
export { cacheKey, cachePrefix, clearCachedReplies } from './cache.ts'
// The sealing helpers are not re-exported: they load with the first sealed call (`./crypto.ts`).
export type { PublicKey } from './crypto.ts'
