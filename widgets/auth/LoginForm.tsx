import { useStore } from '@nanostores/react'
import { useEffect, type ReactNode } from 'react'
import { $loginCaptchaNeeded, createLoginForm, loginCaptcha } from '../../sdk/auth/index.ts'
import { $flags, $loginGame, $loginPrompt } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLinks } from './AuthLink.tsx'
import { Captcha } from './Captcha.tsx'
import { FormMessage, MobileCodeFields, MobileFields, SubmitButton, useAuthForm } from './form.tsx'
import { PasswordField } from './PasswordField.tsx'
import { SliderGate } from './SlideVerify.tsx'
import { SocialButtons } from './SocialButtons.tsx'
import { pageHref } from '../../sdk/pages/index.ts'
import { Tabs } from './Tabs.tsx'
import './auth.css'
import { noFlags } from './initial.ts'

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** Rendered inside the login popup (links switch popups). */
  popup?: boolean
  /** The agent login page: no remember-me, only agents, success goes to `/agentHome`. */
  agentPage?: boolean
  /** Beside the password's show/hide toggle (the header popup's forgot-password icon). */
  passwordExtra?: ReactNode
}

/**
 * Login form (SPEC §2): username/password with captcha when asked, remember-me (username only), mobile
 * number and password when PHONELOGIN3 is on, or mobile and SMS code when MOBILEVERCODELOGIN3 is on; social sign-in, free play, register and forgot links.
 * The store (sdk/auth `createLoginForm`) decides; this view binds and renders.
 */
export function LoginForm({ popup = false, agentPage = false, passwordExtra }: LoginFormProps) {
  const t = useT()
  const { form, state, field, message, onSubmit, ready } = useAuthForm(() => createLoginForm({ agentPage }))
  const flags = useClientStore($flags, noFlags)
  const prompt = useClientStore($loginPrompt, null)
  const game = useClientStore($loginGame, null)
  const captchaNeeded = useClientStore($loginCaptchaNeeded, false)
  const secondStep = useStore(form.$secondStep)
  const excluded = useStore(form.$excluded)
  const termsAsked = useStore(form.$termsAsked)
  const termsError = state.errors.termsAccepted
  const methods = (['username', 'phone', 'sms'] as const).filter((m) => m === 'username' || flags[m === 'sms' ? 'MOBILEVERCODELOGIN3' : 'PHONELOGIN3'])
  const current = methods.includes(state.values.method) ? state.values.method : 'username'
  // After hydration: the server-rendered form cannot know the cookie.
  useEffect(() => form.recall(), [form])

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--login" onSubmit={onSubmit} noValidate aria-labelledby={popup ? undefined : 'lk-login-title'}>
        <fieldset className="lk-auth__fields" disabled={!ready}>
          {!popup && (
            <h1 id="lk-login-title" className="lk-auth__title">
              {t(agentPage ? 'auth_agent_login_title' : 'auth_login_title')}
            </h1>
          )}
          {prompt === 'expired' && <p className="lk-auth__note">{t('err_session_expired')}</p>}
          {prompt === 'required' && game && <p className="lk-auth__note lk-auth__for-game">{t('auth_login_to_play', { game })}</p>}
          {methods.length > 1 && <Tabs labelKey="auth_login_method" tabs={methods} tabKey={(m) => `auth_login_tab_${m}`} value={current} onChange={form.choose} />}
          {current !== 'sms' ? (
            <>
              {current === 'phone' ? (
                <MobileFields form={form} picker={flags.COUNTRYCODE3} dialingCode={state.values.countryDialingCode} mobile={field('mobileNum', 'auth_field_mobile')} />
              ) : (
                <Field {...field('username')} autoComplete="username" required />
              )}
              <PasswordField {...field('password')} autoComplete="current-password" required extra={passwordExtra} />
              {captchaNeeded && (
                <div className="lk-auth__captcha">
                  <Field {...field('captcha')} autoComplete="off" required />
                  <Captcha store={loginCaptcha} />
                </div>
              )}
              {secondStep && (
                <Field
                  {...field('secondStepCode', 'auth_field_second_step')}
                  hintKey={secondStep.channel === 'email' ? 'auth_second_step_email' : 'auth_second_step_sms'}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                />
              )}
              {!agentPage && current === 'username' && (
                <label className="lk-check">
                  <input type="checkbox" checked={state.values.remember} onChange={(e) => form.set('remember', e.target.checked)} /> {t('auth_remember')}
                </label>
              )}
            </>
          ) : (
            <MobileCodeFields
              form={form}
              picker={flags.COUNTRYCODE3}
              dialingCode={state.values.countryDialingCode}
              mobile={field('mobileNum', 'auth_field_mobile')}
              code={field('verificationCode')}
            />
          )}
          <FormMessage text={message} />
          {termsAsked && !agentPage && (
            // The platform's refusal (the form message above) says why the box is asked for.
            <div className="lk-auth__withdraw">
              <label className="lk-check">
                <input
                  type="checkbox"
                  checked={state.values.termsAccepted}
                  onChange={(e) => form.set('termsAccepted', e.target.checked)}
                  aria-invalid={termsError ? true : undefined}
                  aria-describedby={termsError ? 'lk-login-terms-error' : undefined}
                />
                <span>
                  {t('auth_terms_label', { age: termsAsked.minimumAge })} <a href={pageHref.helpTerms()}>{t('auth_terms_link')}</a>
                </span>
              </label>
              {termsError && (
                <p id="lk-login-terms-error" className="lk-field__error" role="alert">
                  {t(termsError.key, termsError.params)}
                </p>
              )}
              <button type="button" className="lk-button lk-button--primary" onClick={() => void form.confirmTerms()} disabled={state.busy}>
                {t('auth_social_terms_continue', { provider: t(`auth_social_${termsAsked.provider}`) })}
              </button>
            </div>
          )}
          {excluded && (current !== 'sms' || form.reusesProof()) && !agentPage && (
            <div className="lk-auth__withdraw">
              <p className="lk-auth__note">{t('auth_withdraw_only_hint')}</p>
              <button type="button" className="lk-button" onClick={() => void form.withdraw()} disabled={state.busy}>
                {t('auth_withdraw_only')}
              </button>
            </div>
          )}
          <SubmitButton busy={state.busy} label={t('auth_login_submit')} />
          {!agentPage && (
            <>
              <SocialButtons onProvider={form.byProvider} />
              {flags.FREEPLAY3 && (
                <button type="button" className="lk-button lk-auth__freeplay" onClick={() => void form.freePlay()}>
                  {t('auth_freeplay')}
                </button>
              )}
              <p className="lk-auth__links">
                <AuthLinks to={['forgot', 'register']} popup={popup} />
              </p>
            </>
          )}
        </fieldset>
      </form>
    </SliderGate>
  )
}
