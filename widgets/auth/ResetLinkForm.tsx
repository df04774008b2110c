import { type ReactNode, useEffect, useId, useRef } from 'react'
import { createResetLinkForm, deadLinkKeys, leaveResetLink } from '../../sdk/auth/index.ts'
import { formError } from '../../sdk/form/index.ts'
import { useT } from '../ui/index.ts'
import { AuthLink } from './AuthLink.tsx'
import { FormMessage, NewPasswordFields, SubmitButton, useAuthForm } from './form.tsx'
import './auth.css'

/** A status panel that takes focus when it appears, so the change is announced and keyboard users land on it. */
function StatusPanel({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const t = useT()
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="lk-auth lk-auth--status" role="status" aria-labelledby={titleId}>
      <h1 id={titleId} className="lk-auth__title" tabIndex={-1} ref={heading}>
        {t(titleKey)}
      </h1>
      {children}
    </section>
  )
}

/** Props of {@link ResetSent}. */
export interface ResetSentProps {
  /** The address the link went to (as typed). */
  email: string
  /** Back to the form, to try another account name or email. */
  onBack: () => void
}

/** The forgot page after a reset email was asked for: check your email (said the same way whether or not the pair matched). */
export function ResetSent({ email, onBack }: ResetSentProps) {
  const t = useT()
  return (
    <StatusPanel titleKey="reset_sent_title">
      <p className="lk-auth__note">{t('reset_sent_text', { email })}</p>
      <p className="lk-auth__note">{t('reset_sent_keep')}</p>
      <p className="lk-auth__links">
        <button type="button" className="lk-auth__link lk-link-button" onClick={onBack}>
          {t('reset_sent_again')}
        </button>
        <AuthLink to="login">{t('auth_login_link')}</AuthLink>
      </p>
    </StatusPanel>
  )
}

/**
 * The landing of an emailed reset link: a new password and its confirmation. Afterwards a done state
 * (every session was signed out; log in again); a used or expired link says so and offers a new one.
 */
export function ResetLinkForm() {
  const t = useT()
  const { field, message, onSubmit, ready, state } = useAuthForm(createResetLinkForm)
  const dead = deadLinkKeys.includes(state.errors[formError]?.key ?? '')

  if (state.result?.data) {
    return (
      <StatusPanel titleKey="reset_done_title">
        <p className="lk-auth__note">{t('reset_done_text')}</p>
        <p className="lk-auth__links">
          <AuthLink to="login">{t('auth_login_link')}</AuthLink>
        </p>
      </StatusPanel>
    )
  }

  return (
    <form className="lk-auth lk-auth--reset" onSubmit={onSubmit} noValidate>
      <fieldset className="lk-auth__fields" disabled={!ready}>
        <h1 className="lk-auth__title">{t('reset_title')}</h1>
        <p className="lk-auth__note">{t('reset_note')}</p>
        {!dead && <NewPasswordFields field={field} />}
        <FormMessage text={message} />
        {dead ? (
          <button type="button" className="lk-button lk-button--primary lk-auth__submit" onClick={leaveResetLink}>
            {t('reset_ask_again')}
          </button>
        ) : (
          <SubmitButton busy={state.busy} label={t('reset_submit')} />
        )}
      </fieldset>
    </form>
  )
}
