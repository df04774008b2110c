import { useMemo, useState, type FormEvent } from 'react'
import { createSmsSender, forgotByEmail, forgotMethods, resetByPhone, type AuthOutcome } from '../../sdk/auth/index.ts'
import { $csPrimary, openCustomerService } from '../../sdk/shell/index.ts'
import { $flags } from '../../sdk/stores/index.ts'
import { useClientStore, useMounted, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { CountryPicker, useCountry } from './CountryPicker.tsx'
import { FormMessage, noProblem, problemOf, useFieldError, type FormProblem } from './errors.tsx'
import { PasswordField } from './PasswordField.tsx'
import { ResetSent } from './ResetLinkForm.tsx'
import { SliderGate } from './SlideVerify.tsx'
import { SmsCodeField } from './SmsCodeField.tsx'
import { Tabs } from './Tabs.tsx'
import './auth.css'
import { noFlags } from './initial.ts'

/** Props of {@link ForgotForm}. */
export interface ForgotFormProps {
  popup?: boolean
}

type Method = 'mobile' | 'email'

/**
 * Forgot-password form (SPEC §2, §4): by email (account name and email; a single-use reset link is
 * mailed; on the page a "check your email" state follows) and, with PHONEVERIFY3, by mobile (the
 * default: number, code, new password, then logged in).
 */
export function ForgotForm({ popup = false }: ForgotFormProps) {
  const t = useT()
  // Until hydrated the fields are inert: anything typed into server HTML would be lost.
  const ready = useMounted()
  const flags = useClientStore($flags, noFlags)
  const cs = useClientStore($csPrimary, undefined)
  const methods = forgotMethods(flags)
  const [method, setMethod] = useState<Method | null>(null)
  const current = method && methods.includes(method) ? method : methods[0]
  const [username, setUsername] = useState('')
  const [email, setEmail] = useState('')
  const [country, setCountry] = useCountry()
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [problem, setProblem] = useState<FormProblem>(noProblem)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const sender = useMemo(() => createSmsSender('login'), [])
  const fieldError = useFieldError(problem)

  const settle = (out: AuthOutcome) => setProblem(out.ok ? noProblem : problemOf(out))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      if (current === 'email') {
        const out = await forgotByEmail({ username, email }, { dialog: popup })
        settle(out)
        if (out.ok && !popup) setSent(true)
      } else {
        const out = await resetByPhone({
          mobileNum: mobile,
          countryDialingCode: country?.countryDialingCode ?? '',
          mobileDigits: country?.mobileDigits,
          verificationCode: code,
          newPassword,
        })
        settle(out)
        if (!out.ok && !out.cancelled && out.messageKey !== 'auth_reset_done_login') setNewPassword('')
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

  if (sent) return <ResetSent email={email.trim()} onBack={() => setSent(false)} />

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--forgot" onSubmit={submit} noValidate>
        <fieldset className="lk-auth__fields" disabled={!ready}>
          {!popup && <h1 className="lk-auth__title">{t('auth_forgot_title')}</h1>}
          {methods.length > 1 && (
            <Tabs labelKey="auth_forgot_method" tabs={methods} tabKey={(m) => `auth_forgot_tab_${m}`} value={current} onChange={(m) => (setMethod(m), setProblem(noProblem))} />
          )}
          {current === 'email' ? (
            <>
              <p className="lk-auth__note">{t('auth_forgot_email_note')}</p>
              <Field
                labelKey="auth_field_username"
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                error={fieldError('username')}
                required
              />
              <Field
                labelKey="auth_field_email"
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={fieldError('email')}
                required
              />
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
              <PasswordField
                labelKey="auth_field_newPassword"
                name="newPassword"
                autoComplete="new-password"
                hintKey="auth_hint_password"
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
                error={fieldError('newPassword')}
                required
              />
            </>
          )}
          <FormMessage problem={problem} />
          <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={busy}>
            {t(current === 'email' ? 'auth_forgot_submit_email' : 'auth_forgot_submit_mobile')}
          </button>
          <p className="lk-auth__links">
            <AuthLink to="login" popup={popup}>
              {t('auth_login_link')}
            </AuthLink>
            {cs && (
              <button type="button" className="lk-auth__link lk-link-button" onClick={() => openCustomerService(cs)}>
                {t('auth_customer_service')}
              </button>
            )}
          </p>
        </fieldset>
      </form>
    </SliderGate>
  )
}
