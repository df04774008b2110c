import { useStore } from '@nanostores/react'
import type { AccountArea, Backoffice } from '../../sdk/backoffice/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { useT } from '../ui/index.ts'

/** My account (every operator): a new password, and a new authenticator confirmed by a code from it. */
export function AccountPanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  return (
    <>
      <h2>{t('admin_account_title')}</h2>
      <PasswordForm area={bo.account} />
      <Authenticator area={bo.account} />
    </>
  )
}

function PasswordForm({ area }: { area: AccountArea }) {
  const t = useT()
  const { field, onSubmit, state, error } = useForm(area.passwordForm)
  const changed = useStore(area.$passwordChanged)
  return (
    <form className="lk-bo__create" onSubmit={onSubmit} noValidate aria-labelledby="lk-bo-password-title">
      <h3 id="lk-bo-password-title">{t('admin_account_password_title')}</h3>
      <Field labelKey="admin_account_current_password" type="password" autoComplete="current-password" {...field('currentPassword')} />
      <Field labelKey="admin_account_new_password" hintKey="admin_account_new_password_hint" type="password" autoComplete="new-password" {...field('newPassword')} />
      <Field labelKey="admin_account_confirm_password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <Field labelKey="admin_code" hintKey="admin_code_hint" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} {...field('code')} />
      <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
        {error('form') ?? ''}
      </p>
      <p role="status">{changed ? t('admin_account_password_changed', { count: changed.otherSessionsEnded }) : ''}</p>
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy} aria-busy={state.busy}>
        {t('admin_account_change_password')}
      </button>
    </form>
  )
}

function Authenticator({ area }: { area: AccountArea }) {
  const t = useT()
  const pending = useStore(area.$pending)
  const replaced = useStore(area.$replaced)
  return (
    <section className="lk-bo__create" aria-labelledby="lk-bo-auth-title">
      <h3 id="lk-bo-auth-title">{t('admin_account_auth_title')}</h3>
      <p role="status">{replaced ? t('admin_account_auth_replaced') : ''}</p>
      {pending ? <ConfirmNew area={area} /> : <StartNew area={area} />}
    </section>
  )
}

function StartNew({ area }: { area: AccountArea }) {
  const t = useT()
  const { field, onSubmit, state, error } = useForm(area.startForm)
  return (
    <form className="lk-bo__create" onSubmit={onSubmit} noValidate>
      <p>{t('admin_account_auth_intro')}</p>
      <Field labelKey="admin_account_current_password" type="password" autoComplete="current-password" {...field('currentPassword')} />
      <Field labelKey="admin_account_current_code" hintKey="admin_code_hint" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} {...field('code')} />
      <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
        {error('form') ?? ''}
      </p>
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy} aria-busy={state.busy}>
        {t('admin_account_auth_start')}
      </button>
    </form>
  )
}

/** The new secret, shown until a code from it is confirmed (or the operator gives up), and the code's form. */
function ConfirmNew({ area }: { area: AccountArea }) {
  const t = useT()
  const pending = useStore(area.$pending)
  const { field, onSubmit, state, error } = useForm(area.confirmForm)
  if (!pending) return null
  return (
    <form className="lk-bo__create" onSubmit={onSubmit} noValidate>
      <p>{t('admin_account_auth_pending', { at: formatDate(pending.expiresAt) })}</p>
      <dl className="lk-bo__facts lk-bo__created">
        <dt>{t('admin_operator_secret')}</dt>
        <dd>
          <code>{pending.totpSecret}</code>
        </dd>
        <dt>{t('admin_operator_uri')}</dt>
        <dd>
          <code>{pending.otpauthUri}</code>
        </dd>
      </dl>
      <Field labelKey="admin_account_new_code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} {...field('code')} />
      <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
        {error('form') ?? ''}
      </p>
      <div className="lk-bo__actions">
        <button type="button" className="lk-button" onClick={area.cancelNew}>
          {t('cancel')}
        </button>
        <button type="submit" className="lk-button lk-button--primary" disabled={state.busy} aria-busy={state.busy}>
          {t('admin_account_auth_confirm')}
        </button>
      </div>
    </form>
  )
}
