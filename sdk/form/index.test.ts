import { beforeAll, describe, expect, it } from 'vitest'
import { lastCode } from '../../sandbox/auth/testkit.ts'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { outcome } from '../client/index.ts'
import { SetPaymentPasswordRequest } from '../contract/money.ts'
import { WalletTransferTerms } from '../contract/money.ts'
import { createContactForm, savePaymentPassword, transferWallet } from '../money/index.ts'
import { moneyApi } from '../money/api.ts'
import { ApiError } from '../client/errors.ts'
import { invalidateKeys } from '../stores/index.ts'
import { createForm, errorsOf } from './index.ts'

// The form engine against the reference platform: the contract's request schema refuses bad values
// before anything is sent, with the same keys the platform answers; refusals land under their fields;
// a review step sends only on confirmation, and a double confirmation moves money once.

const { sb } = sandboxForFile()
let asked: string[] = []
beforeAll(async () => {
  asked = await signInCounting(sb, 'demo01', 'demo1234')
})

const contactForm = () => createContactForm('mobile')
/**
 * The countries list (each country's digits) not in yet, as when a form first shows: its digits check
 * then leaves a number to the schema. An earlier test's form may have loaded it, or be loading it.
 */
const countriesNotLoaded = () => invalidateKeys((key) => key.startsWith('countries'))
/** demo01 as a member who never set a payment password (the tests that need one set it themselves). */
const withoutPaymentPassword = () =>
  sb.db.query("UPDATE money_profiles SET pay_password_hash = NULL, pay_tries = 0 WHERE member_id = (SELECT id FROM members WHERE username = 'demo01')")
/** The payment password typed twice the same (the engine's tests are not about the confirmation). */
const twice = <V extends { newPassword: string }>(values: V) => ({ ...values, confirmNewPassword: values.newPassword })

describe('createForm', () => {
  it('refuses bad values by the contract schema before any call, with the keys the platform answers', async () => {
    countriesNotLoaded()
    const form = contactForm()
    form.set('countryDialingCode', '63a')
    form.set('mobileNum', '12')
    form.set('code', '12')
    const before = asked.length
    expect(await form.submit()).toBeNull()
    expect(asked.length).toBe(before)
    const { errors, values, result, busy } = form.$state.get()
    expect(errors).toEqual({
      countryDialingCode: { key: 'money_err_dial_format' },
      mobileNum: { key: 'money_err_mobile_format' },
      code: { key: 'money_err_code_format' },
    })
    expect(values).toEqual({ countryDialingCode: '63a', mobileNum: '12', code: '12' })
    expect([result, busy]).toEqual([null, false])
    // The platform checks the same rule with the same schema: one home for both sides of the wire.
    const refused = await outcome(() => moneyApi('bindContact', { channel: 'mobile', countryDialingCode: '63a', mobileNum: '12', code: '12' }))
    expect(refused.error?.fields).toEqual({ countryDialingCode: 'money_err_dial_format', mobileNum: 'money_err_mobile_format', code: 'money_err_code_format' })
  })

  it('checks a side action by its own schema only, then sends the schema output and shows a refusal under its field', async () => {
    countriesNotLoaded()
    const form = contactForm()
    form.set('mobileNum', '0917')
    const before = asked.length
    expect(await form.sendCode()).toBeNull()
    expect(asked.length).toBe(before)
    // The code is not the get-code button's business.
    expect(form.$state.get().errors).toEqual({ mobileNum: { key: 'money_err_mobile_format' } })
    form.set('mobileNum', ' 917-123-4567 ')
    expect((await form.sendCode())?.data?.expiredMinutes).toBeGreaterThan(0)
    expect(form.sender.$sent.get()?.data?.to).toContain('4567')
    form.set('code', '000000')
    const wrong = await form.submit()
    expect(wrong?.error?.code).toBe('sms_code_invalid')
    expect(form.$state.get().errors).toEqual({ code: { key: 'err_sms_code_invalid' } })
    expect(form.$state.get().values.mobileNum).toBe(' 917-123-4567 ')

    form.set('code', (await lastCode(sb.url, '9171234567', 'bind'))!)
    const ok = await form.submit()
    expect(ok?.data?.mobileVerified).toBe(true)
    expect(form.$state.get()).toMatchObject({ errors: {}, busy: false, values: { countryDialingCode: '63', mobileNum: '', code: '' } })
  })

  it('puts a refusal that names no field of the form under `form`, and one that does under the field', async () => {
    await withoutPaymentPassword()
    const form = createForm({ initial: { newPassword: '' }, schema: SetPaymentPasswordRequest, input: twice, submit: savePaymentPassword })
    form.set('newPassword', '12ab')
    await form.submit()
    expect(form.$state.get().errors).toEqual({ newPassword: { key: 'err_pay_password_format' } })
    form.set('newPassword', '135790')
    expect((await form.submit())?.data?.hasPaymentPassword).toBe(true)
    // Now the platform wants the current one, which this form has no field for.
    form.set('newPassword', '246801')
    const again = await form.submit()
    expect(again?.error?.fields).toEqual({ oldPassword: 'err_field_required' })
    expect(form.$state.get().errors).toEqual({ form: { key: 'err_validation_failed' } })
    const withOld = createForm({ initial: { oldPassword: '', newPassword: '246801' }, schema: SetPaymentPasswordRequest, input: twice, submit: savePaymentPassword })
    await withOld.submit()
    expect(withOld.$state.get().errors).toEqual({ oldPassword: { key: 'err_field_required' } })
  })

  it('stops at the review step, sends only on confirmation and once for a double confirmation', async () => {
    const wallets = await moneyApi('walletBalances')
    const vendor = wallets.wallets.find((w) => w.code !== 'main')!
    const form = createForm({
      initial: { to: vendor.code, amount: '' },
      schema: WalletTransferTerms,
      input: (values) => ({ from: 'main', to: values.to, amount: Math.round(Number(values.amount) * 100) }),
      check: (values) => (values.amount.trim() ? {} : { amount: { key: 'money_err_amount_required' } }),
      submit: transferWallet,
      review: true,
      keep: ['to'],
    })
    expect(await form.submit()).toBeNull()
    expect(form.$state.get().errors).toEqual({ amount: { key: 'money_err_amount_required' } })
    form.set('amount', '2.50')
    const before = asked.length
    expect(await form.submit()).toBeNull()
    expect(form.$state.get().review).toEqual({ from: 'main', to: vendor.code, amount: 250 })
    expect(asked.length).toBe(before)
    form.back()
    expect(form.$state.get()).toMatchObject({ review: null, values: { amount: '2.50' } })
    await form.submit()
    const [first, second] = await Promise.all([form.confirm(), form.confirm()])
    expect(first?.data).toBeDefined()
    expect(second).toBeNull()
    expect(asked.filter((a) => a.startsWith('/wps/relay/GCS_walletTransfer'))).toHaveLength(1)
    const after = await moneyApi('walletBalances')
    expect(after.wallets.find((w) => w.code === vendor.code)?.balance).toBe(vendor.balance + 250)
    expect(form.$state.get()).toMatchObject({ review: null, busy: false, values: { to: vendor.code, amount: '' } })
    expect(await form.confirm()).toBeNull()
  })

  it("shows the form's own message of a refusal beside the fields it names, whose parameters a field with that message takes", async () => {
    const said = (error: ApiError) => ({ key: `said_${error.code}`, params: { n: 1 } })
    const form = createForm({ initial: { oldPassword: '', newPassword: '357913' }, schema: SetPaymentPasswordRequest, input: twice, submit: savePaymentPassword, message: said })
    // demo01 has a payment password: the platform wants the current one.
    await withoutPaymentPassword()
    expect((await savePaymentPassword(twice({ newPassword: '135790' }))).data?.hasPaymentPassword).toBe(true)
    const refused = await form.submit()
    expect(refused?.error?.fields).toEqual({ oldPassword: 'err_field_required' })
    expect(form.$state.get().errors).toEqual({ oldPassword: { key: 'err_field_required' }, form: { key: 'said_validation_failed', params: { n: 1 } } })
    const error = new ApiError('validation_failed', { fields: { birthday: 'err_under_age', name: 'err_field_required' } })
    expect(errorsOf(error, ['birthday', 'name'], {}, () => ({ key: 'err_under_age', params: { age: 21 } }))).toEqual({
      birthday: { key: 'err_under_age', params: { age: 21 } },
      name: { key: 'err_field_required' },
      form: { key: 'err_under_age', params: { age: 21 } },
    })
  })

  it('a submission whose step the member closed shows nothing and keeps the values; a side action checks its own rules and may keep to its fields', async () => {
    const form = createForm({
      initial: { newPassword: '' },
      schema: SetPaymentPasswordRequest,
      input: twice,
      submit: () => Promise.resolve(null),
    })
    form.set('newPassword', '12ab')
    await form.submit()
    expect(Object.keys(form.$state.get().errors)).toEqual(['newPassword'])
    form.set('newPassword', '864200')
    expect(await form.submit()).toBeNull()
    expect(form.$state.get()).toEqual({ values: { newPassword: '864200' }, errors: {}, busy: false, review: null, result: null })

    const before = asked.length
    const checked = await form.run({
      check: (values) => (values.newPassword.startsWith('8') ? { newPassword: { key: 'no_eights' } } : {}),
      send: () => Promise.resolve({ data: 1 }),
    })
    expect(checked).toBeNull()
    expect(form.$state.get().errors).toEqual({ newPassword: { key: 'no_eights' } })
    form.clear()
    expect(form.$state.get()).toMatchObject({ errors: {}, values: { newPassword: '864200' } })
    // A plain step's refusal that names none of the form's fields shows its own message, not the form's.
    const withMessage = createForm({ initial: { a: '' }, submit: () => Promise.resolve({ data: 0 }), message: () => ({ key: 'form_message' }) })
    await withMessage.run({ plain: true, send: () => Promise.resolve({ error: new ApiError('rate_limited') }) })
    expect(withMessage.$state.get().errors).toEqual({ form: { key: 'err_rate_limited' } })
    await withMessage.run({ send: () => Promise.resolve({ error: new ApiError('rate_limited') }) })
    expect(withMessage.$state.get().errors).toEqual({ form: { key: 'form_message' } })
    expect(asked.length).toBe(before)
  })
})
