import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { Downline } from '../../sdk/contract/index.ts'
import { downlineTransferLimits, transferToDownline } from '../../sdk/agent/index.ts'
import { parseAmount } from '../../sdk/money/index.ts'
import { Field } from '../ui/Field.tsx'
import { useT } from '../ui/index.ts'
import { FormError, Notice, fieldErrors, money } from '../member/parts.tsx'

/** Transfer to a direct downline: amount, payment password, then a review step before anything moves. */
export function TransferForm({ downline }: { downline: Downline }) {
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
    const parsed = parseAmount(amount, downlineTransferLimits)
    const found: Record<string, string> = {}
    if ('errorKey' in parsed) found.amount = t(parsed.errorKey)
    if (!/^\d{6}$/.test(password)) found.paymentPassword = t('money_err_pay_password_format')
    setErrors(found)
    if ('minor' in parsed && !found.paymentPassword) setReview(parsed.minor)
  }
  const send = async () => {
    if (review === null) return
    setBusy(true)
    const result = await transferToDownline({ downlineId: downline.id, amount: review, paymentPassword: password })
    setBusy(false)
    setReview(null)
    if (result.error) return setErrors(fieldErrors(result.error, t, ['amount', 'paymentPassword']))
    setAmount('')
    setPassword('')
    setDone(t('agent_transfer_done', { amount: money(result.data.amount), name: result.data.downline, balance: money(result.data.balance) }))
  }

  const label = t('agent_transfer_named', { name: downline.username })
  if (review !== null) {
    return (
      <div className="lk-money__review lk-agent__offer" role="group" aria-label={label}>
        <p>{t('agent_transfer_confirm_text', { amount: money(review), name: downline.username })}</p>
        <div className="lk-money__actions">
          <button ref={confirmRef} type="button" className="lk-button lk-button--primary" disabled={busy} onClick={() => void send()}>
            {t(busy ? 'money_working' : 'agent_transfer_confirm')}
          </button>
          <button type="button" className="lk-button" disabled={busy} onClick={() => setReview(null)}>
            {t('money_back')}
          </button>
        </div>
      </div>
    )
  }
  return (
    <form className="lk-money__form lk-agent__offer" onSubmit={next} noValidate aria-label={label}>
      <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
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
      <p className="lk-money__hint">{t('money_limits', { min: money(downlineTransferLimits.min), max: money(downlineTransferLimits.max) })}</p>
      <FormError text={errors.form} />
      <Notice text={done} />
      <div className="lk-money__actions">
        <button type="submit" className="lk-button lk-button--primary">
          {t('agent_transfer_next')}
        </button>
      </div>
    </form>
  )
}
