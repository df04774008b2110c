import { useEffect, useRef, useState, type FormEvent } from 'react'
import { parseAmount, type AmountLimits, type Outcome } from '../../sdk/money/index.ts'
import { Field } from '../ui/Field.tsx'
import { useT } from '../ui/index.ts'
import { fieldErrors } from './parts.tsx'

/** What {@link useReviewedPayment} is given: the limits to check, the call that moves the money, and its success note. */
export interface ReviewedPaymentOptions<D> {
  limits: AmountLimits
  /** Moves the money once the member confirms the review (`forfeitBonus` once it confirmed that too). */
  send: (minor: number, paymentPassword: string, forfeitBonus?: boolean) => Promise<Outcome<D>>
  /** The note shown after a success. */
  doneText: (data: D) => string
  /** Fields a refusal may name besides `amount` and `paymentPassword` (shown under them; anything else above the button). */
  fields?: readonly string[]
}

/**
 * An amount and payment password form that moves money only after a review step (transfers to the
 * upline or a downline, withdrawals): `next` checks the amount against the limits and the password's
 * six digits and shows the review; `confirm` sends once, then clears the secrets or shows the refusal.
 * A `wagering_required` refusal (a bonus still to be wagered) becomes `forfeit`, the amount to send
 * again once the member chooses "forfeit bonus and continue" (`confirm(true)`); nothing typed is lost.
 */
export function useReviewedPayment<D>({ limits, send, doneText, fields = [] }: ReviewedPaymentOptions<D>) {
  const t = useT()
  const [amount, setAmount] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [review, setReview] = useState<number | null>(null)
  const [forfeit, setForfeit] = useState<number | null>(null)
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
  const confirm = async (forfeitBonus = false) => {
    const minor = forfeitBonus ? forfeit : review
    if (minor === null) return
    setBusy(true)
    const result = await send(minor, password, forfeitBonus || undefined)
    setBusy(false)
    setReview(null)
    setForfeit(null)
    if (result.error?.code === 'wagering_required' && !forfeitBonus) return setForfeit(minor)
    if (result.error) return setErrors(fieldErrors(result.error, t, ['amount', 'paymentPassword', ...fields]))
    setAmount('')
    setPassword('')
    setDone(doneText(result.data))
  }
  const back = () => {
    setReview(null)
    setForfeit(null)
  }
  return { amount, setAmount, password, setPassword, errors, setErrors, review, forfeit, busy, done, next, confirm, back }
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

/**
 * The offer after a `wagering_required` refusal: part of the balance is a bonus still to be wagered;
 * "forfeit bonus and continue" sends the same amount again, the bonus going back to the house first.
 */
export function ForfeitStep({ amount, busy, onConfirm, onBack }: { amount: string; busy: boolean; onConfirm: () => void; onBack: () => void }) {
  const t = useT()
  return (
    <ReviewStep
      label={t('money_forfeit_label')}
      text={t('money_forfeit_text', { amount })}
      confirmKey="money_forfeit_confirm"
      busy={busy}
      onConfirm={onConfirm}
      onBack={onBack}
      className="lk-money__forfeit"
    />
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
