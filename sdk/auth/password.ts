import { roomApi } from '../runtime/index.ts'
import { outcome } from '../client/outcome.ts'
import * as core from '../contract/routes/core/sign-in.ts'
import { ChangePasswordRequest, EmailResetRequest, PhoneResetRequest } from '../contract/account-requests.ts'
import type { ApiCode, LoginValue, RequestOf } from '../contract/index.ts'
import { $flags, $member, loadMember, passwordChanged, refreshBalance, signIn } from '../stores/index.ts'
import { showDialog, withLoader } from '../ui/index.ts'
import { required, type FieldErrors } from '../validation/index.ts'
import { markAfterLogin } from './after.ts'
import { $changePasswordMode, changeDestination, closeAuth, forgetPassword, knownOldPassword } from './modal.ts'
import { navigate } from './navigate.ts'
import { createAuthForm, refused, type Outcome } from './refusal.ts'
import { createSmsSender, mobileDigitsErrors, phoneOf, smsStep } from './sms.ts'
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
export const needsOldPassword = (hasPassword: boolean | undefined = $member.get().data?.hasPassword): boolean => knownOldPassword() === undefined && hasPassword !== false

/**
 * What `ChangePasswordRequest` cannot say: whether the current password is asked for depends on the
 * member (see {@link needsOldPassword}); the platform decides the same from the account.
 */
export function oldPasswordErrors(form: Pick<ChangePasswordForm, 'oldPassword'>, askOld: boolean): FieldErrors {
  return askOld && !form.oldPassword ? { oldPassword: required } : {}
}

/** Changes the password with a checked request (SPEC §4): success reloads login info, closes the popup and goes home. */
export async function changePassword(input: RequestOf<'changePassword'>): Promise<Outcome<unknown>> {
  const result = await outcome(() => withLoader(() => authApi('changePassword', input)))
  if (result.error) return result
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
  return result
}

/**
 * The change-password form (voluntary or forced): the current password unless already known, the new
 * one twice, checked by the contract's `ChangePasswordRequest`. A refusal keeps what was typed;
 * only a current password the platform says is wrong goes.
 */
export function createChangePasswordForm() {
  const form = createAuthForm({
    initial: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    schema: ChangePasswordRequest,
    input: ({ oldPassword, ...values }) => {
      const old = needsOldPassword() ? oldPassword : knownOldPassword()
      return { ...(old ? { oldPassword: old } : {}), ...values }
    },
    check: (values) => oldPasswordErrors(values, needsOldPassword()),
    submit: async (input) => {
      const result = await changePassword(input)
      if (result.error?.code === 'password_incorrect' || result.error?.fields?.oldPassword) form.set('oldPassword', '')
      return result
    },
  })
  return form
}

/** Forgot-password methods offered (SPEC §2): mobile (default) and email with PHONEVERIFY3, else email. */
export const forgotMethods = (flags: { PHONEVERIFY3: boolean } = $flags.get()): Array<'mobile' | 'email'> => (flags.PHONEVERIFY3 ? ['mobile', 'email'] : ['email'])

/**
 * Forgot by email: the platform mails a single-use reset link (the same answer whether or not the pair
 * matches). In the popup (`dialog`) a confirmation shows and the popup closes; the page shows its own
 * "check your email" state from the result (the address it went to), the values kept for another try.
 */
export function createForgotEmailForm(opts: { dialog: boolean }) {
  return createAuthForm({
    initial: { username: '', email: '' },
    schema: EmailResetRequest,
    submit: async (input) => {
      const result = await outcome(() => withLoader(() => authApi('forgotEmail', input)))
      if (result.error) return result
      if (opts.dialog) {
        closeAuth()
        void showDialog({ icon: 'success', messageKey: 'in_been_out', buttons: [{ labelKey: 'ok', value: 'ok', primary: true }] })
      }
      return { data: { email: input.email } }
    },
    keep: ['username', 'email'],
  })
}

/** The refusal after a reset whose automatic login did not happen: the password is changed, log in by hand. */
const resetDone = (code: ApiCode = 'unauthorized') => refused(code, 'auth_reset_done_login')

/**
 * Forgot by phone (SPEC §4): resets with the checked SMS code, then logs in with the new password (a
 * slider check first, as every password login) and goes home.
 */
export async function resetByPhone(input: RequestOf<'resetByPhone'>): Promise<Outcome<LoginValue>> {
  const reset = await outcome(() => withLoader(() => authApi('resetByPhone', input)))
  if (reset.error) return reset
  // A platform that does not name the account: members registered by mobile use the number.
  const username = reset.data.userName || input.mobileNum
  const slider = await verifySlider()
  if (!slider) return resetDone()
  const login = await outcome(() => withLoader(() => api('login', { type: 'username', username, password: input.newPassword, slider })))
  if (login.error) return resetDone(login.error.code)
  await signIn(login.data)
  markAfterLogin(login.data.firstTimeLogin)
  closeAuth()
  navigate(pages.home)
  return login
}

/** The forgot-by-phone form: number, code (with its get-code button) and new password. A refusal of the reset clears the new password. */
export function createPhoneResetForm() {
  const sender = createSmsSender('login')
  const form = createAuthForm({
    initial: { countryDialingCode: '', mobileNum: '', verificationCode: '', newPassword: '' },
    schema: PhoneResetRequest,
    input: (values) => ({ ...values, ...phoneOf(values) }),
    check: (values) => mobileDigitsErrors(phoneOf(values)),
    submit: async (input) => {
      const result = await resetByPhone(input)
      if (result.error && result.error.messageKey !== 'auth_reset_done_login') form.set('newPassword', '')
      return result
    },
  })
  return Object.assign(form, {
    sender,
    sendCode: () => form.run(smsStep(sender, phoneOf)),
  })
}
