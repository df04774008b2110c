import * as v from 'valibot'
import { int, text } from './common.ts'

/*
 * The registration rules, countries, captcha and slider challenges: what only the sign-in and
 * registration forms read. Out of ./system.ts, whose status schema every page's first load carries:
 * in that module they went into the same chunk.
 */

/** Registration fields of SPEC §3 whose rules the server sends. */
export const registerFields = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
  'nickname',
  'telegram',
  'zalo',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
] as const
export type RegisterField = (typeof registerFields)[number]

/** Per-field rule: `acceptedPattern` is a JS regular expression source, or `*` for anything. */
export const RegisterRuleSchema = v.object({
  field: v.picklist(registerFields),
  enabled: v.boolean(),
  required: v.boolean(),
  acceptedPattern: text(500),
  patternId: int(0, 999),
  minLength: int(0, 255),
  maxLength: int(0, 255),
})
export type RegisterRule = v.InferOutput<typeof RegisterRuleSchema>

export const CountrySchema = v.object({
  countryCode: text(2),
  countryDialingCode: text(6),
  name: text(64),
  /** Digits a mobile number has in this country (`{0}` of "phone number must have {0} digits"). */
  mobileDigits: int(4, 15),
})
export type Country = v.InferOutput<typeof CountrySchema>

export const CaptchaSchema = v.object({
  captchaId: text(64),
  /** PNG image, base64 (no data: prefix). */
  image: text(200_000),
})

/**
 * Slide-to-verify challenge: a picture of the track with the gap to drag the piece into. The target
 * and the tolerance stay on the server, which checks the submitted position.
 */
export const SliderChallengeSchema = v.object({
  challengeId: text(64),
  /** PNG image of the track, base64 (no data: prefix). */
  image: text(200_000),
})
