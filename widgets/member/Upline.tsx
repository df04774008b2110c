import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { UplineTransferInfo } from '../../sdk/contract/index.ts'
import { $moneyProfile, $uplineTransfer, loadUplineTransfer, parseAmount, transferToUpline } from '../../sdk/money/index.ts'
import { showCentrePage } from '../../sdk/shell/centre-pages.ts'
import { Field } from '../ui/Field.tsx'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'
import { FormError, Notice, fieldErrors, money } from './parts.tsx'

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
  const [amount, setAmount] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [review, setReview] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState('')
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (review !== null) confirmRef.current?.focus()
  }, [review])

  const next = (e: FormEvent) => {
    e.preventDefault()
    setDone('')
    const parsed = parseAmount(amount, { min: info.min, max: info.max, balance: info.balance })
    const found: Record<string, string> = {}
    if ('errorKey' in parsed) found.amount = t(parsed.errorKey)
    if (!/^\d{6}$/.test(password)) found.paymentPassword = t('money_err_pay_password_format')
    setErrors(found)
    if ('minor' in parsed && !found.paymentPassword) setReview(parsed.minor)
  }
  const send = async () => {
    if (review === null) return
    setBusy(true)
    const result = await transferToUpline({ amount: review, paymentPassword: password })
    setBusy(false)
    setReview(null)
    if (result.error) return setErrors(fieldErrors(result.error, t, ['amount', 'paymentPassword']))
    setAmount('')
    setPassword('')
    setDone(t('money_upline_done', { amount: money(result.data.amount), upline: result.data.upline }))
  }

  if (review !== null) {
    return (
      <div className="lk-money__review" role="group" aria-label={t('money_upline_review')}>
        <p>{t('money_upline_confirm_text', { amount: money(review), upline: info.upline })}</p>
        <div className="lk-money__actions">
          <button ref={confirmRef} type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void send()}>
            {t(busy ? 'money_working' : 'money_upline_confirm')}
          </button>
          <button type="button" className="lk-button" disabled={busy} onClick={() => setReview(null)}>
            {t('money_back')}
          </button>
        </div>
      </div>
    )
  }
  return (
    <form className="lk-money__form" onSubmit={next} noValidate aria-label={t('money_upline_title')}>
      <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
      <p className="lk-money__hint">{t('money_limits', { min: money(info.min), max: money(Math.min(info.max, Math.max(info.balance, 0))) })}</p>
      <Field
        labelKey="money_pay_password"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.paymentPassword}
      />
      <FormError text={errors.form} />
      <Notice text={done} />
      <button type="submit" className="lk-button lk-button--primary">
        {t('money_upline_submit')}
      </button>
    </form>
  )
}
