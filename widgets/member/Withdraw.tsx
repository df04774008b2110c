import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import type { MoneyProfile, Withdrawal, WithdrawInfo } from '../../sdk/contract/index.ts'
import { formatDate } from '../../sdk/format/date.ts'
import { $moneyProfile, $withdrawInfo, confirmWithdrawal, loadMoneyProfile, loadWithdrawInfo, parseAmount, requestWithdrawal, uploadProof } from '../../sdk/money/index.ts'
import { showCentrePage } from '../../sdk/shell/centre-pages.ts'
import { Field } from '../ui/Field.tsx'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { FormError, Notice, SelectField, fieldErrors, money } from './parts.tsx'
import { ForfeitStep, PayPasswordField, ReviewStep, useReviewedPayment } from './reviewed.tsx'

/** Withdrawal (SPEC §4): amount within the withdrawable balance, payment password, a confirmation step, and the member's withdrawals. */
export function Withdraw() {
  const t = useT()
  const info = useStore($withdrawInfo)
  const profile = useStore($moneyProfile)
  if (info.error && !info.data) return <ErrorState messageKey={info.error.messageKey} onRetry={() => void loadWithdrawInfo()} />
  if (profile.error && !profile.data) return <ErrorState messageKey={profile.error.messageKey} onRetry={() => void loadMoneyProfile()} />
  if (!info.data || !profile.data) return <Skeleton count={5} height={40} />
  return (
    <div className="lk-money__stack">
      <dl className="lk-money__facts">
        <dt>{t('money_balance')}</dt>
        <dd>{money(info.data.balance)}</dd>
        <dt>{t('money_wagering_remaining')}</dt>
        <dd>{money(info.data.wageringRemaining)}</dd>
        <dt>{t('money_withdrawable')}</dt>
        <dd data-testid="withdrawable">{money(info.data.withdrawable)}</dd>
      </dl>
      <Ready profile={profile.data} info={info.data} />
      <h4 className="lk-money__subhead">{t('money_withdrawals')}</h4>
      {info.data.withdrawals.length === 0 ? (
        <EmptyState messageKey="money_withdrawals_none" />
      ) : (
        <ul className="lk-money__list">
          {info.data.withdrawals.map((w) => (
            <WithdrawalItem key={w.id} w={w} />
          ))}
        </ul>
      )}
    </div>
  )
}

/** The form, or what to set up first (real name, an account, a payment password). */
function Ready({ profile, info }: { profile: MoneyProfile; info: WithdrawInfo }) {
  const t = useT()
  const missing = !profile.realName ? 'money_need_real_name' : profile.accounts.length === 0 ? 'money_need_account' : !profile.hasPaymentPassword ? 'money_need_pay_password' : null
  if (missing) {
    return (
      <div className="lk-money__setup" role="note">
        <p>{t(missing)}</p>
        <button type="button" className="lk-button lk-button--primary" onClick={() => showCentrePage('securityCenter')}>
          {t('money_go_account')}
        </button>
      </div>
    )
  }
  return <WithdrawForm profile={profile} info={info} />
}

function WithdrawForm({ profile, info }: { profile: MoneyProfile; info: WithdrawInfo }) {
  const t = useT()
  const [accountId, setAccountId] = useState(profile.accounts.find((a) => a.isDefault)?.id ?? profile.accounts[0].id)
  const account = profile.accounts.find((a) => a.id === accountId) ?? profile.accounts[0]
  const form = useReviewedPayment({
    // Up to the balance: above the withdrawable part the platform answers wagering_required and the form offers the forfeit.
    limits: { min: info.min, max: info.max, balance: info.balance },
    send: (amount, paymentPassword, forfeitBonus) => requestWithdrawal({ amount, accountId: account.id, paymentPassword, forfeitBonus }),
    doneText: (w) => t('money_withdraw_requested', { amount: money(w.amount) }),
    fields: ['accountId'],
  })

  if (form.forfeit !== null) return <ForfeitStep amount={money(form.forfeit)} busy={form.busy} onConfirm={() => void form.confirm(true)} onBack={form.back} />
  if (form.review !== null) {
    return (
      <ReviewStep
        label={t('money_withdraw_review')}
        text={t('money_withdraw_confirm_text', { amount: money(form.review), account: `${account.provider} ${account.accountNo} (${account.payeeName})` })}
        confirmKey="money_withdraw_confirm"
        busy={form.busy}
        onConfirm={() => void form.confirm()}
        onBack={form.back}
      />
    )
  }
  return (
    <form className="lk-money__form" onSubmit={form.next} noValidate>
      <SelectField labelKey="money_withdraw_to" value={accountId} onChange={(e) => setAccountId(e.target.value)} error={form.errors.accountId}>
        {profile.accounts.map((a) => (
          <option key={a.id} value={a.id}>{`${a.provider} ${a.accountNo} (${a.payeeName})`}</option>
        ))}
      </SelectField>
      <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" value={form.amount} onChange={(e) => form.setAmount(e.target.value)} error={form.errors.amount} />
      <p className="lk-money__hint">{t('money_limits', { min: money(info.min), max: money(Math.min(info.max, Math.max(info.withdrawable, 0))) })}</p>
      <PayPasswordField value={form.password} onChange={form.setPassword} error={form.errors.paymentPassword} />
      <FormError text={form.errors.form} />
      <Notice text={form.done} />
      <button type="submit" className="lk-button lk-button--primary">
        {t('money_withdraw_submit')}
      </button>
    </form>
  )
}

function WithdrawalItem({ w }: { w: Withdrawal }) {
  const t = useT()
  return (
    <li className="lk-money__item">
      <div className="lk-money__row">
        <strong>{money(w.amount)}</strong>
        <span className={`lk-money__tag is-${w.status}`}>{t(`money_wd_${w.status}`)}</span>
      </div>
      <div className="lk-money__meta">
        {w.account} · {formatDate(w.createdAt)}
        {w.autoConfirmed && <> · {t('money_wd_auto')}</>}
        {w.receivedAmount !== null && <> · {t('money_wd_parts', { received: money(w.receivedAmount), remaining: money(w.remainingAmount ?? 0) })}</>}
      </div>
      {w.status === 'disbursed' && <ConfirmReceipt w={w} />}
    </li>
  )
}

/** The withdrawal confirmation (SPEC §4): received, not received with a proof image, or fully paid. */
function ConfirmReceipt({ w }: { w: Withdrawal }) {
  const t = useT()
  const [mode, setMode] = useState<'choose' | 'not_received' | 'fully_paid'>('choose')
  const [received, setReceived] = useState('')
  const [remaining, setRemaining] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const file = useRef<HTMLInputElement>(null)

  const run = async (fn: () => Promise<{ error?: import('../../sdk/client/index.ts').ApiError }>) => {
    // A new try clears the last one's message: a report that went through shows no stale error.
    setErrors({})
    setBusy(true)
    const result = await fn()
    setBusy(false)
    if (result.error) setErrors(fieldErrors(result.error, t, ['proof', 'receivedAmount', 'remainingAmount']))
  }
  const notReceived = () =>
    run(async () => {
      const chosen = file.current?.files?.[0]
      if (!chosen) return (setErrors({ proof: t('money_err_proof_required') }), {})
      const up = await uploadProof(w.id, chosen)
      if (up.error) return up
      return confirmWithdrawal({ id: w.id, outcome: 'not_received' })
    })
  const fullyPaid = () =>
    run(async () => {
      const a = parseAmount(received)
      const b = remaining.trim() === '0' ? { minor: 0 } : parseAmount(remaining)
      const found: Record<string, string> = {}
      if ('errorKey' in a) found.receivedAmount = t(a.errorKey)
      if ('errorKey' in b) found.remainingAmount = t(b.errorKey)
      if (Object.keys(found).length) return (setErrors(found), {})
      return confirmWithdrawal({ id: w.id, outcome: 'fully_paid', receivedAmount: (a as { minor: number }).minor, remainingAmount: (b as { minor: number }).minor })
    })

  return (
    <div className="lk-money__confirm">
      <p>{t('money_wd_confirm_by', { time: w.confirmBy ? formatDate(w.confirmBy) : '' })}</p>
      {mode === 'choose' && (
        <div className="lk-money__actions">
          <button type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void run(() => confirmWithdrawal({ id: w.id, outcome: 'received' }))}>
            {t('money_wd_received')}
          </button>
          <button type="button" className="lk-button" onClick={() => setMode('not_received')}>
            {t('money_wd_not_received')}
          </button>
          <button type="button" className="lk-button" onClick={() => setMode('fully_paid')}>
            {t('money_wd_fully_paid')}
          </button>
        </div>
      )}
      {mode === 'not_received' && (
        <div className="lk-money__form">
          <div className={`lk-field${errors.proof ? ' has-error' : ''}`}>
            <label className="lk-field__label" htmlFor={`proof-${w.id}`}>
              {t('money_proof')}
            </label>
            <input id={`proof-${w.id}`} ref={file} type="file" accept="image/png,image/jpeg" aria-invalid={errors.proof ? true : undefined} />
            <p className="lk-field__hint">{t('money_proof_hint')}</p>
            <p className="lk-field__error" role={errors.proof ? 'alert' : undefined}>
              {errors.proof ?? ''}
            </p>
          </div>
          <div className="lk-money__actions">
            <button type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void notReceived()}>
              {t('money_wd_send_not_received')}
            </button>
            <button type="button" className="lk-button" onClick={() => setMode('choose')}>
              {t('money_back')}
            </button>
          </div>
        </div>
      )}
      {mode === 'fully_paid' && (
        <div className="lk-money__form">
          <Field labelKey="money_received_amount" inputMode="decimal" value={received} onChange={(e) => setReceived(e.target.value)} error={errors.receivedAmount} />
          <Field labelKey="money_remaining_amount" inputMode="decimal" value={remaining} onChange={(e) => setRemaining(e.target.value)} error={errors.remainingAmount} />
          <div className="lk-money__actions">
            <button type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void fullyPaid()}>
              {t('money_wd_send_fully_paid')}
            </button>
            <button type="button" className="lk-button" onClick={() => setMode('choose')}>
              {t('money_back')}
            </button>
          </div>
        </div>
      )}
      <FormError text={errors.form} />
    </div>
  )
}
