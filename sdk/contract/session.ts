import * as v from 'valibot'
import { SliderAnswer, int, required, text } from './common.ts'

// The login request (LoginRequest) is in ./requests.ts.
export type { LoginRequest } from './requests.ts'

/** Login reply value (SPEC §3). */
export const LoginValue = v.object({
  token: text(128),
  firstTimeLogin: v.boolean(),
  passwordExpired: v.boolean(),
  /** The password used is the default weak password: the client must force a change. */
  weakPassword: v.boolean(),
  userName: text(64),
  /** The next attempt must carry a captcha. */
  captcha: v.boolean(),
  isAgent: int(0, 99),
  /** The session may only withdraw: the player is on a time-out or self-exclusion. */
  withdrawOnly: v.optional(v.boolean()),
})
export type LoginValue = v.InferOutput<typeof LoginValue>

export const FreeplayRequest = v.object({
  os: text(32),
  platform: v.literal('W'),
  random: text(128),
  gatewayVersion: v.literal(3),
})

// The SMS send's request (SmsSendRequest) is in ./account-requests.ts.
export const SmsSendValue = v.object({ expiredMinutes: int(1, 60) })
