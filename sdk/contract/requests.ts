import * as v from 'valibot'
import { SliderAnswer, required, text } from './common.ts'
import { payoutAccountRequests } from './money.ts'
import { bindContactRequests, contactCodeRequests } from './contact.ts'

/*
 * Request bodies that only the platform checks (the sandbox, through ./endpoints.ts) and that need
 * valibot functions no reply schema uses (`variant`, `email`, `toLowerCase`). valibot is one module in
 * the chunk every page loads, so a call to one of these in a module the pages load (./session.ts,
 * ./money.ts) brought the function into every first load even though no page runs it.
 */

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
    /** Opens a withdrawal-only session (a player on a time-out or self-exclusion may still withdraw). */
    withdrawOnly: v.optional(v.boolean()),
  }),
  v.object({
    type: v.literal('sms'),
    mobileNum: required(20),
    countryDialingCode: required(6),
    verificationCode: required(6),
    agentOnly: v.optional(v.boolean()),
    /** Opens a withdrawal-only session during a break, as the username login does. */
    withdrawOnly: v.optional(v.boolean()),
  }),
  v.object({
    type: v.literal('thirdparty'),
    provider: v.picklist(['facebook', 'google', 'phone']),
    /** ID token issued by the (dev) identity provider. */
    idToken: required(4000),
    /** The player confirmed the minimum age and the terms: required when the sign-in would create an account. */
    termsAccepted: v.optional(v.literal(true)),
    /** Opens a withdrawal-only session during a break, as the username login does. */
    withdrawOnly: v.optional(v.boolean()),
  }),
])
export type LoginRequest = v.InferInput<typeof LoginRequest>

/** Registration payload (SPEC §3): the fields (which are required comes from the register rules), and what the flow adds (captcha id, address, slider, phone token). */
export const RegisterRequest = v.object({
  username: v.optional(text(64)),
  password: v.optional(text(128)),
  confirmPassword: v.optional(text(128)),
  payeeName: v.optional(text(128)),
  email: v.optional(text(255)),
  qqNum: v.optional(text(32)),
  mobileNum: v.optional(text(20)),
  countryDialingCode: v.optional(text(6)),
  recommenderId: v.optional(text(64)),
  captcha: v.optional(text(16)),
  verificationCode: v.optional(text(255)),
  affiliateCode: v.optional(text(64)),
  paymentPassword: v.optional(text(128)),
  line: v.optional(text(64)),
  whatsapp: v.optional(text(64)),
  facebook: v.optional(text(128)),
  wechat: v.optional(text(64)),
  idNumber: v.optional(text(64)),
  referralCode: v.optional(text(64)),
  nickname: v.optional(text(64)),
  telegram: v.optional(text(64)),
  zalo: v.optional(text(64)),
  birthday: v.optional(text(10)),
  address: v.optional(text(255)),
  nationality: v.optional(text(64)),
  occupation: v.optional(text(64)),
  sourceOfIncome: v.optional(text(64)),
  placeOfBirth: v.optional(text(128)),
  captchaId: v.optional(text(64)),
  domain: v.optional(text(255)),
  registerUrl: v.optional(text(2000)),
  registerMethod: v.literal('WEB'),
  login: v.literal(true),
  /**
   * The player ticked "I am {minimumAge} or older and accept the terms" (SPEC §5). The platform refuses
   * a registration without it: with the birthday optional (SPEC §3 names it only as a label), it is the
   * age check a blank birthday leaves.
   */
  termsAccepted: v.optional(v.literal(true)),
  slider: SliderAnswer,
  firebaseChannel: v.optional(v.literal('sms')),
  firebaseIdToken: v.optional(text(4000)),
})
export type RegisterRequest = v.InferInput<typeof RegisterRequest>

// ── security centre: contacts bound by code (the per-channel objects are in ./contact.ts) ──

/** Where a binding code goes: a mobile number or an email address. */
export const ContactCodeRequest = v.variant('channel', [contactCodeRequests.mobile, contactCodeRequests.email])
/** Binds the mobile number or email the code was sent to. */
export const BindContactRequest = v.variant('channel', [bindContactRequests.mobile, bindContactRequests.email])

/** Adds a payout account (./money.ts `payoutAccountRequests`, one rule per kind). */
export const AddPayoutAccountRequest = v.variant('kind', [payoutAccountRequests.bank, payoutAccountRequests.ewallet])

/** The proof image of a withdrawal not received: its id (query) and the image's bytes (the binary body). */
export const WithdrawalProofRequest = v.object({
  id: required(64),
  proof: v.custom<Blob | Uint8Array>((x) => x instanceof Uint8Array || (typeof Blob !== 'undefined' && x instanceof Blob)),
})
