import * as v from 'valibot'
import { SliderAnswer, int, required, text } from './common.ts'

/** Login request (SPEC §3): `type` picks username+password or mobile+SMS code. */
export const LoginRequest = v.variant('type', [
  v.object({
    type: v.literal('username'),
    username: required(64),
    password: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    captcha: v.optional(text(16)),
    captchaId: v.optional(text(64)),
    slider: SliderAnswer,
    /** Agent login page: only agents may log in. */
    agentOnly: v.optional(v.boolean()),
    /** Second-step code sent to a registered contact when logging in from a new address. */
    secondStepCode: v.optional(text(6)),
  }),
  v.object({
    type: v.literal('sms'),
    mobileNum: required(20),
    countryDialingCode: required(6),
    verificationCode: required(6),
    agentOnly: v.optional(v.boolean()),
  }),
  v.object({
    type: v.literal('thirdparty'),
    provider: v.picklist(['facebook', 'google', 'phone']),
    /** ID token issued by the (dev) identity provider. */
    idToken: required(4000),
  }),
])
export type LoginRequest = v.InferInput<typeof LoginRequest>

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
})
export type LoginValue = v.InferOutput<typeof LoginValue>

export const FreeplayRequest = v.object({
  os: text(32),
  platform: v.literal('W'),
  random: text(128),
  gatewayVersion: v.literal(3),
})

export const SmsSendRequest = v.object({
  mobileNum: required(20),
  countryDialingCode: required(6),
  slider: v.optional(SliderAnswer),
  /** Registration only: the username being registered. */
  username: v.optional(text(64)),
})
export const SmsSendValue = v.object({ expiredMinutes: int(1, 60) })
