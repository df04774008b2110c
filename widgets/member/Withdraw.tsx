import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { MoneyProfile, PayoutAccount, Withdrawal, WithdrawInfo } from '../../sdk/contract/index.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { formError } from '../../sdk/form/index.ts'
import {
  $moneyProfile,
  $withdrawInfo,
  createReceiptForm,
  createWithdrawForm,
  loadMoneyProfile,
  loadWithdrawInfo,
  withdrawSetupStep,
  withdrawSetupSteps,
} from '../../sdk/money/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { FormError, SelectField, money } from './controls.tsx'
import { PaymentFields } from './payment-steps.tsx'
import { AddAccountForm, PayPasswordForm, RealNameForm } from './Account.tsx'

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

/**
 * The form, or the step a first withdrawal still needs (real name, an account, a payment password),
 * done here: a withdrawal-only session (a break runs) has no other page to do it on.
 */
function Ready({ profile, info }: { profile: MoneyProfile; info: WithdrawInfo }) {
  const t = useT()
  const step = withdrawSetupStep(profile)
  if (!step) return <WithdrawForm profile={profile} info={info} />
  return (
    <section className="lk-money__setup" aria-label={t('money_wd_setup_title')}>
      <h4 className="lk-money__subhead">{t('money_wd_setup_title')}</h4>
      <p>{t('money_wd_setup_step', { step: withdrawSetupSteps.indexOf(step) + 1, total: withdrawSetupSteps.length })}</p>
      <p className="lk-money__hint">{t(`money_wd_setup_${step}`)}</p>
      {step === 'realName' ? <RealNameForm /> : step === 'account' ? <AddAccountForm realName={profile.realName} /> : <PayPasswordForm profile={profile} />}
    </section>
  )
}

function WithdrawForm({ profile, info }: { profile: MoneyProfile; info: WithdrawInfo }) {
  const t = useT()
  const binding = useForm(() => createWithdrawForm(profile.accounts.find((a) => a.isDefault)?.id ?? profile.accounts[0].id))
  const account = profile.accounts.find((a) => a.id === binding.state.values.accountId) ?? profile.accounts[0]
  const accountName = (a: PayoutAccount) => `${a.provider} ${a.accountNo} (${a.payeeName})`
  return (
    <PaymentFields
      binding={binding}
      reviewLabel={t('money_withdraw_review')}
      reviewText={(amount) => t('money_withdraw_confirm_text', { amount: money(amount), account: accountName(account) })}
      confirmKey="money_withdraw_confirm"
      submitKey="money_withdraw_submit"
      doneText={(w) => t('money_withdraw_requested', { amount: money(w.amount) })}
      hint={<p className="lk-money__hint">{t('money_limits', { min: money(info.min), max: money(Math.min(info.max, Math.max(info.withdrawable, 0))) })}</p>}
    >
      <SelectField labelKey="money_withdraw_to" {...binding.field('accountId')}>
        {profile.accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {accountName(a)}
          </option>
        ))}
      </SelectField>
    </PaymentFields>
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
  const { form, state, field, error } = useForm(() => createReceiptForm(w.id))
  const proofError = error('proof')
  const send = (outcome: Parameters<typeof form.submit>[0]) => () => void form.submit(outcome)
  const back = (
    <button type="button" className="lk-button" onClick={() => setMode('choose')}>
      {t('money_back')}
    </button>
  )
  return (
    <div className="lk-money__confirm">
      <p>{t('money_wd_confirm_by', { time: w.confirmBy ? formatDate(w.confirmBy) : '' })}</p>
      {mode === 'choose' && (
        <div className="lk-money__actions">
          <button type="button" className="lk-button lk-button--primary" disabled={state.busy} onClick={send({ outcome: 'received', proof: null })}>
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
          <div className={`lk-field${proofError ? ' has-error' : ''}`}>
            <label className="lk-field__label" htmlFor={`proof-${w.id}`}>
              {t('money_proof')}
            </label>
            <input
              id={`proof-${w.id}`}
              type="file"
              accept="image/png,image/jpeg"
              aria-invalid={proofError ? true : undefined}
              onChange={(e) => form.set('proof', e.target.files?.[0] ?? null)}
            />
            <p className="lk-field__hint">{t('money_proof_hint')}</p>
            <p className="lk-field__error" role={proofError ? 'alert' : undefined}>
              {proofError ?? ''}
            </p>
          </div>
          <div className="lk-money__actions">
            <button type="button" className="lk-button lk-button--primary" disabled={state.busy} onClick={send({ outcome: 'not_received' })}>
              {t('money_wd_send_not_received')}
            </button>
            {back}
          </div>
        </div>
      )}
      {mode === 'fully_paid' && (
        <div className="lk-money__form">
          <Field labelKey="money_received_amount" inputMode="decimal" {...field('receivedAmount')} />
          <Field labelKey="money_remaining_amount" inputMode="decimal" {...field('remainingAmount')} />
          <div className="lk-money__actions">
            <button type="button" className="lk-button lk-button--primary" disabled={state.busy} onClick={send({ outcome: 'fully_paid', proof: null })}>
              {t('money_wd_send_fully_paid')}
            </button>
            {back}
          </div>
        </div>
      )}
      <FormError text={error(formError)} />
    </div>
  )
}
