import { useMemo, useState } from 'react'
import { createSmsSender, forgotByEmail, forgotMethods, resetByPhone } from '../../sdk/auth/index.ts'
import { $csPrimary, openCustomerService } from '../../sdk/shell/index.ts'
import { $flags } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { useCountry } from './CountryPicker.tsx'
import { FormMessage } from './errors.tsx'
import { MobileCodeFields, phoneOf, useAuthForm } from './form.tsx'
import { PasswordField } from './PasswordField.tsx'
import { ResetSent } from './ResetLinkForm.tsx'
import { SliderGate } from './SlideVerify.tsx'
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
  const form = useAuthForm<'username' | 'email' | 'mobileNum' | 'verificationCode' | 'newPassword'>()
  const flags = useClientStore($flags, noFlags)
  const cs = useClientStore($csPrimary, undefined)
  const methods = forgotMethods(flags)
  const [method, setMethod] = useState<Method | null>(null)
  const current = method && methods.includes(method) ? method : methods[0]
  const [country, setCountry] = useCountry()
  const [sent, setSent] = useState(false)
  const sender = useMemo(() => createSmsSender('login'), [])
  const phone = phoneOf(form.value('mobileNum'), country)

  const submit = form.submit(async () => {
    if (current === 'email') {
      const out = await forgotByEmail({ username: form.value('username'), email: form.value('email') }, { dialog: popup })
      form.settle(out)
      if (out.ok && !popup) setSent(true)
    } else {
      const out = await resetByPhone({ ...phone, verificationCode: form.value('verificationCode'), newPassword: form.value('newPassword') })
      form.settle(out)
      if (!out.ok && !out.cancelled && out.messageKey !== 'auth_reset_done_login') form.clear('newPassword')
    }
  })

  if (sent) return <ResetSent email={form.value('email').trim()} onBack={() => setSent(false)} />

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--forgot" onSubmit={submit} noValidate>
        <fieldset className="lk-auth__fields" disabled={!form.ready}>
          {!popup && <h1 className="lk-auth__title">{t('auth_forgot_title')}</h1>}
          {methods.length > 1 && (
            <Tabs labelKey="auth_forgot_method" tabs={methods} tabKey={(m) => `auth_forgot_tab_${m}`} value={current} onChange={(m) => (setMethod(m), form.resetProblem())} />
          )}
          {current === 'email' ? (
            <>
              <p className="lk-auth__note">{t('auth_forgot_email_note')}</p>
              <Field {...form.field('username')} autoComplete="username" required />
              <Field {...form.field('email')} type="email" autoComplete="email" required />
            </>
          ) : (
            <>
              <MobileCodeFields
                picker={flags.COUNTRYCODE3}
                country={country}
                onCountry={setCountry}
                mobile={form.field('mobileNum', 'auth_field_mobile')}
                code={form.field('verificationCode')}
                sender={sender}
                onSend={() => form.sendCode(sender, phone)}
              />
              <PasswordField {...form.field('newPassword')} autoComplete="new-password" hintKey="auth_hint_password" required />
            </>
          )}
          <FormMessage problem={form.problem} />
          <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={form.busy}>
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
