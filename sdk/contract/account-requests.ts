import * as v from 'valibot'
import { Confirmation, MobileNumber, NewPassword, Password, SmsCode, Username, confirming, filled, registerRule, withCountry } from './account-fields.ts'
import { SliderAnswer, required, text } from './common.ts'
import type { RegisterField, RegisterRule } from './registration.ts'
import { mobilePattern } from './rules.ts'

/*
 * The account forms' request bodies (login, registration, the SMS code sends, password change and
 * resets by email, link and phone), built from the account fields (./account-fields.ts): the forms
 * check their values with them before sending and the platform checks the requests with them. A module
 * of their own, so the chunk every page loads first (which takes ./member.ts and ./session.ts) does not
 * carry them, nor do the forms carry the other rooms' requests (./requests.ts). The platform's password
 * rule from its settings is checked on top by the platform (a refusal the form shows under the field).
 */

export const SmsSendRequest = v.object({
  mobileNum: MobileNumber,
  countryDialingCode: required(6),
  slider: v.optional(SliderAnswer),
  /** Registration only: the username being registered. */
  username: v.optional(Username),
})

export const ChangePasswordRequest = confirming(
  v.object({
    oldPassword: v.optional(text(128)),
    newPassword: NewPassword,
    confirmNewPassword: Confirmation,
  }),
  'newPassword',
  'confirmNewPassword',
)

/** Forgot password by email (form-encoded). */
export const EmailResetRequest = v.object({
  username: filled(64),
  email: v.pipe(filled(255), v.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'auth_err_email')),
})

/** A new password set through an emailed reset link: the link's token, the password and its confirmation. */
export const LinkResetRequest = confirming(
  v.object({
    token: filled(128),
    newPassword: NewPassword,
    confirmNewPassword: Confirmation,
  }),
  'newPassword',
  'confirmNewPassword',
)

export const PhoneResetRequest = v.object({
  newPassword: NewPassword,
  mobileNum: MobileNumber,
  countryDialingCode: filled(6),
  verificationCode: SmsCode,
})

/**
 * What every password login carries beside whom it names: the password, the slider's answer, a captcha
 * when asked, a second-step code when asked.
 */
const passwordLoginEntries = {
  password: Password,
  captcha: v.optional(text(16)),
  captchaId: v.optional(text(64)),
  slider: SliderAnswer,
  /** Agent login page: only agents may log in. */
  agentOnly: v.optional(v.boolean()),
  /** Second-step code sent to a registered contact when logging in from a new address. */
  secondStepCode: v.optional(text(6)),
  /** Opens a withdrawal-only session (a player on a time-out or self-exclusion may still withdraw). */
  withdrawOnly: v.optional(v.boolean()),
}

/** Login by username and password. */
export const PasswordLoginRequest = v.object({ type: v.literal('username'), username: filled(64), ...passwordLoginEntries })

/**
 * Login by mobile number and password (PHONELOGIN3): the member registered or verified with that number
 * signs in with the account's password, with the slider, captcha and second-step rules of the username login.
 */
export const PhoneLoginRequest = v.object({ type: v.literal('phone'), mobileNum: MobileNumber, countryDialingCode: filled(6), ...passwordLoginEntries })

/** Login by mobile number and SMS code. */
export const SmsLoginRequest = v.object({
  type: v.literal('sms'),
  mobileNum: MobileNumber,
  countryDialingCode: filled(6),
  verificationCode: SmsCode,
  agentOnly: v.optional(v.boolean()),
  /** Opens a withdrawal-only session during a break, as the username login does. */
  withdrawOnly: v.optional(v.boolean()),
})

/** Login with a third-party ID token (Facebook, Google, phone). */
export const ThirdPartyLoginRequest = v.object({
  type: v.literal('thirdparty'),
  provider: v.picklist(['facebook', 'google', 'phone']),
  /** ID token issued by the (dev) identity provider. */
  idToken: filled(4000),
  /** The player confirmed the minimum age and the terms: required when the sign-in would create an account. */
  termsAccepted: v.optional(v.literal(true)),
  /** Opens a withdrawal-only session during a break, as the username login does. */
  withdrawOnly: v.optional(v.boolean()),
})

// The three in one request (LoginRequest, a `variant` no form needs) are in ./requests.ts.

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
  /** The slider's answer, when the slider is the registration's human check ({@link registrationCheck}). */
  slider: v.optional(SliderAnswer),
  firebaseChannel: v.optional(v.literal('sms')),
  firebaseIdToken: v.optional(text(4000)),
})
export type RegisterRequest = v.InferInput<typeof RegisterRequest>

/** What decides which registration fields a request must fill and how: the platform's switches and its field rules. */
export interface RegistrationRules {
  /** The field rules of `/wps/system/setting/register`, by field. */
  rules: Partial<Record<RegisterField, RegisterRule>>
  /** `register` (by username) or `registerMobile`. */
  kind: 'register' | 'registerMobile'
  /** MOBILENUMPASSREG3: a mobile registration chooses a password. */
  mobilePassword: boolean
  /** REGSMS3: the mobile number a registration carries is proven by an SMS code ({@link smsCodeApplies}). */
  smsCode: boolean
  /** The number is proven by the third-party phone sign-in instead of an SMS code (THIRDPARTYSMS3). */
  phoneToken: boolean
}

/**
 * Whether the registration proves a mobile number with an SMS code (SPEC §5 "verificationCode: required
 * when SMS enabled"): SMS verification is on (REGSMS3) and the registration must carry a number (a
 * mobile registration, or a mobile number rule that requires one). A registration by username on a
 * platform that does not require a number asks for none, and so for no code.
 */
export const smsCodeApplies = (ctx: Pick<RegistrationRules, 'rules' | 'kind' | 'smsCode'>): boolean =>
  ctx.smsCode && (ctx.kind === 'registerMobile' || ctx.rules.mobileNum?.required === true)

/** The human check a registration is sent with: `none` when its SMS code already proves a person. */
export type RegistrationCheck = 'slider' | 'captcha' | 'none'

/**
 * The one human check of a registration flow. With an SMS code, the code's send passed the slider (the
 * platform refuses a send without it) and the code proves the phone: the registration asks no other
 * check. Otherwise the platform's rules pick: the captcha while its field rule is on, else the slider.
 * (A number proven by the third-party phone sign-in is no check of the platform's: the form's check stays.)
 */
export function registrationCheck(ctx: RegistrationRules): RegistrationCheck {
  if (smsCodeApplies(ctx) && !ctx.phoneToken) return 'none'
  return ctx.rules.captcha?.enabled ? 'captcha' : 'slider'
}

// Fields whose fixed rule comes first; the others follow their settings' rule alone.
const fixedFields: ReadonlySet<string> = new Set(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'captcha'])

/**
 * The registration request's rules under the platform's switches and field rules (SPEC §5): the
 * username (by username), the new password and its confirmation (unless a mobile registration takes
 * none), the mobile number (mobile registration or a required rule), the SMS code ({@link smsCodeApplies}),
 * every other enabled field's rule, and the flow's one human check ({@link registrationCheck}). The platform
 * checks a registration with it, the form its values (with `base` the part a form fills, e.g. without
 * the slider's answer); the age and the terms are checked beside it (their messages name the age).
 */
export function registrationSchema<S extends v.ObjectSchema<v.ObjectEntries, undefined> = typeof RegisterRequest>(
  ctx: RegistrationRules,
  base: S = RegisterRequest as never,
): v.GenericSchema<v.InferInput<S>, v.InferOutput<S>> {
  const { rules } = ctx
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = { ...base.entries }
  const ruled = (field: RegisterField, schema: v.GenericSchema<unknown, string | undefined>, force = false) => v.pipe(schema, registerRule(rules[field], force))
  // A field the request leaves out is checked as blank (an optional key left out is never checked).
  const needed = (schema: v.GenericSchema<string | undefined, string | undefined>) => v.optional(schema, '')
  for (const [field, rule] of Object.entries(rules) as [RegisterField, RegisterRule][]) {
    if (rule.enabled && !fixedFields.has(field) && field in entries) entries[field] = ruled(field, needed(base.entries[field] as never))
  }
  const check = registrationCheck(ctx)
  // The flow's human check is required (the slider's answer when the request has one: a form fills the
  // rest first); a check the flow does not ask, sent along, is not looked at.
  if (check === 'captcha' && 'captcha' in entries) entries.captcha = ruled('captcha', needed(base.entries.captcha as never), true)
  if (check === 'slider' && 'slider' in entries) entries.slider = SliderAnswer
  const mobile = ctx.kind === 'registerMobile'
  if (!mobile) entries.username = ruled('username', needed(Username))
  if (!mobile || ctx.mobilePassword) {
    entries.password = ruled('password', needed(NewPassword))
    entries.confirmPassword = needed(Confirmation)
  }
  // SMS verification needs a number to send to, whatever the registration type.
  if (mobile || rules.mobileNum?.required) {
    entries.mobileNum = ruled('mobileNum', needed(MobileNumber))
  } else if (rules.mobileNum?.enabled) {
    // Optional, but a number given is a mobile number with its country.
    const given = v.pipe(
      v.string(),
      v.trim(),
      v.check((number) => number === '' || mobilePattern.test(number), 'auth_err_mobile'),
    )
    entries.mobileNum = ruled('mobileNum', v.optional(given))
  }
  if (smsCodeApplies(ctx) && !ctx.phoneToken) entries.verificationCode = needed(SmsCode)
  return v.pipe(confirming(v.object(entries), 'password', 'confirmPassword'), withCountry() as never) as never
}
