import { useStore } from '@nanostores/react'
import type { Wallets } from '../../sdk/contract/index.ts'
import { formError } from '../../sdk/form/index.ts'
import { $wallets, createWalletForm, loadWallets } from '../../sdk/money/index.ts'
import { showCentrePage } from '../../sdk/centre/pages.ts'
import { Field } from '../ui/Field.tsx'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { useForm } from '../ui/form.ts'
import { FormError, Notice, SelectField, money } from './controls.tsx'

/** My wallet (transferFund): the total, each vendor wallet when the merchant wallet is not single, transfers and recall all. */
export function Wallet() {
  const t = useT()
  const wallets = useStore($wallets)
  if (wallets.error && !wallets.data) return <ErrorState messageKey={wallets.error.messageKey} onRetry={() => void loadWallets()} />
  if (!wallets.data) return <Skeleton count={3} height={40} />
  const w = wallets.data
  return (
    <div className="lk-money__stack">
      <dl className="lk-money__facts lk-money__big">
        <dt>{t('money_total_balance')}</dt>
        <dd aria-live="polite">{money(w.sumBalance)}</dd>
      </dl>
      <div className="lk-money__actions">
        <button type="button" className="lk-button" disabled={wallets.loading} onClick={() => void loadWallets()}>
          {t('money_refresh')}
        </button>
        <button type="button" className="lk-button lk-button--primary" onClick={() => showCentrePage('depositv2')}>
          {t('centre_member_depositv2')}
        </button>
        <button type="button" className="lk-button" onClick={() => showCentrePage('withdraw')}>
          {t('centre_member_withdraw')}
        </button>
      </div>
      {!w.isSingle && <VendorWallets wallets={w} />}
    </div>
  )
}

function VendorWallets({ wallets }: { wallets: Wallets }) {
  const t = useT()
  const vendors = wallets.wallets.filter((x) => x.code !== 'main')
  const { form, state, field, error } = useForm(() => createWalletForm(vendors[0]?.code ?? ''))
  const recalled = useStore(form.$recalled)
  const busy = state.busy
  const note = state.result?.data ? t('money_transfer_done') : recalled !== null ? t('money_recall_done', { amount: money(recalled) }) : ''
  const move = (direction: 'in' | 'out') => void form.submit({ direction })
  return (
    <>
      <h4 className="lk-money__subhead">{t('money_wallets')}</h4>
      <ul className="lk-money__list lk-money__wallets">
        {wallets.wallets.map((x) => (
          <li key={x.code} className="lk-money__item lk-money__row">
            <span>{x.code === 'main' ? t('money_main_wallet') : x.name}</span>
            <strong>{money(x.balance)}</strong>
          </li>
        ))}
      </ul>
      <form
        className="lk-money__form"
        onSubmit={(e) => {
          e.preventDefault()
          move('in')
        }}
        noValidate
        aria-label={t('money_transfer')}
      >
        <SelectField labelKey="money_vendor_wallet" {...field('vendor')}>
          {vendors.map((x) => (
            <option key={x.code} value={x.code}>{`${x.name} (${money(x.balance)})`}</option>
          ))}
        </SelectField>
        <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" {...field('amount')} />
        <div className="lk-money__actions">
          <button type="submit" className="lk-button lk-button--primary" disabled={busy}>
            {t('money_transfer_in')}
          </button>
          <button type="button" className="lk-button" disabled={busy} onClick={() => move('out')}>
            {t('money_transfer_out')}
          </button>
          <button type="button" className="lk-button" disabled={busy} onClick={() => void form.recall()}>
            {t('money_recall_all')}
          </button>
        </div>
        <FormError text={error(formError)} />
        <Notice text={note} />
      </form>
    </>
  )
}
