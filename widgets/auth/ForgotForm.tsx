import { useState } from 'react'
import { createForgotEmailForm, createPhoneResetForm, forgotMethods } from '../../sdk/auth/index.ts'
import { $csPrimary, openCustomerService } from '../../sdk/shell/index.ts'
import { $flags } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { FormMessage, MobileCodeFields, SubmitButton, useAuthForm } from './form.tsx'
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
  const byEmail = useAuthForm(() => createForgotEmailForm({ dialog: popup }))
  const byPhone = useAuthForm(createPhoneResetForm)
  const flags = useClientStore($flags, noFlags)
  const cs = useClientStore($csPrimary, undefined)
  const methods = forgotMethods(flags)
  const [method, setMethod] = useState<Method | null>(null)
  const current = method && methods.includes(method) ? method : methods[0]
  const { message, onSubmit, state, ready } = current === 'email' ? byEmail : byPhone
  const sent = byEmail.state.result?.data

  if (sent && !popup) return <ResetSent email={sent.email} onBack={byEmail.form.clear} />

  return (
    <SliderGate page={!popup}>
      <form className="lk-auth lk-auth--forgot" onSubmit={onSubmit} noValidate>
        <fieldset className="lk-auth__fields" disabled={!ready}>
          {!popup && <h1 className="lk-auth__title">{t('auth_forgot_title')}</h1>}
          {methods.length > 1 && <Tabs labelKey="auth_forgot_method" tabs={methods} tabKey={(m) => `auth_forgot_tab_${m}`} value={current} onChange={setMethod} />}
          {current === 'email' ? (
            <>
              <p className="lk-auth__note">{t('auth_forgot_email_note')}</p>
              <Field {...byEmail.field('username')} autoComplete="username" required />
              <Field {...byEmail.field('email')} type="email" autoComplete="email" required />
            </>
          ) : (
            <>
              <MobileCodeFields
                form={byPhone.form}
                picker={flags.COUNTRYCODE3}
                dialingCode={byPhone.state.values.countryDialingCode}
                mobile={byPhone.field('mobileNum', 'auth_field_mobile')}
                code={byPhone.field('verificationCode')}
              />
              <PasswordField {...byPhone.field('newPassword')} autoComplete="new-password" hintKey="auth_hint_password" required />
            </>
          )}
          <FormMessage text={message} />
          <SubmitButton busy={state.busy} label={t(current === 'email' ? 'auth_forgot_submit_email' : 'auth_forgot_submit_mobile')} />
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
