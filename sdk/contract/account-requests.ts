import * as v from 'valibot'
import { Confirmation, MobileNumber, NewPassword, SmsCode, confirming, filled } from './account-fields.ts'
import { text } from './common.ts'

/*
 * The password forms' request bodies (change, reset by email, link and phone): the forms check their
 * values with them before sending and the platform checks the requests with them. A module of their
 * own, so the chunk every page loads first (which takes ./member.ts) does not carry them. The
 * registration's body is in ./requests.ts (it carries the slider's answer, which no page loads first).
 * The platform's password rule from its settings is checked on top by the platform (a refusal the form
 * shows under the field).
 */

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
  email: v.pipe(filled(255), v.email('auth_err_email')),
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
