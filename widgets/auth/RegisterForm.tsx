import { useEffect, useMemo, useState, type FormEvent } from 'react'
import {
  $addressAffiliate,
  $registerRules,
  $ruleSet,
  checkAddressAffiliate,
  createCaptcha,
  createSmsSender,
  loadRegisterRules,
  register,
  registerKinds,
  type RegisterKind,
} from '../../sdk/auth/index.ts'
import { registerFields, type RegisterField } from '../../sdk/contract/index.ts'
import { $flags } from '../../sdk/stores/index.ts'
import { ErrorState, Skeleton, useClientStore, useMounted, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { Captcha } from './Captcha.tsx'
import { CountryPicker, useCountry } from './CountryPicker.tsx'
import { FormMessage, noProblem, problemOf, useFieldError, type FormProblem } from './errors.tsx'
import { PasswordField } from './PasswordField.tsx'
import { SliderGate } from './SlideVerify.tsx'
import { SmsCodeField } from './SmsCodeField.tsx'
import './auth.css'
import { noFlags, idle, noRules } from './initial.ts'
import { pageHref, pages } from '../../sdk/shell/pages.ts'

/** Props of {@link RegisterForm}. */
export interface RegisterFormProps {
  popup?: boolean
  /** `referralCode` from the address. */
  referralCode?: string
  /** Affiliate code from the address (`?affiliateCode=` or `?code=`); checked at load. */
  affiliateCode?: string
}

/** Fields the form lays out itself; every other enabled rule becomes a plain field after them. */
const laidOut = new Set<RegisterField>(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'captcha', 'affiliateCode', 'paymentPassword'])
const inputTypes: Partial<Record<RegisterField, string>> = { email: 'email', birthday: 'text' }
const autoCompletes: Partial<Record<RegisterField, string>> = { email: 'email', payeeName: 'name', nickname: 'nickname', address: 'street-address', birthday: 'bday' }

/**
 * Registration form (SPEC §2–§5): username or mobile type, the fields the server's rules enable,
 * affiliate code (hidden when the address brought a valid one), captcha, SMS code and terms.
 */
export function RegisterForm({ popup = false, referralCode, affiliateCode }: RegisterFormProps) {
  const t = useT()
  // Until hydrated the fields are inert: anything typed into server HTML would be lost.
  const ready = useMounted()
  const flags = useClientStore($flags, noFlags)
  const rulesState = useClientStore($registerRules, idle)
  const rules = useClientStore($ruleSet, noRules)
  const fromAddress = useClientStore($addressAffiliate, null)
  const kinds = registerKinds(flags)
  // No choice until the user makes one: the default follows the switches once they are known.
  const [kind, setKind] = useState<RegisterKind | null>(null)
  const current = kind && kinds.includes(kind) ? kind : kinds[0]
  const [values, setValues] = useState<Partial<Record<RegisterField, string>>>({})
  const [country, setCountry] = useCountry()
  const [terms, setTerms] = useState(true)
  const [problem, setProblem] = useState<FormProblem>(noProblem)
  const [busy, setBusy] = useState(false)
  const captcha = useMemo(() => createCaptcha(), [])
  const sender = useMemo(() => createSmsSender('register'), [])
  const fieldError = useFieldError(problem)

  useEffect(() => {
    void checkAddressAffiliate(affiliateCode)
  }, [affiliateCode])

  const set = (field: RegisterField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }))
  const field = (name: RegisterField, extra: Record<string, unknown> = {}) => ({
    labelKey: `auth_field_${name}`,
    name,
    value: values[name] ?? '',
    onChange: set(name),
    error: fieldError(name),
    required: rules[name]?.required,
    ...extra,
  })

  const switchKind = (next: RegisterKind) => {
    setKind(next)
    setProblem(noProblem)
    // SPEC §4: switching the registration type reloads the captcha.
    if (rules.captcha?.enabled) void captcha.reload()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      const out = await register(
        { kind: current, values, countryDialingCode: country?.countryDialingCode ?? '', mobileDigits: country?.mobileDigits, terms, captchaId: captcha.id(), referralCode },
        rules,
      )
      if (!out.ok) {
        setProblem(problemOf(out))
        if (!out.cancelled && values.captcha) {
          setValues((v) => ({ ...v, captcha: '' }))
          void captcha.reload()
        }
      }
    } finally {
      setBusy(false)
    }
  }

  const sendCode = () => {
    const username = current === 'register' ? (values.username ?? '') : undefined
    void sender.send({ mobileNum: values.mobileNum ?? '', countryDialingCode: country?.countryDialingCode ?? '', mobileDigits: country?.mobileDigits, username }).then((out) => {
      if (!out.ok && !out.ignored) setProblem({ fields: out.fields })
    })
  }

  if (!rulesState.data) {
    return rulesState.error ? <ErrorState messageKey={rulesState.error.messageKey} onRetry={() => void loadRegisterRules()} /> : <Skeleton count={6} height={40} />
  }

  const mobile = current === 'registerMobile'
  const thirdPartyPhone = flags.REGSMS3 && flags.THIRDPARTYSMS3
  const showMobile = mobile || flags.REGSMS3 || rules.mobileNum?.enabled
  const showPasswords = !mobile || flags.MOBILENUMPASSREG3
  const showAffiliate = rules.affiliateCode?.enabled && !fromAddress?.valid
  const extra = registerFields.filter((f) => !laidOut.has(f) && rules[f]?.enabled && !(f === 'referralCode' && referralCode))

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--register" onSubmit={submit} noValidate>
        <fieldset className="lk-auth__fields" disabled={!ready}>
          {!popup && <h1 className="lk-auth__title">{t('auth_register_title')}</h1>}
          {kinds.length > 1 && (
            <div className="lk-tabs" role="radiogroup" aria-label={t('auth_register_type')}>
              {kinds.map((k) => (
                <label key={k} className={k === current ? 'lk-tab is-active' : 'lk-tab'}>
                  <input type="radio" name="registerType" className="lk-visually-hidden" checked={k === current} onChange={() => switchKind(k)} />
                  {t(`auth_register_tab_${k}`)}
                </label>
              ))}
            </div>
          )}
          {!mobile && <Field {...field('username')} autoComplete="username" required />}
          {showMobile && (
            <>
              <CountryPicker value={country?.countryDialingCode} onChange={setCountry} />
              <Field {...field('mobileNum')} type="tel" inputMode="numeric" autoComplete="tel-national" required={mobile || flags.REGSMS3 || rules.mobileNum?.required} />
            </>
          )}
          {flags.REGSMS3 && !thirdPartyPhone && <SmsCodeField sender={sender} onSend={sendCode} {...field('verificationCode')} required />}
          {showPasswords && (
            <>
              <PasswordField {...field('password')} autoComplete="new-password" hintKey="auth_hint_password" required />
              <PasswordField {...field('confirmPassword')} autoComplete="new-password" required />
            </>
          )}
          {rules.paymentPassword?.enabled && <PasswordField {...field('paymentPassword')} autoComplete="off" />}
          {extra.map((f) => (
            <Field key={f} {...field(f)} type={inputTypes[f] ?? 'text'} autoComplete={autoCompletes[f] ?? 'off'} hintKey={f === 'birthday' ? 'auth_hint_birthday' : undefined} />
          ))}
          {showAffiliate && <Field {...field('affiliateCode')} autoComplete="off" />}
          {rules.captcha?.enabled && (
            <div className="lk-auth__captcha">
              <Field {...field('captcha')} autoComplete="off" required />
              <Captcha store={captcha} />
            </div>
          )}
          <label className="lk-check">
            <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
            <span>
              {t('auth_terms_label')} <a href={pageHref.helpTerms()}>{t('auth_terms_link')}</a>
            </span>
          </label>
          <FormMessage problem={problem} />
          <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={busy}>
            {t('auth_register_submit')}
          </button>
          <p className="lk-auth__links">
            <span>{t('auth_have_account')}</span>{' '}
            <AuthLink to="login" popup={popup}>
              {t('auth_login_link')}
            </AuthLink>
            <AuthLink to="forgot" popup={popup}>
              {t('auth_forgot_link')}
            </AuthLink>
            <a href={pages.help} className="lk-auth__link">
              {t('auth_help_link')}
            </a>
          </p>
        </fieldset>
      </form>
    </SliderGate>
  )
}
