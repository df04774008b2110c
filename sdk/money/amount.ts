/**
 * Amounts typed by a person, read into minor units with the reason when they cannot be used. Pure
 * integer arithmetic: `12.3` is 1230, never a float multiplied by 100.
 * @module
 */

/** Result of {@link parseAmount}: minor units, or the locale key of what is wrong. */
export type ParsedAmount = { minor: number } | { errorKey: string }

/** Limits an amount is checked against (minor units); `balance` for withdrawals. */
export interface AmountLimits {
  min?: number
  max?: number
  balance?: number
}

/**
 * Reads a decimal amount (`1,000.50`, `100`) into minor units and checks it against the limits.
 * @example parseAmount('100.5', { min: 100_00 }) // { minor: 10050 }
 */
export function parseAmount(text: string, limits: AmountLimits = {}): ParsedAmount {
  const clean = text.trim().replace(/,/g, '')
  if (clean === '') return { errorKey: 'money_err_amount_required' }
  const m = /^(\d{1,12})(?:\.(\d{0,9}))?$/.exec(clean)
  if (!m) return { errorKey: clean.startsWith('-') ? 'money_err_amount_positive' : 'money_err_amount_invalid' }
  const fraction = (m[2] ?? '').replace(/0+$/, '')
  if (fraction.length > 2) return { errorKey: 'money_err_amount_decimals' }
  const minor = Number(m[1]) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(minor)) return { errorKey: 'money_err_amount_max' }
  if (minor === 0) return { errorKey: 'money_err_amount_positive' }
  if (limits.min !== undefined && minor < limits.min) return { errorKey: 'money_err_amount_min' }
  if (limits.max !== undefined && minor > limits.max) return { errorKey: 'money_err_amount_max' }
  if (limits.balance !== undefined && minor > limits.balance) return { errorKey: 'money_err_over_balance' }
  return { minor }
}

/** Minor units as the plain decimal an input holds (`10050` → `100.50`, `10000` → `100`). */
export const amountInput = (minor: number): string => (minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2))
