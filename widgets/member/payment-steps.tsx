/** A money form's steps: its fields, the review before money moves, the bonus-forfeit offer and the payment password. */
import { useStore } from '@nanostores/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { formError } from '../../sdk/form/index.ts'
import type { PaymentForm } from '../../sdk/money/index.ts'
import { Field, type FieldProps } from '../ui/Field.tsx'
import type { FormBinding } from '../ui/form.ts'
import { useT } from '../ui/index.ts'
import { FormError, Notice, money } from './controls.tsx'

/** Props of {@link PaymentFields}. */
export interface PaymentFieldsProps<D> {
  binding: FormBinding<PaymentForm<D>>
  /** What the review says will move, given the amount in minor units. */
  reviewText: (amount: number) => string
  /** The review step's accessible name. */
  reviewLabel: string
  confirmKey: string
  /** The note after a success. */
  doneText: (data: D) => string
  /** What shows between the amount and the password (the limits). */
  hint?: ReactNode
  className?: string
}

/**
 * A reviewed payment's form (amount, password, the form's message and success note) or, once checked,
 * its review step; fields of the form's own (the account paid to) go first as `children`.
 */
export function PaymentFields<D>({
  binding,
  reviewText,
  reviewLabel,
  confirmKey,
  doneText,
  hint,
  className,
  children,
  submitKey,
  label,
}: PaymentFieldsProps<D> & { children?: ReactNode; submitKey: string; label?: string }) {
  const { form, state, field, error, onSubmit } = binding
  const t = useT()
  const forfeit = useStore(form.$forfeit)
  if (forfeit !== null) {
    return <ForfeitStep amount={money(forfeit)} busy={state.busy} onConfirm={() => void form.forfeit()} onBack={form.keepBonus} />
  }
  if (state.review) {
    return (
      <ReviewStep
        className={className}
        label={reviewLabel}
        text={reviewText(state.review.amount)}
        confirmKey={confirmKey}
        busy={state.busy}
        onConfirm={() => void form.confirm()}
        onBack={form.back}
      />
    )
  }
  return (
    <form className={`lk-money__form ${className ?? ''}`.trim()} onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" {...field('amount')} />
      {hint}
      <PayPasswordField {...field('paymentPassword')} />
      <FormError text={error(formError)} />
      <Notice text={state.result?.data ? doneText(state.result.data) : ''} />
      <div className="lk-money__actions">
        <button type="submit" className="lk-button lk-button--primary">
          {t(submitKey)}
        </button>
      </div>
    </form>
  )
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

/** The six-digit payment password of a money form (bind it with `field('paymentPassword')`). */
export function PayPasswordField(props: Omit<FieldProps, 'labelKey'> & { labelKey?: string }) {
  return <Field type="password" inputMode="numeric" autoComplete="off" maxLength={6} {...props} labelKey={props.labelKey ?? 'money_pay_password'} />
}
