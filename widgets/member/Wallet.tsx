import { useStore } from '@nanostores/react'
import { showCentrePage } from '../../sdk/shell/centre-pages.ts'
import { $balance, refreshBalance } from '../../sdk/stores/index.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { money } from './parts.tsx'

/** My wallet (transferFund): the total balance, refreshed on demand, and the way to deposit or withdraw. */
export function Wallet() {
  const t = useT()
  const balance = useStore($balance)
  return (
    <div className="lk-money__stack">
      {balance.error && !balance.data ? (
        <ErrorState messageKey={balance.error.messageKey} onRetry={() => void refreshBalance()} />
      ) : !balance.data ? (
        <Skeleton count={2} height={40} />
      ) : (
        <dl className="lk-money__facts lk-money__big">
          <dt>{t('money_total_balance')}</dt>
          <dd aria-live="polite">{money(balance.data.sumBalance)}</dd>
        </dl>
      )}
      <div className="lk-money__actions">
        <button type="button" className="lk-button" disabled={balance.loading} onClick={() => void refreshBalance()}>{t('money_refresh')}</button>
        <button type="button" className="lk-button lk-button--primary" onClick={() => showCentrePage('depositv2')}>{t('centre_member_depositv2')}</button>
        <button type="button" className="lk-button" onClick={() => showCentrePage('withdraw')}>{t('centre_member_withdraw')}</button>
      </div>
    </div>
  )
}
