import { atom } from 'nanostores'
import * as v from 'valibot'
import { ApiError } from '../client/errors.ts'
import { outcome } from '../client/outcome.ts'
import { RegisterRequest, registrationCheck, registrationSchema, smsCodeApplies, type RegistrationCheck, type RegistrationRules } from '../contract/account-requests.ts'
import { defaultRegisterPolicy, registerFields, type LoginValue, type RegisterField } from '../contract/index.ts'
import { $flags, signIn } from '../stores/index.ts'
import { takeReturn } from '../stores/return-to.ts'
import { warn, withLoader } from '../ui/index.ts'
import { checkBirthday, describeRule, type FieldErrors } from '../validation/index.ts'
import { markAfterLogin } from './after.ts'
import { createCaptcha } from './captcha.ts'
import { idpRefusal, loginWithProvider } from './login.ts'
import { requestIdToken } from './idp.ts'
import { closeAuth } from './modal.ts'
import { navigate } from './navigate.ts'
import { createAuthForm, type Outcome } from './refusal.ts'
import { $registerPolicy, $ruleSet } from './settings.ts'
import { createSmsSender, mobileDigitsErrors, phoneOf, smsStep } from './sms.ts'
import { verifySlider } from './slider.ts'
import { authApi } from './api.ts'
import { pages } from '../pages/index.ts'
import { askDepositLimit } from '../protect/quiet.ts'

/** Registration type (SPEC §4): by username or by mobile number. */
export type RegisterKind = 'register' | 'registerMobile'

/** Registration types the switches allow, the default first (mobile when MOBILENUMREG3 is on). */
export function registerKinds(flags: { USERNAMEREG3: boolean; MOBILENUMREG3: boolean }): RegisterKind[] {
  const kinds: RegisterKind[] = []
  if (flags.MOBILENUMREG3) kinds.push('registerMobile')
  if (flags.USERNAMEREG3) kinds.push('register')
  return kinds.length ? kinds : ['register']
}

/**
 * The affiliate code that came with the address, once checked: the form hides its field when valid,
 * and says the link is no longer valid when the platform answered that it is not (`unknown` when the
 * check itself failed: a network or rate-limit error says nothing about the code).
 */
export const $addressAffiliate = atom<{ code: string; valid: boolean; unknown?: boolean } | null>(null)

const domain = (): string => (typeof location === 'undefined' ? '' : location.hostname)

/** Checks an affiliate (invitation) code with the platform; `null` when the check failed. */
async function affiliateCheck(code: string): Promise<boolean | null> {
  try {
    return (await authApi('affiliate', { code, domain: domain() })).valid
  } catch {
    return null
  }
}

/**
 * Checks the affiliate code the page address carried (SPEC §4: at load; the field is hidden when
 * valid, shown when invalid or absent).
 */
export async function checkAddressAffiliate(code: string | null | undefined): Promise<void> {
  const trimmed = code?.trim()
  if (!trimmed) return $addressAffiliate.set(null)
  const valid = await affiliateCheck(trimmed)
  $addressAffiliate.set(valid === null ? { code: trimmed, valid: false, unknown: true } : { code: trimmed, valid })
}

/** Options of {@link createRegisterForm}. */
export interface RegisterFormOptions {
  /** `referralCode` from the address. */
  referralCode?: string
}

const start = {
  ...(Object.fromEntries(registerFields.map((field) => [field, ''])) as Record<RegisterField, string>),
  /** `null` until the member picks one: the default follows the switches ({@link registerKinds}). */
  kind: null as RegisterKind | null,
  /** Empty: the picker's initial country. */
  countryDialingCode: '',
  /** `null` until the member touches the box: the platform's default (SPEC §5: ticked; an operator may turn that off). */
  terms: null as boolean | null,
}
/** The registration form's values. */
export type RegisterValues = typeof start

/** The registration type the values ask for: the member's pick when the switches allow it, else the default. */
export function registerKindOf(values: Pick<RegisterValues, 'kind'>, flags = $flags.get()): RegisterKind {
  const kinds = registerKinds(flags)
  return values.kind && kinds.includes(values.kind) ? values.kind : kinds[0]
}

/** Whether the terms box is ticked: as touched, else as the platform's policy says. */
export const termsTicked = (values: Pick<RegisterValues, 'terms'>): boolean => values.terms ?? ($registerPolicy.get().data ?? defaultRegisterPolicy).termsDefault

/** The affiliate code the address brought, when the platform accepted it (its field is then hidden). */
const addressCode = (): string | undefined => {
  const fromAddress = $addressAffiliate.get()
  return fromAddress?.valid ? fromAddress.code : undefined
}

/** The registration request as the form fills it: the contract's, the slider's answer coming after the checks. */
const RegisterFormRequest = v.omit(RegisterRequest, ['slider'])
type RegisterInput = v.InferOutput<typeof RegisterFormRequest>

/** The switches and field rules the registration is checked under, as the platform checks it. */
function registrationRules(values: Pick<RegisterValues, 'kind'>): RegistrationRules {
  const flags = $flags.get()
  return {
    rules: $ruleSet.get(),
    kind: registerKindOf(values, flags),
    mobilePassword: flags.MOBILENUMPASSREG3,
    smsCode: flags.REGSMS3,
    // The third-party phone sign-in proves the number instead of a code (asked for after the checks).
    phoneToken: flags.THIRDPARTYSMS3,
  }
}

/**
 * What the registration the values make asks, by the platform's rules (sdk/contract): whether its
 * mobile number is proven by an SMS code, and its one human check (none beside the code's).
 */
export function registrationAsks(values: Pick<RegisterValues, 'kind'>): { smsCode: boolean; check: RegistrationCheck } {
  const rules = registrationRules(values)
  return { smsCode: smsCodeApplies(rules), check: registrationCheck(rules) }
}

const secrets: ReadonlySet<string> = new Set(['password', 'confirmPassword', 'paymentPassword'])

/** The request the values make, short of what the steps after the checks add (the slider, the phone's proof). */
function registrationInput(values: RegisterValues, captchaId: string | undefined, options: RegisterFormOptions) {
  const flags = $flags.get()
  const mobile = registerKindOf(values, flags) === 'registerMobile'
  const typed = Object.fromEntries(registerFields.map((k) => [k, secrets.has(k) ? values[k] : values[k].trim()] as const).filter(([, v]) => v)) as Partial<
    Record<RegisterField, string>
  >
  return {
    ...typed,
    ...(mobile ? { username: typed.mobileNum } : {}),
    ...(mobile && !flags.MOBILENUMPASSREG3 ? { password: undefined, confirmPassword: undefined } : {}),
    countryDialingCode: phoneOf(values).countryDialingCode,
    captchaId: registrationAsks(values).check === 'captcha' ? captchaId : undefined,
    affiliateCode: addressCode() ?? typed.affiliateCode,
    referralCode: options.referralCode || typed.referralCode,
    domain: domain(),
    registerUrl: typeof location === 'undefined' ? undefined : location.href.slice(0, 2000),
    registerMethod: 'WEB' as const,
    login: true as const,
    // The form checked the box first (termsTicked): the player confirmed the minimum age and the terms.
    termsAccepted: true as const,
  }
}

/** What the request cannot say: the digits of the chosen country, and the platform's minimum age (both named by their message). */
function registrationErrors(values: RegisterValues): FieldErrors {
  const errors = mobileDigitsErrors(phoneOf(values))
  const minimumAge = $registerPolicy.get().data?.minimumAge
  const age = $ruleSet.get().birthday?.enabled && minimumAge !== undefined ? checkBirthday(values.birthday, minimumAge) : null
  return age ? { ...errors, birthday: age } : errors
}

/**
 * Registers a checked request (SPEC §4, in this order): affiliate check → bot check (slider) → phone-code
 * check (SMS on with third-party phone auth) → register call → member info → close → home.
 * `null`: the slider was closed.
 */
async function register(input: RegisterInput, values: RegisterValues): Promise<Outcome<LoginValue> | null> {
  const flags = $flags.get()
  const { affiliateCode } = input
  // Only a code the platform accepted goes on: a failed check (network, rate limit) refuses as well.
  if (affiliateCode && (await withLoader(() => affiliateCheck(affiliateCode))) !== true) {
    void warn('invitation_code_error')
    return { error: new ApiError('invitation_code_error', { fields: { affiliateCode: 'invitation_code_error' }, messageKey: 'invitation_code_error' }) }
  }

  // The one human check the rules pick: the slider here, or the captcha the form carries, or none
  // when the SMS code (whose send passed the slider) proves the phone.
  let slider: RegisterRequest['slider']
  if (registrationAsks(values).check === 'slider') {
    slider = (await verifySlider()) ?? undefined
    if (!slider) return null
  }

  let firebaseIdToken: string | undefined
  if (registrationAsks(values).smsCode && flags.THIRDPARTYSMS3) {
    const phone = await requestIdToken('phone', { dial: input.countryDialingCode ?? '', mobile: values.mobileNum.trim() })
    if ('error' in phone) return idpRefusal(phone.error)
    firebaseIdToken = phone.idToken
  }

  const mobile = registerKindOf(values, flags) === 'registerMobile'
  const request: RegisterRequest = { ...input, ...(slider ? { slider } : {}), ...(firebaseIdToken ? { firebaseChannel: 'sms' as const, firebaseIdToken } : {}) }
  const result = await outcome(() => withLoader(() => authApi(mobile ? 'registerMobile' : 'register', request)))
  if (result.error) return result
  await signIn(result.data)
  // Issue 30: a new account is asked to set a deposit limit (or to skip it) on the next page.
  askDepositLimit()
  markAfterLogin(result.data.firstTimeLogin)
  closeAuth()
  navigate(takeReturn(pages.home))
  return result
}

/**
 * Creates a registration form (SPEC §2–§5): the terms first (a warning when not ticked), then the
 * fields by the fixed and the server's rules, then {@link register}'s steps. A refusal keeps what was
 * typed but the single-use captcha, which reloads.
 */
export function createRegisterForm(options: RegisterFormOptions = {}) {
  const captcha = createCaptcha()
  const sender = createSmsSender('register')
  const form = createAuthForm({
    initial: start,
    schema: (values) => registrationSchema(registrationRules(values), RegisterFormRequest),
    input: (values) => registrationInput(values, captcha.id(), options),
    check: registrationErrors,
    describe: describeRule(() => $ruleSet.get()),
    submit: async (input, values) => {
      const result = await register(input, values)
      if (result?.error && values.captcha && registrationAsks(values).check === 'captcha') {
        form.set('captcha', '')
        void captcha.reload()
      }
      return result
    },
  })
  const submit = form.submit
  const target = (values: RegisterValues) => ({ ...phoneOf(values), username: registerKindOf(values) === 'register' ? values.username : undefined })
  return Object.assign(form, {
    captcha,
    sender,
    async submit(changes?: Partial<RegisterValues>) {
      if (termsTicked({ ...form.$state.get().values, ...changes })) return submit(changes)
      // The warning dialog says it; the form has nothing more to show.
      form.clear()
      void warn('auth_terms_required')
      return null
    },
    /** Switches the registration type; SPEC §4: the captcha reloads. */
    choose(kind: RegisterKind) {
      form.set('kind', kind)
      form.clear()
      if (registrationAsks({ kind }).check === 'captcha') void captcha.reload()
    },
    /** The get-code button: checks the number (and the username of a username registration), then the slider and the send. */
    sendCode: () => form.run(smsStep(sender, target)),
    /**
     * Signs up (or in) with Facebook or Google: the ticked terms box is the age and terms confirmation a
     * new account needs, as the form's own submit; call it from the click itself so the popup is allowed.
     */
    async byProvider(provider: 'facebook' | 'google') {
      if (!termsTicked(form.$state.get().values)) {
        form.clear()
        void warn('auth_terms_required')
        return null
      }
      return form.run({ send: () => loginWithProvider(provider, {}, true) })
    },
  })
}

/** A registration form store. */
export type RegisterForm = ReturnType<typeof createRegisterForm>
