import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { Wallets } from '../../sdk/contract/index.ts'
import { $wallets, loadWallets, parseAmount, recallAllWallets, transferWallet } from '../../sdk/money/index.ts'
import { showCentrePage } from '../../sdk/shell/centre-pages.ts'
import { Field } from '../ui/Field.tsx'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { FormError, Notice, SelectField, fieldErrors, money } from './parts.tsx'

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
  const [vendor, setVendor] = useState(vendors[0]?.code ?? '')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const main = wallets.wallets.find((x) => x.code === 'main')?.balance ?? 0
  const chosen = vendors.find((x) => x.code === vendor)

  const move = async (direction: 'in' | 'out', e?: FormEvent) => {
    e?.preventDefault()
    setNote('')
    const parsed = parseAmount(amount, { balance: direction === 'in' ? main : (chosen?.balance ?? 0) })
    if ('errorKey' in parsed) return setErrors({ amount: t(parsed.errorKey) })
    setBusy(true)
    const r = await transferWallet(direction === 'in' ? { from: 'main', to: vendor, amount: parsed.minor } : { from: vendor, to: 'main', amount: parsed.minor })
    setBusy(false)
    if (r.error) return setErrors(fieldErrors(r.error, t, ['amount']))
    setErrors({})
    setAmount('')
    setNote(t('money_transfer_done'))
  }
  const recall = async () => {
    setBusy(true)
    const r = await recallAllWallets()
    setBusy(false)
    setErrors(r.error ? { form: t(r.error.messageKey) } : {})
    setNote(r.data ? t('money_recall_done', { amount: money(r.data.moved) }) : '')
  }
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
      <form className="lk-money__form" onSubmit={(e) => void move('in', e)} noValidate aria-label={t('money_transfer')}>
        <SelectField labelKey="money_vendor_wallet" value={vendor} onChange={(e) => setVendor(e.target.value)}>
          {vendors.map((x) => (
            <option key={x.code} value={x.code}>{`${x.name} (${money(x.balance)})`}</option>
          ))}
        </SelectField>
        <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
        <div className="lk-money__actions">
          <button type="submit" className="lk-button lk-button--primary" disabled={busy}>
            {t('money_transfer_in')}
          </button>
          <button type="button" className="lk-button" disabled={busy} onClick={() => void move('out')}>
            {t('money_transfer_out')}
          </button>
          <button type="button" className="lk-button" disabled={busy} onClick={() => void recall()}>
            {t('money_recall_all')}
          </button>
        </div>
        <FormError text={errors.form} />
        <Notice text={note} />
      </form>
    </>
  )
}
