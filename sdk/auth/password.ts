import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/sign-in.ts'
import { $flags, loadMember, passwordChanged, refreshBalance, signIn } from '../stores/index.ts'
import { showDialog, withLoader } from '../ui/index.ts'
import { checkConfirm, checkMobile, checkPassword, checkSmsCode, hasErrors, required, type FieldErrors } from '../validation/index.ts'
import { markAfterLogin } from './after.ts'
import { $changePasswordMode, changeDestination, closeAuth, forgetPassword, knownOldPassword } from './modal.ts'
import { navigate } from './navigate.ts'
import { cancelled, failure, invalid, type AuthOutcome } from './outcome.ts'
import { verifySlider } from './slider.ts'
import { authApi } from './api.ts'
import { pages } from '../pages/index.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/sign-in.ts).
const api = roomApi({ login: core.login })

/** Change-password form values. */
export interface ChangePasswordForm {
  oldPassword?: string
  newPassword: string
  confirmNewPassword: string
}

/**
 * Whether the change-password form asks for the current password (SPEC §2: only when it is not already
 * known — a forced change right after login knows it; an account without a password has none).
 */
export const needsOldPassword = (hasPassword: boolean | undefined): boolean => knownOldPassword() === undefined && hasPassword !== false

/** Validates a new password and its confirmation (SPEC §5), plus the current one when asked. */
export function validateChange(form: ChangePasswordForm, askOld: boolean): FieldErrors {
  const errors: FieldErrors = {}
  if (askOld && !form.oldPassword) errors.oldPassword = required
  const pw = checkPassword(form.newPassword)
  const confirm = checkConfirm(form.newPassword, form.confirmNewPassword)
  if (pw) errors.newPassword = pw
  if (confirm) errors.confirmNewPassword = confirm
  return errors
}

/** Changes the password (SPEC §4): success reloads login info, closes the popup and goes home. */
export async function changePassword(form: ChangePasswordForm, hasPassword: boolean | undefined): Promise<AuthOutcome> {
  const askOld = needsOldPassword(hasPassword)
  const errors = validateChange(form, askOld)
  if (hasErrors(errors)) return invalid(errors)
  const oldPassword = askOld ? form.oldPassword : knownOldPassword()
  try {
    await withLoader(() => authApi('changePassword', { ...(oldPassword ? { oldPassword } : {}), newPassword: form.newPassword, confirmNewPassword: form.confirmNewPassword }))
    forgetPassword()
    const forced = $changePasswordMode.get() === 'forced'
    const next = changeDestination()
    $changePasswordMode.set('voluntary')
    passwordChanged()
    // After a reload in a forced change the member and balance were refused: ask again.
    await Promise.all([loadMember(), refreshBalance()])
    if (forced) markAfterLogin(false)
    closeAuth()
    navigate(next)
    return { ok: true }
  } catch (error) {
    return failure(error)
  }
}

/** Forgot-password methods offered (SPEC §2): mobile (default) and email with PHONEVERIFY3, else email. */
export const forgotMethods = (flags: { PHONEVERIFY3: boolean } = $flags.get()): Array<'mobile' | 'email'> => (flags.PHONEVERIFY3 ? ['mobile', 'email'] : ['email'])

/**
 * Forgot by email: the platform mails a single-use reset link (the same answer whether or not the pair
 * matches). In the popup a confirmation shows and the popup closes; the page shows its own
 * "check your email" state instead (`dialog: false`).
 */
export async function forgotByEmail(form: { username: string; email: string }, opts: { dialog?: boolean } = {}): Promise<AuthOutcome> {
  const errors: FieldErrors = {}
  if (!form.username.trim()) errors.username = required
  if (!form.email.trim()) errors.email = required
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(form.email.trim())) errors.email = { key: 'auth_err_email' }
  if (hasErrors(errors)) return invalid(errors)
  try {
    await withLoader(() => authApi('forgotEmail', { username: form.username.trim(), email: form.email.trim() }))
    if (opts.dialog === false) return { ok: true }
    closeAuth()
    void showDialog({ icon: 'success', messageKey: 'in_been_out', buttons: [{ labelKey: 'ok', value: 'ok', primary: true }] })
    return { ok: true }
  } catch (error) {
    return failure(error)
  }
}

/** Forgot-by-phone form values. */
export interface PhoneResetForm {
  mobileNum: string
  countryDialingCode: string
  mobileDigits?: number
  verificationCode: string
  newPassword: string
}

/**
 * Forgot by phone (SPEC §4): resets with the SMS code, then logs in with the new password (a slider
 * check first, as every password login) and goes home.
 */
export async function resetByPhone(form: PhoneResetForm): Promise<AuthOutcome> {
  const errors: FieldErrors = {}
  const mobile = checkMobile(form.mobileNum, form.mobileDigits)
  const code = checkSmsCode(form.verificationCode)
  const pw = checkPassword(form.newPassword)
  if (mobile) errors.mobileNum = mobile
  if (code) errors.verificationCode = code
  if (pw) errors.newPassword = pw
  if (hasErrors(errors)) return invalid(errors)
  const mobileNum = form.mobileNum.trim()
  let userName: string
  try {
    const reply = await withLoader(() =>
      authApi('resetByPhone', { mobileNum, countryDialingCode: form.countryDialingCode, verificationCode: form.verificationCode.trim(), newPassword: form.newPassword }),
    )
    // A platform that does not name the account: members registered by mobile use the number.
    userName = reply.userName || mobileNum
  } catch (error) {
    return failure(error)
  }
  const slider = await verifySlider()
  if (!slider) return { ...cancelled(), messageKey: 'auth_reset_done_login' }
  try {
    const value = await withLoader(() => api('login', { type: 'username', username: userName, password: form.newPassword, slider }))
    await signIn(value)
    markAfterLogin(value.firstTimeLogin)
    closeAuth()
    navigate(pages.home)
    return { ok: true }
  } catch {
    // The password is changed; only the automatic login failed. The user logs in by hand.
    return { ok: false, fields: {}, messageKey: 'auth_reset_done_login' }
  }
}
