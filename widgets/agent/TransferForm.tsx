import type { Downline } from '../../sdk/contract/index.ts'
import { downlineTransferLimits, transferToDownline } from '../../sdk/agent/index.ts'
import { Field } from '../ui/Field.tsx'
import { useT } from '../ui/index.ts'
import { FormError, Notice, money } from '../member/parts.tsx'
import { ForfeitStep, PayPasswordField, ReviewStep, useReviewedPayment } from '../member/reviewed.tsx'

/** Transfer to a direct downline: amount, payment password, then a review step before anything moves. */
export function TransferForm({ downline }: { downline: Downline }) {
  const t = useT()
  const form = useReviewedPayment({
    limits: downlineTransferLimits,
    send: (amount, paymentPassword, forfeitBonus) => transferToDownline({ downlineId: downline.id, amount, paymentPassword, forfeitBonus }),
    doneText: (d) => t('agent_transfer_done', { amount: money(d.amount), name: d.downline, balance: money(d.balance) }),
  })

  if (form.forfeit !== null) return <ForfeitStep amount={money(form.forfeit)} busy={form.busy} onConfirm={() => void form.confirm(true)} onBack={form.back} />
  const label = t('agent_transfer_named', { name: downline.username })
  if (form.review !== null) {
    return (
      <ReviewStep
        className="lk-agent__offer"
        label={label}
        text={t('agent_transfer_confirm_text', { amount: money(form.review), name: downline.username })}
        confirmKey="agent_transfer_confirm"
        busy={form.busy}
        onConfirm={() => void form.confirm()}
        onBack={form.back}
      />
    )
  }
  return (
    <form className="lk-money__form lk-agent__offer" onSubmit={form.next} noValidate aria-label={label}>
      <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" value={form.amount} onChange={(e) => form.setAmount(e.target.value)} error={form.errors.amount} />
      <PayPasswordField value={form.password} onChange={form.setPassword} error={form.errors.paymentPassword} />
      <p className="lk-money__hint">{t('money_limits', { min: money(downlineTransferLimits.min), max: money(downlineTransferLimits.max) })}</p>
      <FormError text={form.errors.form} />
      <Notice text={form.done} />
      <div className="lk-money__actions">
        <button type="submit" className="lk-button lk-button--primary">
          {t('agent_transfer_next')}
        </button>
      </div>
    </form>
  )
}
