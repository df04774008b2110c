import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import {
  $loginCaptchaNeeded,
  createSmsSender,
  freePlay,
  loginCaptcha,
  loginWithPassword,
  loginWithSms,
  rememberedUser,
  type AuthOutcome,
  type SecondStep,
} from '../../sdk/auth/index.ts'
import { $flags, $loginPrompt } from '../../sdk/stores/index.ts'
import { useClientStore, useMounted, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { Captcha } from './Captcha.tsx'
import { CountryPicker, useCountry } from './CountryPicker.tsx'
import { FormMessage, noProblem, problemOf, useFieldError, type FormProblem } from './errors.tsx'
import { PasswordField } from './PasswordField.tsx'
import { SliderGate } from './SlideVerify.tsx'
import { SmsCodeField } from './SmsCodeField.tsx'
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
  // Until hydrated the fields are inert: anything typed into server HTML would be lost.
  const ready = useMounted()
  const flags = useClientStore($flags, noFlags)
  const prompt = useClientStore($loginPrompt, null)
  const captchaNeeded = useClientStore($loginCaptchaNeeded, false)
  const methods: Method[] = flags.MOBILEVERCODELOGIN3 ? ['username', 'sms'] : ['username']
  const [method, setMethod] = useState<Method>('username')
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [captcha, setCaptcha] = useState('')
  const [remember, setRemember] = useState(false)
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null)
  const [secondCode, setSecondCode] = useState('')
  const [country, setCountry] = useCountry()
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<FormProblem>(noProblem)
  const [busy, setBusy] = useState(false)
  const sender = useMemo(() => createSmsSender('login'), [])
  const fieldError = useFieldError(problem)
  const options = useMemo(() => ({ agentPage }), [agentPage])
  const current = methods.includes(method) ? method : 'username'

  useEffect(() => {
    // After hydration: the server-rendered form cannot know the cookie.
    const last = agentPage ? undefined : rememberedUser()
    if (last) {
      setUsername((typed) => typed || last)
      setRemember(true)
    }
  }, [agentPage])

  const settle = useCallback((out: AuthOutcome) => {
    setProblem(out.ok ? noProblem : problemOf(out))
    if (!out.ok && out.secondStep) setSecondStep(out.secondStep)
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      if (current === 'username') {
        const out = await loginWithPassword({ username, password, captcha, remember, secondStepCode: secondStep ? secondCode : undefined }, options)
        settle(out)
        // Secrets are not kept after a failure; the captcha was single use.
        if (!out.ok && !out.cancelled) {
          if (!out.secondStep && !out.fields.username) setPassword('')
          setCaptcha('')
          setSecondCode('')
        }
      } else {
        settle(
          await loginWithSms({ mobileNum: mobile, countryDialingCode: country?.countryDialingCode ?? '', verificationCode: code, mobileDigits: country?.mobileDigits }, options),
        )
      }
    } finally {
      setBusy(false)
    }
  }

  const sendCode = () => {
    void sender.send({ mobileNum: mobile, countryDialingCode: country?.countryDialingCode ?? '', mobileDigits: country?.mobileDigits }).then((out) => {
      if (!out.ok && !out.ignored) setProblem({ fields: out.fields })
    })
  }

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--login" onSubmit={submit} noValidate aria-labelledby={popup ? undefined : 'lk-login-title'}>
        <fieldset className="lk-auth__fields" disabled={!ready}>
          {!popup && (
            <h1 id="lk-login-title" className="lk-auth__title">
              {t(agentPage ? 'auth_agent_login_title' : 'auth_login_title')}
            </h1>
          )}
          {prompt === 'expired' && <p className="lk-auth__note">{t('err_session_expired')}</p>}
          {methods.length > 1 && (
            <Tabs labelKey="auth_login_method" tabs={methods} tabKey={(m) => `auth_login_tab_${m}`} value={current} onChange={(m) => (setMethod(m), setProblem(noProblem))} />
          )}
          {current === 'username' ? (
            <>
              <Field
                labelKey="auth_field_username"
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                error={fieldError('username')}
                required
              />
              <PasswordField
                labelKey="auth_field_password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={fieldError('password')}
                required
              />
              {captchaNeeded && (
                <div className="lk-auth__captcha">
                  <Field
                    labelKey="auth_field_captcha"
                    name="captcha"
                    autoComplete="off"
                    value={captcha}
                    onChange={(e) => setCaptcha(e.target.value)}
                    error={fieldError('captcha')}
                    required
                  />
                  <Captcha store={loginCaptcha} />
                </div>
              )}
              {secondStep && (
                <Field
                  labelKey="auth_field_second_step"
                  hintKey={secondStep.channel === 'email' ? 'auth_second_step_email' : 'auth_second_step_sms'}
                  name="secondStepCode"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={secondCode}
                  onChange={(e) => setSecondCode(e.target.value)}
                  error={fieldError('secondStepCode')}
                />
              )}
              {!agentPage && (
                <label className="lk-check">
                  <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {t('auth_remember')}
                </label>
              )}
            </>
          ) : (
            <>
              {flags.COUNTRYCODE3 && <CountryPicker value={country?.countryDialingCode} onChange={setCountry} />}
              <Field
                labelKey="auth_field_mobile"
                name="mobileNum"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                value={mobile}
                onChange={(e) => setMobile(e.target.value)}
                error={fieldError('mobileNum')}
                required
              />
              <SmsCodeField
                sender={sender}
                onSend={sendCode}
                name="verificationCode"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={fieldError('verificationCode')}
                required
              />
            </>
          )}
          <FormMessage problem={problem} />
          <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={busy}>
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
