import type { Downline } from '../../sdk/contract/index.ts'
import { createDownlineTransferForm, downlineTransferLimits } from '../../sdk/agent/index.ts'
import { useForm } from '../ui/form.ts'
import { useT } from '../ui/index.ts'
import { money } from '../member/controls.tsx'
import { PaymentFields } from '../member/payment-steps.tsx'

/** Transfer to a direct downline: amount, payment password, then a review step before anything moves. */
export function TransferForm({ downline }: { downline: Downline }) {
  const t = useT()
  const binding = useForm(() => createDownlineTransferForm(downline.id))
  const label = t('agent_transfer_named', { name: downline.username })
  return (
    <PaymentFields
      binding={binding}
      className="lk-agent__offer"
      label={label}
      reviewLabel={label}
      reviewText={(amount) => t('agent_transfer_confirm_text', { amount: money(amount), name: downline.username })}
      confirmKey="agent_transfer_confirm"
      submitKey="agent_transfer_next"
      doneText={(d) => t('agent_transfer_done', { amount: money(d.amount), name: d.downline, balance: money(d.balance) })}
      hint={<p className="lk-money__hint">{t('money_limits', { min: money(downlineTransferLimits.min), max: money(downlineTransferLimits.max) })}</p>}
    />
  )
}
