import * as v from 'valibot'
import { SliderAnswer, required, text } from './common.ts'
import { OneTimeCode } from './money.ts'
import { mobilePattern } from './rules.ts'

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
    /** Opens a withdrawal-only session (issue 30: a player on a time-out or self-exclusion may still withdraw). */
    withdrawOnly: v.optional(v.boolean()),
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

// ── security centre: contacts bound by code ─────────────────────────────────

/** An email address as the platform takes it. */
export const EmailAddress = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(120, 'money_err_email_format'), v.email('money_err_email_format'))
const MobileTarget = {
  channel: v.literal('mobile'),
  countryDialingCode: v.pipe(v.string(), v.trim(), v.regex(/^\+?\d{1,4}$/, 'money_err_dial_format')),
  mobileNum: v.pipe(v.string(), v.trim(), v.regex(mobilePattern, 'money_err_mobile_format')),
}
const EmailTarget = { channel: v.literal('email'), email: EmailAddress }

/** Where a binding code goes: a mobile number or an email address. */
export const ContactCodeRequest = v.variant('channel', [v.object(MobileTarget), v.object(EmailTarget)])
/** Binds the mobile number or email the code was sent to. */
export const BindContactRequest = v.variant('channel', [v.object({ ...MobileTarget, code: OneTimeCode }), v.object({ ...EmailTarget, code: OneTimeCode })])
