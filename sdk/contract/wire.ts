import * as v from 'valibot'
import { text } from './common.ts'

/** Request headers every call carries (SPEC §7 "shared client"). */
export const headerNames = {
  merchant: 'Merchant',
  /** `Bearer <token>` on token-marked calls. */
  authorization: 'Authorization',
  language: 'Language',
  /** Always `WEB`. */
  device: 'Device',
  /** Set on money calls; the same key on a retry returns the first result. */
  idempotency: 'Idempotency-Key',
  /**
   * A random id the browser keeps for itself, sent when a session is opened (login, registration): the
   * platform pays a referral once per device (and address family).
   */
  deviceId: 'Device-Id',
} as const

/**
 * Where a public read (a GET sent without a token) may carry the merchant, language and device
 * instead of their headers: in its query. A cross-origin page's read (an embedded element) is then a
 * CORS simple request, answered in one round trip without a preflight. The platform reads the header
 * first, then these.
 */
export const wireQuery = {
  merchant: '_merchant',
  language: '_language',
  device: '_device',
} as const

/**
 * Body of an encrypted call: the JSON payload sealed with a fresh AES-256-GCM key, that key wrapped
 * with the platform's RSA-OAEP (SHA-256) public key `keyId`. All parts base64.
 * Sent with `Content-Type: application/json` and header `X-Encrypted: 1`.
 */
export const EncryptedBodySchema = v.object({
  keyId: text(64),
  key: text(1024),
  iv: text(32),
  data: text(200_000),
})
export type EncryptedBody = v.InferOutput<typeof EncryptedBodySchema>
export const encryptedHeader = 'X-Encrypted'
