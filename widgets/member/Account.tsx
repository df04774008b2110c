import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { MoneyProfile, PayoutAccount } from '../../sdk/contract/index.ts'
import { capitaliseName, payoutProviders } from '../../sdk/contract/money.ts'
import { formatDate } from '../../sdk/format/date.ts'
import { $moneyProfile, addPayoutAccount, loadMoneyProfile, makeDefaultPayoutAccount, removePayoutAccount, savePaymentPassword, saveRealName } from '../../sdk/money/index.ts'
import { $member } from '../../sdk/stores/index.ts'
import { showDialog } from '../../sdk/ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { FormError, Notice, SelectField, fieldErrors } from './parts.tsx'
import { ContactSection, LoginPasswordSection, PayResetForm } from './Security.tsx'

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
      <dl className="lk-money__facts">
        {member && (
          <>
            <dt>{t('money_account_name')}</dt>
            <dd>{member.account}</dd>
            <dt>{t('money_nickname')}</dt>
            <dd>{member.nickname || '—'}</dd>
            <dt>{t('money_club')}</dt>
            <dd>{t('money_club_value', { name: member.clubLabel.labelName || '—', rank: member.clubLabel.rankLevel })}</dd>
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

function RealNameForm() {
  const t = useT()
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setErrors({ realName: t('err_field_required') })
    // It cannot be changed later: the player confirms the name exactly as it will be kept (issue 26).
    const answer = await showDialog({
      icon: 'warning',
      titleKey: 'money_real_name',
      message: t('money_real_name_confirm', { name: capitaliseName(name) }),
      buttons: [
        { labelKey: 'cancel', value: 'cancel' },
        { labelKey: 'money_save', value: 'ok', primary: true },
      ],
    })
    if (answer !== 'ok') return
    setBusy(true)
    const r = await saveRealName(name)
    setBusy(false)
    setErrors(r.error ? fieldErrors(r.error, t, ['realName']) : {})
  }
  return (
    <form className="lk-money__form" onSubmit={submit} noValidate>
      <Field labelKey="money_real_name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.realName} hintKey="money_real_name_hint" />
      <FormError text={errors.form} />
      <button type="submit" className="lk-button lk-button--primary" disabled={busy}>
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

function PayPasswordForm({ profile }: { profile: MoneyProfile }) {
  const t = useT()
  const [old, setOld] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setDone('')
    const found: Record<string, string> = {}
    if (profile.hasPaymentPassword && !old) found.oldPassword = t('err_field_required')
    if (!/^\d{6}$/.test(next)) found.newPassword = t('money_err_pay_password_format')
    else if (next !== again) found.confirm = t('err_field_mismatch')
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    const r = await savePaymentPassword(profile.hasPaymentPassword ? { oldPassword: old, newPassword: next } : { newPassword: next })
    setBusy(false)
    if (r.error) return setErrors(fieldErrors(r.error, t, ['oldPassword', 'newPassword']))
    setOld('')
    setNext('')
    setAgain('')
    setDone(t('money_pay_password_saved'))
  }
  const digits = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } as const
  return (
    <form className="lk-money__form" onSubmit={submit} noValidate>
      <p className="lk-money__hint">{t(profile.hasPaymentPassword ? 'money_pay_password_set' : 'money_pay_password_unset')}</p>
      {profile.hasPaymentPassword && <Field labelKey="money_pay_password_old" {...digits} value={old} onChange={(e) => setOld(e.target.value)} error={errors.oldPassword} />}
      <Field labelKey="money_pay_password_new" {...digits} value={next} onChange={(e) => setNext(e.target.value)} error={errors.newPassword} hintKey="money_pay_password_hint" />
      <Field labelKey="money_pay_password_again" {...digits} value={again} onChange={(e) => setAgain(e.target.value)} error={errors.confirm} />
      <FormError text={errors.form} />
      <Notice text={done} />
      <button type="submit" className="lk-button lk-button--primary" disabled={busy}>
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
        <p className="lk-empty-state">{t('money_accounts_none')}</p>
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

function AddAccountForm({ realName }: { realName: string }) {
  const t = useT()
  const [kind, setKind] = useState<'bank' | 'ewallet'>('bank')
  const [provider, setProvider] = useState<string>(payoutProviders.bank[0])
  const [number, setNumber] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const digits = number.replace(/[\s-]/g, '')
    if (!/^\d{10,20}$/.test(digits)) return setErrors({ accountNo: t(kind === 'bank' ? 'money_err_bank_number' : 'money_err_ewallet_number') })
    setBusy(true)
    const r = await addPayoutAccount({ kind, provider, accountNo: digits })
    setBusy(false)
    if (r.error) return setErrors(fieldErrors(r.error, t, ['accountNo', 'provider', 'kind']))
    setErrors({})
    setNumber('')
  }
  return (
    <form className="lk-money__form" onSubmit={submit} noValidate aria-label={t('money_account_add')}>
      <SelectField
        labelKey="money_kind"
        value={kind}
        onChange={(e) => {
          const k = e.target.value as 'bank' | 'ewallet'
          setKind(k)
          setProvider(payoutProviders[k][0])
        }}
      >
        <option value="bank">{t('money_kind_bank')}</option>
        <option value="ewallet">{t('money_kind_ewallet')}</option>
      </SelectField>
      <SelectField labelKey="money_provider" value={provider} onChange={(e) => setProvider(e.target.value)} error={errors.provider}>
        {payoutProviders[kind].map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </SelectField>
      <Field
        labelKey={kind === 'bank' ? 'money_account_no' : 'money_ewallet_no'}
        inputMode="numeric"
        autoComplete="off"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={errors.accountNo}
      />
      <p className="lk-money__hint">{t('money_payee_is', { name: realName })}</p>
      <FormError text={errors.form} />
      <button type="submit" className="lk-button lk-button--primary" disabled={busy}>
        {t('money_account_add')}
      </button>
    </form>
  )
}
