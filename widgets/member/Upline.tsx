import { useStore } from '@nanostores/react'
import type { UplineTransferInfo } from '../../sdk/contract/index.ts'
import { $moneyProfile, $uplineTransfer, createUplineForm, loadUplineTransfer } from '../../sdk/money/index.ts'
import { showCentrePage } from '../../sdk/centre/pages.ts'
import { useForm } from '../ui/form.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { money } from './controls.tsx'
import { PaymentFields } from './payment-steps.tsx'

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
  const binding = useForm(createUplineForm)
  return (
    <PaymentFields
      binding={binding}
      label={t('money_upline_title')}
      reviewLabel={t('money_upline_review')}
      reviewText={(amount) => t('money_upline_confirm_text', { amount: money(amount), upline: info.upline })}
      confirmKey="money_upline_confirm"
      submitKey="money_upline_submit"
      doneText={(d) => t('money_upline_done', { amount: money(d.amount), upline: d.upline })}
      hint={<p className="lk-money__hint">{t('money_limits', { min: money(info.min), max: money(Math.min(info.max, Math.max(info.balance, 0))) })}</p>}
    />
  )
}
