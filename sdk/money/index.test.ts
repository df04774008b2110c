import { describe, expect, it } from 'vitest'
import { keyed, lastDays, parseAmount, amountInput, shiftRange } from './index.ts'
import { setPlatformCurrency } from '../format/index.ts'

describe('parseAmount', () => {
  it.each([
    ['100', { minor: 100_00 }],
    ['1,000.5', { minor: 1_000_50 }],
    ['0.07', { minor: 7 }],
    ['12.300', { minor: 12_30 }],
    ['', { errorKey: 'money_err_amount_required' }],
    ['-5', { errorKey: 'money_err_amount_positive' }],
    ['0', { errorKey: 'money_err_amount_positive' }],
    ['1.005', { errorKey: 'money_err_amount_decimals' }],
    ['abc', { errorKey: 'money_err_amount_invalid' }],
    ['1e3', { errorKey: 'money_err_amount_invalid' }],
    ['99999999999999999999', { errorKey: 'money_err_amount_invalid' }],
  ])('%s', (text, want) => expect(parseAmount(text)).toEqual(want))

  it('checks the limits and the balance', () => {
    expect(parseAmount('99.99', { min: 100_00 })).toEqual({ errorKey: 'money_err_amount_min' })
    expect(parseAmount('501', { max: 500_00 })).toEqual({ errorKey: 'money_err_amount_max' })
    expect(parseAmount('60', { balance: 50_00 })).toEqual({ errorKey: 'money_err_over_balance' })
  })
})

describe('amounts typed for a currency without decimals (VND: a minor unit is a whole đồng)', () => {
  it.each([
    ['50000', { minor: 50_000 }],
    ['50.000', { minor: 50_000 }],
    ['50,000', { minor: 50_000 }],
    ['1.500.000', { minor: 1_500_000 }],
    ['1 500 000', { minor: 1_500_000 }],
    ['500.00', { errorKey: 'money_err_amount_whole' }],
    ['500.5', { errorKey: 'money_err_amount_whole' }],
    ['50.0000', { errorKey: 'money_err_amount_whole' }],
    ['0', { errorKey: 'money_err_amount_positive' }],
    ['-50.000', { errorKey: 'money_err_amount_positive' }],
    ['999999999999', { minor: 999_999_999_999 }],
  ])('%s', (text, want) => expect(parseAmount(text, {}, 0)).toEqual(want))

  it('reads the forms at the platform currency exponent once the status names VND, and fills inputs the same way', () => {
    try {
      setPlatformCurrency('VND')
      expect(parseAmount('200.000', { min: 100_000, balance: 150_000 })).toEqual({ errorKey: 'money_err_over_balance' })
      expect(parseAmount('100.000', { min: 100_000 })).toEqual({ minor: 100_000 })
      expect(amountInput(100_000)).toBe('100000')
    } finally {
      setPlatformCurrency(undefined)
    }
    expect(parseAmount('100.000', { min: 100_00 })).toEqual({ minor: 100_00 })
    expect(amountInput(100_50)).toBe('100.50')
    expect(amountInput(100_00)).toBe('100')
    expect(amountInput(7)).toBe('0.07')
  })
})

describe('keyed', () => {
  it('reuses the key for a retry of the same input, and not after a success or another input', async () => {
    const keys: string[] = []
    let fail = true
    const send = keyed(
      async (input: { amount: number; paymentPassword: string }, key: string) => {
        keys.push(key)
        if (fail) throw new Error('lost reply')
        return input.amount
      },
      ['paymentPassword'],
    )
    await expect(send({ amount: 1, paymentPassword: 'a' })).rejects.toThrow()
    fail = false
    await send({ amount: 1, paymentPassword: 'b' })
    await send({ amount: 1, paymentPassword: 'b' })
    await send({ amount: 2, paymentPassword: 'b' })
    expect(keys[0]).toBe(keys[1])
    expect(new Set(keys).size).toBe(3)
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
  })
})

describe('date ranges', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  it('picks the previous or next 7 or 30 days, never past today', () => {
    const week = lastDays(7, now)
    expect(week).toEqual({ from: '2026-11-17', to: '2026-11-23' })
    expect(shiftRange(week, -1, 7, now)).toEqual({ from: '2026-11-10', to: '2026-11-16' })
    expect(shiftRange({ from: '2026-11-10', to: '2026-11-16' }, 1, 7, now)).toEqual(week)
    expect(shiftRange(week, 1, 7, now)).toEqual(week)
    expect(shiftRange(week, -1, 30, now)).toEqual({ from: '2026-10-18', to: '2026-11-16' })
  })
})
