import { useState, type FormEvent } from 'react'
import { $changePasswordMode, changePassword, needsOldPassword } from '../../sdk/auth/index.ts'
import { $member, $session } from '../../sdk/stores/index.ts'
import { useClientStore, useMounted, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { FormMessage, noProblem, problemOf, useFieldError, type FormProblem } from './errors.tsx'
import { PasswordField } from './PasswordField.tsx'
import './auth.css'
import { noSession, idleMember } from './initial.ts'

/** Props of {@link ChangePasswordForm}. */
export interface ChangePasswordFormProps {
  popup?: boolean
}

/**
 * Change-password form (SPEC §2): the user name read-only, the current password unless already known,
 * the new password and its confirmation. Forced after a weak, expired or first-time password.
 */
export function ChangePasswordForm({ popup = false }: ChangePasswordFormProps) {
  const t = useT()
  // Until hydrated the fields are inert: anything typed into server HTML would be lost.
  const ready = useMounted()
  const session = useClientStore($session, noSession)
  const member = useClientStore($member, idleMember)
  const mode = useClientStore($changePasswordMode, 'voluntary')
  const [oldPassword, setOldPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<FormProblem>(noProblem)
  const [busy, setBusy] = useState(false)
  const fieldError = useFieldError(problem)
  const askOld = needsOldPassword(member.data?.hasPassword)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      const out = await changePassword({ oldPassword, newPassword, confirmNewPassword: confirm }, member.data?.hasPassword)
      if (!out.ok) {
        setProblem(problemOf(out))
        setOldPassword('')
        setNewPassword('')
        setConfirm('')
      }
    } finally {
      setBusy(false)
    }
  }

  if (!session.token) {
    return (
      <p className="lk-auth__note">
        {t('err_not_logged_in')}{' '}
        <AuthLink to="login" popup={popup}>
          {t('auth_login_link')}
        </AuthLink>
      </p>
    )
  }
  return (
    <form className="lk-auth lk-auth--change" onSubmit={submit} noValidate>
      <fieldset className="lk-auth__fields" disabled={!ready}>
        {!popup && <h1 className="lk-auth__title">{t('auth_change_title')}</h1>}
        {mode === 'forced' && (
          <p className="lk-auth__note" role="status">
            {t('auth_change_forced')}
          </p>
        )}
        <Field labelKey="auth_field_username" name="username" value={session.account ?? member.data?.account ?? ''} readOnly />
        {askOld && (
          <PasswordField
            labelKey="auth_field_oldPassword"
            name="oldPassword"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
            error={fieldError('oldPassword')}
            required
          />
        )}
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
        <PasswordField
          labelKey="auth_field_confirmNewPassword"
          name="confirmNewPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={fieldError('confirmNewPassword')}
          required
        />
        <FormMessage problem={problem} />
        <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={busy}>
          {t('auth_change_submit')}
        </button>
      </fieldset>
    </form>
  )
}
