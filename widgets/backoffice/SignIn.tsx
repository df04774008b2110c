import type { Backoffice } from '../../sdk/backoffice/index.ts'
import { Field } from '../ui/Field.tsx'
import { useT } from '../ui/index.ts'
import { useForm } from '../ui/form.ts'

/** The operator sign-in: username, password and the authenticator app's 6-digit code. */
export function SignIn({ bo }: { bo: Backoffice }) {
  const t = useT()
  const { field, onSubmit, state, error } = useForm(bo.signInForm)
  return (
    <form className="lk-bo__signin" onSubmit={onSubmit} noValidate aria-labelledby="lk-bo-signin-title">
      <h2 id="lk-bo-signin-title">{t('admin_sign_in_title')}</h2>
      <Field labelKey="admin_username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
      <Field labelKey="admin_password" type="password" autoComplete="current-password" {...field('password')} />
      <Field labelKey="admin_code" hintKey="admin_code_hint" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} {...field('code')} />
      <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
        {error('form') ?? ''}
      </p>
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy} aria-busy={state.busy}>
        {t(state.busy ? 'admin_signing_in' : 'admin_sign_in')}
      </button>
    </form>
  )
}
