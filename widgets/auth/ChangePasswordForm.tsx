import { $changePasswordMode, $knownPassword, createChangePasswordForm, needsOldPassword, signOutNow } from '../../sdk/auth/index.ts'
import { $member, $session } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { FormMessage, NewPasswordFields, SubmitButton, useAuthForm } from './form.tsx'
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
  const { field, message, onSubmit, ready, state } = useAuthForm(createChangePasswordForm)
  const session = useClientStore($session, noSession)
  const member = useClientStore($member, idleMember)
  const mode = useClientStore($changePasswordMode, 'voluntary')
  // Re-renders when the login hands over the password it used (needsOldPassword reads it).
  useClientStore($knownPassword, undefined)
  const askOld = needsOldPassword(member.data?.hasPassword)

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
    <form className="lk-auth lk-auth--change" onSubmit={onSubmit} noValidate>
      <fieldset className="lk-auth__fields" disabled={!ready}>
        {!popup && <h1 className="lk-auth__title">{t('auth_change_title')}</h1>}
        {mode === 'forced' && (
          <p className="lk-auth__note" role="status">
            {t('auth_change_forced')}
          </p>
        )}
        <Field labelKey="auth_field_username" name="username" value={session.account ?? member.data?.account ?? ''} readOnly />
        {askOld && <PasswordField {...field('oldPassword')} autoComplete="current-password" required />}
        <NewPasswordFields field={field} />
        <FormMessage text={message} />
        <SubmitButton busy={state.busy} label={t('auth_change_submit')} />
        {/* The forced popup cannot be closed: signing out is the other way on, never a dead end. */}
        {mode === 'forced' && (
          <button type="button" className="lk-button lk-auth__signout" onClick={() => void signOutNow()}>
            {t('auth_signout')}
          </button>
        )}
      </fieldset>
    </form>
  )
}
