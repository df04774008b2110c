import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { MoneyProfile, PayoutAccount } from '../../sdk/contract/index.ts'
import { capitaliseName, payoutProviders } from '../../sdk/contract/money.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { formError } from '../../sdk/form/index.ts'
import {
  $moneyProfile,
  createPayPasswordForm,
  createPayoutAccountForm,
  createRealNameForm,
  loadMoneyProfile,
  makeDefaultPayoutAccount,
  removePayoutAccount,
} from '../../sdk/money/index.ts'
import { $member } from '../../sdk/stores/index.ts'
import { $avatar, initialsOf } from '../../sdk/stores/avatar.ts'
import { showDialog } from '../../sdk/ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { useForm } from '../ui/form.ts'
import { FormError, Notice, Options, SelectField } from './controls.tsx'
import { ContactSection, LoginPasswordSection, PayResetForm } from './Security.tsx'

/**
 * The member's avatar: the platform's image, else their initials on a brand-coloured circle. The box
 * has its size before either arrives, so nothing moves when the image loads.
 */
function Avatar({ name }: { name: string }) {
  const t = useT()
  const url = useStore($avatar).data?.url
  const label = t('money_avatar_alt', { name })
  return url ? (
    <img className="lk-avatar" src={url} width={56} height={56} alt={label} />
  ) : (
    <span className="lk-avatar lk-avatar--initials" role="img" aria-label={label}>
      {initialsOf(name)}
    </span>
  )
}

/**
 * My account (securityCenter): profile, real name, mobile and email bound by code, login password,
 * payment password (set, change, reset by SMS), bank accounts and e-wallets, last login.
 */
export function Account() {
  const t = useT()
  const profile = useStore($moneyProfile)
  const member = useStore($member).data
  if (profile.error && !profile.data) return <ErrorState messageKey={profile.error.messageKey} onRetry={() => void loadMoneyProfile()} />
  if (!profile.data) return <Skeleton count={6} height={40} />
  const p = profile.data
  return (
    <div className="lk-money__stack">
      {member && <Avatar name={member.account} />}
      <dl className="lk-money__facts">
        {member && (
          <>
            <dt>{t('money_account_name')}</dt>
            <dd>{member.account}</dd>
            <dt>{t('money_nickname')}</dt>
            <dd>{member.nickname || '—'}</dd>
            <dt>{t('money_club')}</dt>
            <dd>{t('money_club_value', { name: member.clubLabel.labelName || t('money_club_base'), rank: member.clubLabel.rankLevel })}</dd>
          </>
        )}
        <dt>{t('money_last_login')}</dt>
        <dd>{p.lastLoginAt ? `${formatDate(p.lastLoginAt)} · ${p.lastLoginIp}` : '—'}</dd>
      </dl>
      <section>
        <h4 className="lk-money__subhead">{t('money_real_name')}</h4>
        {p.realName ? <p className="lk-money__value">{p.realName}</p> : <RealNameForm />}
      </section>
      <ContactSection profile={p} channel="mobile" />
      <ContactSection profile={p} channel="email" />
      <LoginPasswordSection />
      <section>
        <h4 className="lk-money__subhead">{t('money_pay_password')}</h4>
        <PayPassword profile={p} />
      </section>
      <section>
        <h4 className="lk-money__subhead">{t('money_accounts')}</h4>
        <Accounts profile={p} />
      </section>
    </div>
  )
}

/** The real name, set once: a review dialog shows it as it will be kept before it saves. */
export function RealNameForm() {
  const t = useT()
  const { form, state, field, error } = useForm(createRealNameForm)
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    await form.submit()
    const review = form.$state.get().review
    if (!review) return
    // It cannot be changed later: the player confirms the name exactly as it will be kept.
    const answer = await showDialog({
      icon: 'warning',
      titleKey: 'money_real_name',
      message: t('money_real_name_confirm', { name: capitaliseName(review.realName) }),
      buttons: [
        { labelKey: 'cancel', value: 'cancel' },
        { labelKey: 'money_save', value: 'ok', primary: true },
      ],
    })
    if (answer === 'ok') await form.confirm()
    else form.back()
  }
  return (
    <form className="lk-money__form" onSubmit={onSubmit} noValidate>
      <Field labelKey="money_real_name" autoComplete="name" {...field('realName')} hintKey="money_real_name_hint" />
      <FormError text={error(formError)} />
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t('money_save')}
      </button>
    </form>
  )
}

/** The payment password form, or its reset by a code when it is forgotten. */
function PayPassword({ profile }: { profile: MoneyProfile }) {
  const t = useT()
  const [resetting, setResetting] = useState(false)
  const [done, setDone] = useState('')
  if (resetting)
    return (
      <PayResetForm
        profile={profile}
        onCancel={() => setResetting(false)}
        onDone={(note) => {
          setResetting(false)
          setDone(note)
        }}
      />
    )
  return (
    <>
      <Notice text={done} />
      <PayPasswordForm profile={profile} />
      {profile.hasPaymentPassword && (
        <button
          type="button"
          className="lk-button"
          onClick={() => {
            setDone('')
            setResetting(true)
          }}
        >
          {t('money_pay_forgot')}
        </button>
      )}
    </>
  )
}

/** Sets the payment password, or changes it with the current one. */
export function PayPasswordForm({ profile }: { profile: MoneyProfile }) {
  const t = useT()
  const { state, field, error, onSubmit } = useForm(createPayPasswordForm)
  const digits = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } as const
  return (
    <form className="lk-money__form" onSubmit={onSubmit} noValidate>
      <p className="lk-money__hint">{t(profile.hasPaymentPassword ? 'money_pay_password_set' : 'money_pay_password_unset')}</p>
      {profile.hasPaymentPassword && <Field labelKey="money_pay_password_old" {...digits} {...field('oldPassword')} />}
      <Field labelKey="money_pay_password_new" {...digits} {...field('newPassword')} hintKey="money_pay_password_hint" />
      <Field labelKey="money_pay_password_again" {...digits} {...field('confirmNewPassword')} />
      <FormError text={error(formError)} />
      <Notice text={state.result?.data ? t('money_pay_password_saved') : ''} />
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t(profile.hasPaymentPassword ? 'money_pay_password_change' : 'money_pay_password_create')}
      </button>
    </form>
  )
}

function Accounts({ profile }: { profile: MoneyProfile }) {
  const t = useT()
  const [error, setError] = useState('')
  const act = async (fn: () => Promise<{ error?: { messageKey: string } }>) => {
    const r = await fn()
    setError(r.error ? t(r.error.messageKey) : '')
  }
  return (
    <div className="lk-money__stack">
      {profile.accounts.length === 0 ? (
        <EmptyState messageKey="money_accounts_none" />
      ) : (
        <ul className="lk-money__list">
          {profile.accounts.map((a: PayoutAccount) => (
            <li key={a.id} className="lk-money__item">
              <div className="lk-money__row">
                <span>
                  <strong>{a.provider}</strong> {a.accountNo} · {a.payeeName} <small>({t(`money_kind_${a.kind}`)})</small>
                </span>
                {a.isDefault && <span className="lk-money__tag">{t('money_default')}</span>}
              </div>
              <div className="lk-money__actions">
                {!a.isDefault && (
                  <button type="button" className="lk-button" onClick={() => void act(() => makeDefaultPayoutAccount(a.id))}>
                    {t('money_make_default')}
                  </button>
                )}
                <button
                  type="button"
                  className="lk-button"
                  aria-label={t('money_remove_named', { name: `${a.provider} ${a.accountNo}` })}
                  onClick={() => void act(() => removePayoutAccount(a.id))}
                >
                  {t('money_remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <FormError text={error} />
      {profile.realName ? <AddAccountForm realName={profile.realName} /> : <p className="lk-money__hint">{t('money_need_real_name')}</p>}
    </div>
  )
}

/** Adds a bank account or e-wallet in the real name. */
export function AddAccountForm({ realName }: { realName: string }) {
  const t = useT()
  const { form, state, field, error, onSubmit } = useForm(createPayoutAccountForm)
  const { kind } = state.values
  return (
    <form className="lk-money__form" onSubmit={onSubmit} noValidate aria-label={t('money_account_add')}>
      <SelectField labelKey="money_kind" {...field('kind')} onChange={(e) => form.set('kind', e.target.value)}>
        <option value="bank">{t('money_kind_bank')}</option>
        <option value="ewallet">{t('money_kind_ewallet')}</option>
      </SelectField>
      <SelectField labelKey="money_provider" {...field('provider')}>
        <Options values={payoutProviders[kind]} />
      </SelectField>
      <Field labelKey={kind === 'bank' ? 'money_account_no' : 'money_ewallet_no'} inputMode="numeric" autoComplete="off" {...field('accountNo')} />
      <p className="lk-money__hint">{t('money_payee_is', { name: realName })}</p>
      <FormError text={error(formError)} />
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t('money_account_add')}
      </button>
    </form>
  )
}
