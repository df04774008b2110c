/**
 * The amount and payment password form that moves money only after a review step (withdrawals,
 * transfers to the upline or a downline), on the form engine.
 * @module
 */
import { atom } from 'nanostores'
import * as v from 'valibot'
import { PositiveMinor } from '../contract/common.ts'
import { PaymentPassword } from '../contract/money.ts'
import type { Outcome } from '../client/outcome.ts'
import { createForm } from '../form/index.ts'
import { parseAmount, type AmountLimits } from './amount.ts'

/** What a reviewed payment sends: the amount in minor units and the payment password. */
export interface Payment {
  amount: number
  paymentPassword: string
}

const PaymentSchema = v.object({ amount: PositiveMinor, paymentPassword: PaymentPassword })

/** What {@link createPaymentForm} is given. */
export interface PaymentFormOptions<X extends Record<string, string>, D> {
  /** The limits the amount is checked against, read at each check (the page's latest). */
  limits: () => AmountLimits
  /** Fields besides the amount and password (the account paid to), kept after a success. */
  extra?: X
  /** Moves the money (a keyed call) once the member confirms the review (`forfeitBonus` once it chose that too). */
  send: (input: Payment & X & { forfeitBonus?: boolean }) => Promise<Outcome<D>>
}

/**
 * A reviewed payment form: `submit` checks the amount against the limits and the password's six
 * digits and stops at the review (`review.amount` in minor units), `confirm` sends once; a success
 * clears the amount and the password. A `wagering_required` refusal (part of the balance is a bonus
 * still to be wagered) sets `$forfeit` to the amount refused: `forfeit()` sends it again with the
 * bonus given up (the member's "forfeit bonus and continue"), `keep()` drops the offer; nothing typed is lost.
 * @example const form = createPaymentForm({ limits: () => ({ min: 100 }), send: transferToUpline })
 */
export function createPaymentForm<X extends Record<string, string>, D>({ limits, extra, send }: PaymentFormOptions<X, D>) {
  const initial = { ...(extra as X), amount: '', paymentPassword: '' }
  const parsed = (text: string) => parseAmount(text, limits())
  const $forfeit = atom<number | null>(null)
  let forfeiting = false
  const form = createForm<typeof initial, Payment, D>({
    initial,
    schema: PaymentSchema,
    input: (values) => {
      const amount = parsed(values.amount)
      return { amount: 'minor' in amount ? amount.minor : 0, paymentPassword: values.paymentPassword }
    },
    check: (values) => {
      const amount = parsed(values.amount)
      return 'errorKey' in amount ? { amount: { key: amount.errorKey } } : {}
    },
    submit: async (payment, values) => {
      const result = await send({ ...values, ...payment, ...(forfeiting ? { forfeitBonus: true } : {}) })
      $forfeit.set(result.error?.code === 'wagering_required' && !forfeiting ? payment.amount : null)
      return result
    },
    review: true,
    keep: Object.keys(extra ?? {}),
  })
  return {
    ...form,
    /** The amount a `wagering_required` refusal offers to send again with the bonus forfeited, else `null`. */
    $forfeit,
    /** Sends the refused amount again, the unwagered bonus going back to the house first. */
    async forfeit(): Promise<Outcome<D> | null> {
      if ($forfeit.get() === null) return null
      forfeiting = true
      try {
        await form.submit()
        return await form.confirm()
      } finally {
        forfeiting = false
      }
    },
    /** Leaves the forfeit offer: the bonus stays, the values too. */
    keepBonus() {
      $forfeit.set(null)
    },
  }
}

/** A reviewed payment form (see {@link createPaymentForm}). */
export type PaymentForm<D, X extends Record<string, string> = Record<string, string>> = ReturnType<typeof createPaymentForm<X, D>>
