import * as v from 'valibot'
import { required, text } from './common.ts'

/*
 * The account forms' request bodies (the registration's fields, password change and resets): the forms check
 * their values with them before sending and the platform checks the requests with them. A module of
 * their own, so the chunk every page loads first (which takes ./member.ts) does not carry them.
 */

const field = (max = 255) => v.optional(text(max))

/** The registration fields' rules, by field (the request in ./requests.ts adds what the flow sends). */
export const registerFieldEntries = {
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
}

/** The registration's fields as the member fills them in (SPEC §3); which are required comes from the register rules. */
export const RegisterFields = v.object(registerFieldEntries)

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
