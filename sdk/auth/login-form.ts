/**
 * The login form as a store (SPEC §2, §4): username or mobile number and password (captcha when asked,
 * the second-step code when asked, remember-me for the username) or mobile and SMS code, plus the social sign-in, free play and the
 * withdrawal-only session a break leaves open. The view binds the fields and renders.
 * @module
 */
import { atom } from 'nanostores'
import * as v from 'valibot'
import type { ApiError } from '../client/errors.ts'
import { PasswordLoginRequest, PhoneLoginRequest, SmsLoginRequest } from '../contract/account-requests.ts'
import { required, type FieldErrors } from '../validation/index.ts'
import {
  $loginCaptchaNeeded,
  canWithdrawAfterRefusal,
  confirmTermsAndSignIn,
  freePlay,
  isTermsRefusal,
  loginWithPassword,
  loginWithPhonePassword,
  loginWithProvider,
  loginWithSms,
  withdrawAfterRefusal,
  type LoginOptions,
} from './login.ts'
import { createAuthForm, hintsOf, isBreakRefusal, secondStepOf, type SecondStep } from './refusal.ts'
import { rememberedUser } from './remember.ts'
import { createSmsSender, mobileDigitsErrors, phoneOf, smsStep } from './sms.ts'

/** How the member logs in: username and password, mobile number and password (PHONELOGIN3), mobile number and SMS code. */
export type LoginMethod = 'username' | 'phone' | 'sms'

const start = {
  method: 'username' as LoginMethod,
  username: '',
  password: '',
  captcha: '',
  secondStepCode: '',
  remember: false,
  /** Empty: the picker's initial country (sdk/auth/settings `initialCountry`). */
  countryDialingCode: '',
  mobileNum: '',
  verificationCode: '',
  /** The age and terms box a first social sign-in asks for (starts clear: the player ticks it). */
  termsAccepted: false,
}
/** The login form's values. */
export type LoginValues = typeof start

/** A first social sign-in the platform will not turn into an account until the player confirms the age and the terms. */
export interface TermsAsked {
  provider: 'facebook' | 'google'
  /** The platform's minimum age, which the box names. */
  minimumAge: number
}

/** The login request per method as the form fills it: the contract's, the slider's answer coming after the checks. */
const loginRequests = { username: v.omit(PasswordLoginRequest, ['slider']), phone: v.omit(PhoneLoginRequest, ['slider']), sms: SmsLoginRequest }

/** The request a login form's values make (checked by {@link loginRequests} before anything is sent). */
function loginInput(values: LoginValues, captchaNeeded: boolean) {
  if (values.method === 'sms') {
    const { countryDialingCode } = phoneOf(values)
    return { type: 'sms', mobileNum: values.mobileNum, countryDialingCode, verificationCode: values.verificationCode }
  }
  const { username, password, captcha, secondStepCode } = values
  const checks = { password, ...(captchaNeeded ? { captcha } : {}), ...(secondStepCode ? { secondStepCode } : {}) }
  if (values.method === 'phone') return { type: 'phone', mobileNum: values.mobileNum, countryDialingCode: phoneOf(values).countryDialingCode, ...checks }
  return { type: 'username', username, ...checks }
}

/**
 * What the login request cannot say: a captcha is due only when the platform asked for one (its refusal
 * says so per attempt), and a number has the digits of its country.
 */
function loginErrors(values: LoginValues): FieldErrors {
  if (values.method === 'sms') return mobileDigitsErrors(phoneOf(values))
  const number = values.method === 'phone' ? mobileDigitsErrors(phoneOf(values)) : {}
  return $loginCaptchaNeeded.get() && !values.captcha.trim() ? { ...number, captcha: required } : number
}

/**
 * Creates a login form (one per form on screen). A refusal keeps what the member typed (a break's
 * refusal proved the password right: kept to withdraw) but a password the platform says is wrong and
 * the single-use captcha and second-step code.
 */
export function createLoginForm(options: LoginOptions = {}) {
  const sender = createSmsSender('login')
  /** The second step the platform asked for (a code sent to a registered contact), kept once asked. */
  const $secondStep = atom<SecondStep | null>(null)
  /** A time-out or self-exclusion refused the right credentials: a withdrawal-only session is offered. */
  const $excluded = atom(false)
  /** A first social sign-in waits for the age and terms confirmation (`terms_required`); `null` otherwise. */
  const $termsAsked = atom<TermsAsked | null>(null)
  let withdrawOnly = false

  /** After a social sign-in: asks for the confirmation when the platform refused for want of it; a success drops the question. */
  const socialAnswered = (provider: TermsAsked['provider'], result: { data?: unknown; error?: ApiError } | null) => {
    if (isTermsRefusal(result?.error)) {
      const age = hintsOf(result!.error!).minimumAge
      $termsAsked.set({ provider, minimumAge: typeof age === 'number' ? age : 18 })
    } else if (result?.data) $termsAsked.set(null)
  }

  const refusedWith = (error: ApiError | undefined) => {
    if (!error) return
    const step = secondStepOf(error)
    if (step) $secondStep.set(step)
    $excluded.set(isBreakRefusal(error))
  }

  const form = createAuthForm({
    initial: start,
    schema: (values): v.GenericSchema<unknown, unknown> => loginRequests[values.method],
    input: (values) => loginInput(values, $loginCaptchaNeeded.get()),
    check: loginErrors,
    submit: async (_input, values) => {
      if (values.method === 'sms') {
        const result = await loginWithSms({ ...phoneOf(values), verificationCode: values.verificationCode }, options)
        refusedWith(result.error)
        return result
      }
      const secondStepCode = $secondStep.get() ? values.secondStepCode : undefined
      const opts = withdrawOnly ? { ...options, withdrawOnly } : options
      const result = await (values.method === 'phone'
        ? loginWithPhonePassword({ ...values, ...phoneOf(values), secondStepCode }, opts)
        : loginWithPassword({ ...values, secondStepCode }, opts))
      if (result?.error) {
        if (result.error.code === 'invalid_credentials') form.set('password', '')
        form.set('captcha', '')
        form.set('secondStepCode', '')
        refusedWith(result.error)
      }
      return result
    },
  })

  const withdraw = async () => {
    // An SMS or social login refused for a break reuses its proof; a password login sends the form again (a new slider).
    if (canWithdrawAfterRefusal()) return form.run({ send: withdrawAfterRefusal })
    withdrawOnly = true
    try {
      return await form.submit()
    } finally {
      withdrawOnly = false
    }
  }
  const byProvider = async (provider: 'facebook' | 'google') => {
    // The box, once asked for and ticked, goes with any new sign-in (a fresh proof after an expired one).
    const terms = $termsAsked.get() !== null && form.$state.get().values.termsAccepted
    const result = await form.run({ send: () => loginWithProvider(provider, options, terms) })
    refusedWith(result?.error)
    socialAnswered(provider, result)
    return result
  }
  /**
   * "Continue" under the age and terms box: refused with a message under the box until it is ticked,
   * then the same sign-in completes, reusing the provider's proof when it is still good, else asking
   * the provider again (call it from the click itself so the popup is allowed).
   */
  const confirmTerms = async () => {
    const asked = $termsAsked.get()
    if (!asked) return null
    const result = await form.run({
      check: (values): FieldErrors => (values.termsAccepted ? {} : { termsAccepted: { key: 'auth_terms_required' } }),
      send: () => confirmTermsAndSignIn(asked.provider, options),
    })
    refusedWith(result?.error)
    socialAnswered(asked.provider, result)
    return result
  }

  return Object.assign(form, {
    sender,
    $secondStep,
    $excluded,
    $termsAsked,
    /** Fills the remembered username (after hydration: the server-rendered form cannot know the cookie). */
    recall() {
      const last = options.agentPage ? undefined : rememberedUser()
      if (!last) return
      if (!form.$state.get().values.username) form.set('username', last)
      form.set('remember', true)
    },
    /** Switches between the username, mobile-and-password and SMS logins; what the last attempt said goes. */
    choose(method: LoginMethod) {
      form.set('method', method)
      form.clear()
    },
    /** Logs in with the same credentials (or the same SMS code or sign-in) into a withdrawal-only session. */
    withdraw,
    /** Whether {@link withdraw} reuses an SMS or social login's proof (it is offered beside any login method then). */
    reusesProof: canWithdrawAfterRefusal,
    /** The get-code button: checks the number, then sends a code to it. */
    sendCode: () => form.run(smsStep(sender, phoneOf)),
    /** Signs in with Facebook or Google; call it from the click itself so the browser allows the popup. */
    byProvider,
    confirmTerms,
    /** Free play: a trial account (FREEPLAY3). */
    freePlay: () => form.run({ send: freePlay }),
  })
}

/** A login form store. */
export type LoginForm = ReturnType<typeof createLoginForm>
