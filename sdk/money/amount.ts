/**
 * Amounts typed by a person, read into minor units with the reason when they cannot be used. Pure
 * integer arithmetic: `12.3` is 1230, never a float multiplied by 100.
 *
 * Minor units are the platform currency's, at its exponent ({@link currencyDigits}): two decimals
 * for PHP (`12.3` is 1230), none for VND, whose minor unit is the whole đồng (`50000`, `50,000` and
 * `50.000` are all 50000; `500.5` and `50.0000` are refused).
 * @module
 */
import { moneyCurrency } from '../format/currency.ts'

/**
 * The minor-unit exponent of `currency`: how many decimals `Intl` shows it with (PHP 2, VND 0). Here,
 * not in sdk/format, so the pages that show money without a form carry none of it.
 * @example currencyDigits('VND') // 0
 */
export const currencyDigits = (currency = moneyCurrency()): number => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits as number

/** Result of {@link parseAmount}: minor units, or the locale key of what is wrong. */
export type ParsedAmount = { minor: number } | { errorKey: string }

/** Limits an amount is checked against (minor units); `balance` for withdrawals. */
export interface AmountLimits {
  min?: number
  max?: number
  balance?: number
}

/**
 * Reads a decimal amount (`1,000.50`, `100`) into minor units of the currency with `digits` decimals
 * and checks it against the limits.
 * @param digits the currency's minor-unit exponent, default the platform currency's (PHP 2, VND 0)
 * @example parseAmount('100.5', { min: 100_00 }) // { minor: 10050 }
 * @example parseAmount('50.000', {}, 0) // { minor: 50000 }: whole đồng, grouped as Vietnamese groups them
 */
export function parseAmount(text: string, limits: AmountLimits = {}, digits = currencyDigits()): ParsedAmount {
  let clean = text.trim()
  // A currency without decimals has no decimal point: `50.000` and `50 000` are groups of thousands.
  if (digits === 0 && /^\d{1,3}(?:[.,\s]\d{3})+$/.test(clean)) clean = clean.replace(/[.,\s]/g, '')
  clean = clean.replace(/,/g, '')
  if (clean === '') return { errorKey: 'money_err_amount_required' }
  const m = /^(\d{1,12})(?:\.(\d{0,9}))?$/.exec(clean)
  if (!m) return { errorKey: clean.startsWith('-') ? 'money_err_amount_positive' : 'money_err_amount_invalid' }
  // Without decimals, a point that does not group thousands is a mistake (`50.0000`), never read as one.
  if (digits === 0 && m[2] !== undefined) return { errorKey: 'money_err_amount_whole' }
  const fraction = (m[2] ?? '').replace(/0+$/, '')
  if (fraction.length > digits) return { errorKey: 'money_err_amount_decimals' }
  const minor = Number(m[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
  if (!Number.isSafeInteger(minor)) return { errorKey: 'money_err_amount_max' }
  if (minor === 0) return { errorKey: 'money_err_amount_positive' }
  if (limits.min !== undefined && minor < limits.min) return { errorKey: 'money_err_amount_min' }
  if (limits.max !== undefined && minor > limits.max) return { errorKey: 'money_err_amount_max' }
  if (limits.balance !== undefined && minor > limits.balance) return { errorKey: 'money_err_over_balance' }
  return { minor }
}

/**
 * Minor units as the plain decimal an input holds (`10050` → `100.50`, `10000` → `100`; with no
 * decimals, VND, `50000` → `50000`). Exact: the minor units are never divided as floats.
 */
export function amountInput(minor: number, digits = currencyDigits()): string {
  const scale = 10 ** digits
  const cents = minor % scale
  const whole = String((minor - cents) / scale)
  return cents === 0 ? whole : `${whole}.${String(cents).padStart(digits, '0')}`
}
