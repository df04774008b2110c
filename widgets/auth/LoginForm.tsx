import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  $loginCaptchaNeeded,
  canWithdrawAfterRefusal,
  createSmsSender,
  freePlay,
  loginCaptcha,
  loginWithPassword,
  loginWithSms,
  rememberedUser,
  type AuthOutcome,
  type SecondStep,
  withdrawAfterRefusal,
} from '../../sdk/auth/index.ts'
import { $flags, $loginPrompt } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { Captcha } from './Captcha.tsx'
import { useCountry } from './CountryPicker.tsx'
import { FormMessage, noProblem, problemOf } from './errors.tsx'
import { MobileCodeFields, phoneOf, useAuthForm } from './form.tsx'
import { PasswordField } from './PasswordField.tsx'
import { SliderGate } from './SlideVerify.tsx'
import { SocialButtons } from './SocialButtons.tsx'
import { Tabs } from './Tabs.tsx'
import './auth.css'
import { noFlags } from './initial.ts'

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** Rendered inside the login popup (links switch popups). */
  popup?: boolean
  /** The agent login page: no remember-me, only agents, success goes to `/agentHome`. */
  agentPage?: boolean
}

type Method = 'username' | 'sms'

/**
 * Login form (SPEC §2): username/password with captcha when asked, remember-me (username only), or
 * mobile and SMS code when MOBILEVERCODELOGIN3 is on; social sign-in, free play, register and forgot links.
 */
export function LoginForm({ popup = false, agentPage = false }: LoginFormProps) {
  const t = useT()
  const form = useAuthForm<'username' | 'password' | 'captcha' | 'secondStepCode' | 'mobileNum' | 'verificationCode'>()
  const { setValues, setProblem } = form
  const flags = useClientStore($flags, noFlags)
  const prompt = useClientStore($loginPrompt, null)
  const captchaNeeded = useClientStore($loginCaptchaNeeded, false)
  const methods: Method[] = flags.MOBILEVERCODELOGIN3 ? ['username', 'sms'] : ['username']
  const [method, setMethod] = useState<Method>('username')
  const [remember, setRemember] = useState(false)
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null)
  // A break refused the login: the player may still open a withdrawal-only session (issue 30).
  const [excluded, setExcluded] = useState(false)
  const [country, setCountry] = useCountry()
  const sender = useMemo(() => createSmsSender('login'), [])
  const options = useMemo(() => ({ agentPage }), [agentPage])
  const current = methods.includes(method) ? method : 'username'
  const phone = phoneOf(form.value('mobileNum'), country)

  useEffect(() => {
    // After hydration: the server-rendered form cannot know the cookie.
    const last = agentPage ? undefined : rememberedUser()
    if (last) {
      setValues((v) => ({ ...v, username: v.username || last }))
      setRemember(true)
    }
  }, [agentPage, setValues])

  const settle = useCallback(
    (out: AuthOutcome) => {
      setProblem(out.ok ? noProblem : problemOf(out))
      if (!out.ok && out.secondStep) setSecondStep(out.secondStep)
      if (!out.ok && !out.cancelled) setExcluded(out.excluded === true)
    },
    [setProblem],
  )

  const passwordLogin = (withdrawOnly: boolean) => async () => {
    const { username = '', password = '', captcha = '', secondStepCode } = form.values
    const out = await loginWithPassword(
      { username, password, captcha, remember, secondStepCode: secondStep ? secondStepCode : undefined },
      withdrawOnly ? { ...options, withdrawOnly } : options,
    )
    settle(out)
    // A refusal keeps what the player typed (a failed slider, a busy server, a wrong captcha, a break's
    // refusal, which proved the password right: kept to withdraw): only a password the platform said is
    // wrong is cleared, and the single-use captcha and second-step code.
    if (!out.ok && !out.cancelled) {
      if (out.messageKey === 'err_invalid_credentials') form.clear('password')
      form.clear('captcha', 'secondStepCode')
    }
  }
  // "Withdraw my balance" after a refusal for a break: an SMS or social login reuses its proof (issue 30).
  const withdraw = form.submit(async () => (canWithdrawAfterRefusal() ? settle(await withdrawAfterRefusal()) : passwordLogin(true)()))

  const submit = form.submit(async () => {
    if (current === 'username') {
      await passwordLogin(false)()
    } else {
      settle(await loginWithSms({ ...phone, verificationCode: form.value('verificationCode') }, options))
    }
  })

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--login" onSubmit={submit} noValidate aria-labelledby={popup ? undefined : 'lk-login-title'}>
        <fieldset className="lk-auth__fields" disabled={!form.ready}>
          {!popup && (
            <h1 id="lk-login-title" className="lk-auth__title">
              {t(agentPage ? 'auth_agent_login_title' : 'auth_login_title')}
            </h1>
          )}
          {prompt === 'expired' && <p className="lk-auth__note">{t('err_session_expired')}</p>}
          {methods.length > 1 && (
            <Tabs labelKey="auth_login_method" tabs={methods} tabKey={(m) => `auth_login_tab_${m}`} value={current} onChange={(m) => (setMethod(m), form.resetProblem())} />
          )}
          {current === 'username' ? (
            <>
              <Field {...form.field('username')} autoComplete="username" required />
              <PasswordField {...form.field('password')} autoComplete="current-password" required />
              {captchaNeeded && (
                <div className="lk-auth__captcha">
                  <Field {...form.field('captcha')} autoComplete="off" required />
                  <Captcha store={loginCaptcha} />
                </div>
              )}
              {secondStep && (
                <Field
                  {...form.field('secondStepCode', 'auth_field_second_step')}
                  hintKey={secondStep.channel === 'email' ? 'auth_second_step_email' : 'auth_second_step_sms'}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                />
              )}
              {!agentPage && (
                <label className="lk-check">
                  <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {t('auth_remember')}
                </label>
              )}
            </>
          ) : (
            <MobileCodeFields
              picker={flags.COUNTRYCODE3}
              country={country}
              onCountry={setCountry}
              mobile={form.field('mobileNum', 'auth_field_mobile')}
              code={form.field('verificationCode')}
              sender={sender}
              onSend={() => form.sendCode(sender, phone)}
            />
          )}
          <FormMessage problem={form.problem} />
          {excluded && (current === 'username' || canWithdrawAfterRefusal()) && !agentPage && (
            <div className="lk-auth__withdraw">
              <p className="lk-auth__note">{t('auth_withdraw_only_hint')}</p>
              <button type="button" className="lk-button" onClick={withdraw} disabled={form.busy}>
                {t('auth_withdraw_only')}
              </button>
            </div>
          )}
          <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={form.busy}>
            {t('auth_login_submit')}
          </button>
          {!agentPage && (
            <>
              <SocialButtons options={options} onResult={settle} />
              {flags.FREEPLAY3 && (
                <button type="button" className="lk-button lk-auth__freeplay" onClick={() => void freePlay().then(settle)}>
                  {t('auth_freeplay')}
                </button>
              )}
              <p className="lk-auth__links">
                <AuthLink to="forgot" popup={popup}>
                  {t('auth_forgot_link')}
                </AuthLink>
                <AuthLink to="register" popup={popup}>
                  {t('auth_register_link')}
                </AuthLink>
              </p>
            </>
          )}
        </fieldset>
      </form>
    </SliderGate>
  )
}
