import { $changePasswordMode, $knownPassword, changePassword, needsOldPassword, signOutNow } from '../../sdk/auth/index.ts'
import { $member, $session } from '../../sdk/stores/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { AuthLink } from './AuthLink.tsx'
import { FormMessage } from './errors.tsx'
import { NewPasswordFields, useAuthForm } from './form.tsx'
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
  const form = useAuthForm<'oldPassword' | 'newPassword' | 'confirmNewPassword'>()
  const session = useClientStore($session, noSession)
  const member = useClientStore($member, idleMember)
  const mode = useClientStore($changePasswordMode, 'voluntary')
  // Re-renders when the login hands over the password it used (needsOldPassword reads it).
  useClientStore($knownPassword, undefined)
  const askOld = needsOldPassword(member.data?.hasPassword)

  const submit = form.submit(async () => {
    const out = await changePassword(
      { oldPassword: form.value('oldPassword'), newPassword: form.value('newPassword'), confirmNewPassword: form.value('confirmNewPassword') },
      member.data?.hasPassword,
    )
    if (!out.ok) {
      form.settle(out)
      // A refusal keeps what was typed; only a current password the platform says is wrong goes.
      if (out.messageKey === 'err_password_incorrect' || out.fields.oldPassword) form.clear('oldPassword')
    }
  })

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
      <fieldset className="lk-auth__fields" disabled={!form.ready}>
        {!popup && <h1 className="lk-auth__title">{t('auth_change_title')}</h1>}
        {mode === 'forced' && (
          <p className="lk-auth__note" role="status">
            {t('auth_change_forced')}
          </p>
        )}
        <Field labelKey="auth_field_username" name="username" value={session.account ?? member.data?.account ?? ''} readOnly />
        {askOld && <PasswordField {...form.field('oldPassword')} autoComplete="current-password" required />}
        <NewPasswordFields form={form} />
        <FormMessage problem={form.problem} />
        <button type="submit" className="lk-button lk-button--primary lk-auth__submit" disabled={form.busy}>
          {t('auth_change_submit')}
        </button>
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
