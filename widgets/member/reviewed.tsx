import { useEffect, useRef, useState, type FormEvent } from 'react'
import { parseAmount, type AmountLimits, type Outcome } from '../../sdk/money/index.ts'
import { Field } from '../ui/Field.tsx'
import { useT } from '../ui/index.ts'
import { fieldErrors } from './parts.tsx'

/** What {@link useReviewedPayment} is given: the limits to check, the call that moves the money, and its success note. */
export interface ReviewedPaymentOptions<D> {
  limits: AmountLimits
  /** Moves the money once the member confirms the review. */
  send: (minor: number, paymentPassword: string) => Promise<Outcome<D>>
  /** The note shown after a success. */
  doneText: (data: D) => string
  /** Fields a refusal may name besides `amount` and `paymentPassword` (shown under them; anything else above the button). */
  fields?: readonly string[]
}

/**
 * An amount and payment password form that moves money only after a review step (transfers to the
 * upline or a downline, withdrawals): `next` checks the amount against the limits and the password's
 * six digits and shows the review; `confirm` sends once, then clears the secrets or shows the refusal.
 */
export function useReviewedPayment<D>({ limits, send, doneText, fields = [] }: ReviewedPaymentOptions<D>) {
  const t = useT()
  const [amount, setAmount] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [review, setReview] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState('')

  const next = (e: FormEvent) => {
    e.preventDefault()
    setDone('')
    const parsed = parseAmount(amount, limits)
    const found: Record<string, string> = {}
    if ('errorKey' in parsed) found.amount = t(parsed.errorKey)
    if (!/^\d{6}$/.test(password)) found.paymentPassword = t('money_err_pay_password_format')
    setErrors(found)
    if ('minor' in parsed && !found.paymentPassword) setReview(parsed.minor)
  }
  const confirm = async () => {
    if (review === null) return
    setBusy(true)
    const result = await send(review, password)
    setBusy(false)
    setReview(null)
    if (result.error) return setErrors(fieldErrors(result.error, t, ['amount', 'paymentPassword', ...fields]))
    setAmount('')
    setPassword('')
    setDone(doneText(result.data))
  }
  return { amount, setAmount, password, setPassword, errors, setErrors, review, busy, done, next, confirm, back: () => setReview(null) }
}

/** Props of {@link ReviewStep}. */
export interface ReviewStepProps {
  /** Accessible name of the step. */
  label: string
  /** What will move, and where, in the member's words. */
  text: string
  confirmKey: string
  busy: boolean
  onConfirm: () => void
  onBack: () => void
  className?: string
}

/** The review before money moves: what will happen, confirm (focused when it shows) or go back. */
export function ReviewStep({ label, text, confirmKey, busy, onConfirm, onBack, className = '' }: ReviewStepProps) {
  const t = useT()
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => confirmRef.current?.focus(), [])
  return (
    <div className={`lk-money__review ${className}`.trim()} role="group" aria-label={label}>
      <p>{text}</p>
      <div className="lk-money__actions">
        <button ref={confirmRef} type="button" className="lk-button lk-button--primary" disabled={busy} onClick={onConfirm}>
          {t(busy ? 'money_working' : confirmKey)}
        </button>
        <button type="button" className="lk-button" disabled={busy} onClick={onBack}>
          {t('money_back')}
        </button>
      </div>
    </div>
  )
}

/** The six-digit payment password of a money form. */
export function PayPasswordField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <Field
      labelKey="money_pay_password"
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  )
}
