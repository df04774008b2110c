import * as v from 'valibot'
import { SliderAnswer, int, required, text } from './common.ts'

/** Member info (SPEC §3). `type` 4 is a trial account. */
export const MemberInfoSchema = v.object({
  id: text(64),
  account: text(64),
  nickname: text(64),
  type: int(0, 99),
  isAgent: int(0, 99),
  customerId: text(64),
  toUpline: v.boolean(),
  clubLabel: v.object({ labelName: text(64), rankLevel: int(0, 99) }),
  memberLabel: v.array(text(64)),
  mobileNum: text(32),
  email: text(255),
  /** False for accounts created by third-party sign-in that never set a password. */
  hasPassword: v.boolean(),
})
export type MemberInfo = v.InferOutput<typeof MemberInfoSchema>

/** Member public state shown in the header (SPEC §3 "public state"). */
export const InfoIconSchema = v.object({
  unreadMessage: int(0),
  availablePromoCount: int(0),
  hasVip: v.boolean(),
  vipRankLevel: int(0, 99),
  availablePromo: v.object({ REFERRAL: v.object({ enabled: v.boolean() }) }),
})

const field = (max = 255) => v.optional(text(max))

/** Registration payload (SPEC §3). Which fields are required comes from the register rules. */
export const RegisterRequest = v.object({
  username: field(64),
  password: field(128),
  confirmPassword: field(128),
  payeeName: field(128),
  email: field(255),
  qqNum: field(32),
  mobileNum: field(20),
  countryDialingCode: field(6),
  recommenderId: field(64),
  captcha: field(16),
  captchaId: field(64),
  verificationCode: field(255),
  affiliateCode: field(64),
  paymentPassword: field(128),
  line: field(64),
  whatsapp: field(64),
  facebook: field(128),
  wechat: field(64),
  idNumber: field(64),
  referralCode: field(64),
  nickname: field(64),
  telegram: field(64),
  zalo: field(64),
  birthday: field(10),
  address: field(255),
  nationality: field(64),
  occupation: field(64),
  sourceOfIncome: field(64),
  placeOfBirth: field(128),
  domain: field(255),
  registerUrl: field(2000),
  registerMethod: v.literal('WEB'),
  login: v.literal(true),
  /**
   * The player ticked "I am {minimumAge} or older and accept the terms" (SPEC §5). The platform refuses
   * a registration without it: with the birthday optional (SPEC §3 names it only as a label), it is the
   * age check a blank birthday leaves (issue 26).
   */
  termsAccepted: v.optional(v.literal(true)),
  slider: SliderAnswer,
  firebaseChannel: v.optional(v.literal('sms')),
  firebaseIdToken: field(4000),
})
export type RegisterRequest = v.InferInput<typeof RegisterRequest>

export const ChangePasswordRequest = v.object({
  oldPassword: v.optional(text(128)),
  newPassword: required(128),
  confirmNewPassword: required(128),
})

/** Forgot password by email (form-encoded). */
export const EmailResetRequest = v.object({ username: required(64), email: required(255) })

/** A new password set through an emailed reset link: the link's token, the password and its confirmation. */
export const LinkResetRequest = v.object({
  token: required(128),
  newPassword: required(128),
  confirmNewPassword: required(128),
})

export const PhoneResetRequest = v.object({
  newPassword: required(128),
  mobileNum: required(20),
  countryDialingCode: required(6),
  verificationCode: required(6),
})

/**
 * Reply of a reset by phone: the account name of the number, so the client can log in with the new
 * password at once (SPEC §4). Optional: a platform that does not say is logged into by the number.
 */
export const PhoneResetValue = v.object({ userName: v.optional(text(64)) })

/** Affiliate (invitation) code check. */
export const AffiliateQuery = v.object({ code: required(64), domain: v.optional(text(255)) })
/** Whether an invitation code is valid; `agent` stays empty (the check never names the agent). */
export const AffiliateValue = v.object({ valid: v.boolean(), agent: text(64) })

/** Consolidated config (SPEC §3) plus the member's fund summary. */
export const ConsolidatedSchema = v.object({
  dailysalreqtype: int(0, 9),
  divtypereq: int(0, 9),
  contracthoursalreqtype: int(0, 9),
  contracthoursalreq: int(0, 9),
  realtimesalreqtype: int(0, 9),
  contractmrdailysalinfotype: int(0, 9),
  contracthoursalinfo: int(0, 9),
  dailysalinfotype: int(0, 9),
  realtimesalinfotype: int(0, 9),
  divtypeinfo: int(0, 9),
})

/** The consolidated config with every salary and dividend kind off: what a platform without the setting answers. */
export const consolidatedOff: v.InferOutput<typeof ConsolidatedSchema> = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreqtype: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  contractmrdailysalinfotype: 0,
  contracthoursalinfo: 0,
  dailysalinfotype: 0,
  realtimesalinfotype: 0,
  divtypeinfo: 0,
}

export const RaffleClaimRequest = v.object({ promotionId: required(64) })
