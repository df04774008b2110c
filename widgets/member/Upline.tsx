import { useStore } from '@nanostores/react'
import type { UplineTransferInfo } from '../../sdk/contract/index.ts'
import { $moneyProfile, $uplineTransfer, loadUplineTransfer, transferToUpline } from '../../sdk/money/index.ts'
import { showCentrePage } from '../../sdk/shell/centre-pages.ts'
import { Field } from '../ui/Field.tsx'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { FormError, Notice, money } from './parts.tsx'
import { ForfeitStep, PayPasswordField, ReviewStep, useReviewedPayment } from './reviewed.tsx'

/** Transfer to the upline agent (SPEC §2 transferUpline): amount, payment password, a review step. */
export function Upline() {
  const t = useT()
  const info = useStore($uplineTransfer)
  const profile = useStore($moneyProfile)
  if (info.error && !info.data) return <ErrorState messageKey={info.error.messageKey} onRetry={() => void loadUplineTransfer()} />
  if (!info.data || !profile.data) return <Skeleton count={4} height={40} />
  if (!info.data.allowed)
    return (
      <p className="lk-empty-state" role="note">
        {t('money_upline_not_allowed')}
      </p>
    )
  return (
    <div className="lk-money__stack">
      <dl className="lk-money__facts">
        <dt>{t('money_upline_to')}</dt>
        <dd>{info.data.upline}</dd>
        <dt>{t('money_balance')}</dt>
        <dd>{money(info.data.balance)}</dd>
      </dl>
      {profile.data.hasPaymentPassword ? (
        <TransferForm info={info.data} />
      ) : (
        <div className="lk-money__setup" role="note">
          <p>{t('money_need_pay_password')}</p>
          <button type="button" className="lk-button lk-button--primary" onClick={() => showCentrePage('securityCenter')}>
            {t('money_go_account')}
          </button>
        </div>
      )}
    </div>
  )
}

function TransferForm({ info }: { info: UplineTransferInfo }) {
  const t = useT()
  const form = useReviewedPayment({
    limits: { min: info.min, max: info.max, balance: info.balance },
    send: (amount, paymentPassword, forfeitBonus) => transferToUpline({ amount, paymentPassword, forfeitBonus }),
    doneText: (d) => t('money_upline_done', { amount: money(d.amount), upline: d.upline }),
  })

  if (form.forfeit !== null) return <ForfeitStep amount={money(form.forfeit)} busy={form.busy} onConfirm={() => void form.confirm(true)} onBack={form.back} />
  if (form.review !== null) {
    return (
      <ReviewStep
        label={t('money_upline_review')}
        text={t('money_upline_confirm_text', { amount: money(form.review), upline: info.upline })}
        confirmKey="money_upline_confirm"
        busy={form.busy}
        onConfirm={() => void form.confirm()}
        onBack={form.back}
      />
    )
  }
  return (
    <form className="lk-money__form" onSubmit={form.next} noValidate aria-label={t('money_upline_title')}>
      <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" value={form.amount} onChange={(e) => form.setAmount(e.target.value)} error={form.errors.amount} />
      <p className="lk-money__hint">{t('money_limits', { min: money(info.min), max: money(Math.min(info.max, Math.max(info.balance, 0))) })}</p>
      <PayPasswordField value={form.password} onChange={form.setPassword} error={form.errors.paymentPassword} />
      <FormError text={form.errors.form} />
      <Notice text={form.done} />
      <button type="submit" className="lk-button lk-button--primary">
        {t('money_upline_submit')}
      </button>
    </form>
  )
}
