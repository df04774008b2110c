import { useEffect, useState } from 'react'
import {
  $addressAffiliate,
  $registerPolicy,
  $registerRules,
  $ruleSet,
  checkAddressAffiliate,
  createRegisterForm,
  registerKindOf,
  loadRegisterPolicy,
  loadRegisterRules,
  registerKinds,
  registrationAsks,
  termsTicked,
} from '../../sdk/auth/index.ts'
import { defaultRegisterPolicy, registerFields, type RegisterField } from '../../sdk/contract/index.ts'
import { $flags } from '../../sdk/stores/index.ts'
import { ErrorState, Skeleton, useClientStore, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLinks } from './AuthLink.tsx'
import { Captcha } from './Captcha.tsx'
import { CountryPicker } from './CountryPicker.tsx'
import { FormMessage, SubmitButton, useAuthForm } from './form.tsx'
import { PasswordField } from './PasswordField.tsx'
import { SliderGate } from './SlideVerify.tsx'
import { SmsCodeField } from './SmsCodeField.tsx'
import { SocialButtons } from './SocialButtons.tsx'
import './auth.css'
import { noFlags, idle, noRules } from './initial.ts'
import { pageHref, pages } from '../../sdk/pages/index.ts'

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
  const { form, state, field: bind, message, onSubmit, ready } = useAuthForm(() => createRegisterForm({ referralCode }))
  const flags = useClientStore($flags, noFlags)
  const rulesState = useClientStore($registerRules, idle)
  const rules = useClientStore($ruleSet, noRules)
  const fromAddress = useClientStore($addressAffiliate, null)
  const policyState = useClientStore($registerPolicy, idle)
  const policy = policyState.data ?? defaultRegisterPolicy
  const kinds = registerKinds(flags)
  const current = registerKindOf(state.values, flags)
  // What the platform's rules ask of this registration: the SMS code, and its one human check.
  const asks = registrationAsks(state.values)
  // The fields the rules offer but do not ask for wait behind "More about you (optional)".
  const [more, setMore] = useState(false)

  useEffect(() => {
    void checkAddressAffiliate(affiliateCode)
  }, [affiliateCode])

  const field = (name: RegisterField) => ({ ...bind(name), required: rules[name]?.required })

  if (!rulesState.data || !policyState.data) {
    const error = rulesState.error ?? policyState.error
    const retry = () => void Promise.all([loadRegisterRules(), loadRegisterPolicy()])
    return error ? <ErrorState messageKey={error.messageKey} onRetry={retry} /> : <Skeleton count={6} height={40} />
  }

  const mobile = current === 'registerMobile'
  const thirdPartyPhone = asks.smsCode && flags.THIRDPARTYSMS3
  const showMobile = mobile || asks.smsCode || rules.mobileNum?.enabled
  const showPasswords = !mobile || flags.MOBILENUMPASSREG3
  const showAffiliate = rules.affiliateCode?.enabled && !fromAddress?.valid
  const extra = registerFields.filter((f) => !laidOut.has(f) && rules[f]?.enabled && !(f === 'referralCode' && referralCode))
  // What the rules ask comes first; what they only offer (a number with no code to prove it, a birthday…) is folded.
  const mobileAsked = mobile || asks.smsCode || rules.mobileNum?.required === true
  const asked = extra.filter((f) => rules[f]?.required)
  const offered = extra.filter((f) => !rules[f]?.required)
  const folded: RegisterField[] = [...(showMobile && !mobileAsked ? (['mobileNum'] as const) : []), ...offered]
  // A refusal of a folded field opens the fold: its message shows under it.
  const moreOpen = more || folded.some((f) => state.errors[f])
  const mobileFields = (
    <>
      <CountryPicker value={state.values.countryDialingCode || undefined} onChange={(c) => form.set('countryDialingCode', c.countryDialingCode)} />
      <Field {...field('mobileNum')} type="tel" inputMode="numeric" autoComplete="tel-national" required={mobileAsked} />
    </>
  )
  const extraField = (f: RegisterField) => (
    <Field key={f} {...field(f)} type={inputTypes[f] ?? 'text'} autoComplete={autoCompletes[f] ?? 'off'} hintKey={f === 'birthday' ? 'auth_hint_birthday' : undefined} />
  )

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--register" onSubmit={onSubmit} noValidate>
        <fieldset className="lk-auth__fields" disabled={!ready}>
          {!popup && <h1 className="lk-auth__title">{t('auth_register_title')}</h1>}
          {/* A disabled or unknown invitation link says so instead of registering the player without an upline. */}
          {fromAddress && !fromAddress.valid && !fromAddress.unknown && (
            <p className="lk-auth__message" role="alert">
              {t('auth_invite_invalid', { code: fromAddress.code })}
            </p>
          )}
          {kinds.length > 1 && (
            <div className="lk-tabs" role="radiogroup" aria-label={t('auth_register_type')}>
              {kinds.map((k) => (
                <label key={k} className={k === current ? 'lk-tab is-active' : 'lk-tab'}>
                  <input type="radio" name="registerType" className="lk-visually-hidden" checked={k === current} onChange={() => form.choose(k)} />
                  {t(`auth_register_tab_${k}`)}
                </label>
              ))}
            </div>
          )}
          {!mobile && <Field {...field('username')} autoComplete="username" required />}
          {showMobile && mobileAsked && mobileFields}
          {asks.smsCode && !thirdPartyPhone && <SmsCodeField sender={form.sender} onSend={() => void form.sendCode()} {...field('verificationCode')} required />}
          {showPasswords && (
            <>
              <PasswordField {...field('password')} autoComplete="new-password" hintKey="auth_hint_password" required />
              <PasswordField {...field('confirmPassword')} autoComplete="new-password" required />
            </>
          )}
          {rules.paymentPassword?.enabled && <PasswordField {...field('paymentPassword')} autoComplete="off" />}
          {asked.map(extraField)}
          {folded.length > 0 && (
            <details className="lk-auth__more" open={moreOpen} onToggle={(e) => setMore(e.currentTarget.open)}>
              <summary>{t('auth_register_more')}</summary>
              {folded.includes('mobileNum') && mobileFields}
              {offered.map(extraField)}
            </details>
          )}
          {showAffiliate && <Field {...field('affiliateCode')} autoComplete="off" />}
          {asks.check === 'captcha' && (
            <div className="lk-auth__captcha">
              <Field {...field('captcha')} autoComplete="off" required />
              <Captcha store={form.captcha} />
            </div>
          )}
          <label className="lk-check">
            <input type="checkbox" checked={termsTicked(state.values)} onChange={(e) => form.set('terms', e.target.checked)} />
            <span>
              {t('auth_terms_label', { age: policy.minimumAge })} <a href={pageHref.helpTerms()}>{t('auth_terms_link')}</a>
            </span>
          </label>
          <FormMessage text={message} />
          <SubmitButton busy={state.busy} label={t('auth_register_submit')} />
          <SocialButtons onProvider={form.byProvider} />
          <p className="lk-auth__links">
            <span>{t('auth_have_account')}</span> <AuthLinks to={['login', 'forgot']} popup={popup} />
            <a href={pages.help} className="lk-auth__link">
              {t('auth_help_link')}
            </a>
          </p>
        </fieldset>
      </form>
    </SliderGate>
  )
}
