import * as v from 'valibot'
import { required, text } from './common.ts'

/*
 * The password forms' request bodies (change, reset by email, link and phone): the forms check their
 * values with them before sending and the platform checks the requests with them. A module of their
 * own, so the chunk every page loads first (which takes ./member.ts) does not carry them. The
 * registration's body is in ./requests.ts (it carries the slider's answer, which no page loads first).
 */

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
