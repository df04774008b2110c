import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { issueFields } from '../contract/issues.ts'
import { countryDigits, hasCountryDigits } from '../contract/account-fields.ts'
import { $countries, loadCountries } from '../auth/settings.ts'
import { ChangePaymentPasswordRequest, ResetPaymentPasswordRequest, SetPaymentPasswordRequest, SetRealNameRequest } from '../contract/money.ts'
import { FeedbackRequest } from '../contract/service.ts'
import { createFeedbackForm } from '../service/feedback.ts'
import { $token } from '../stores/session.ts'
import { $moneyProfile, createContactForm, createPayPasswordForm, createPayResetForm, createRealNameForm, savePaymentPassword } from './index.ts'

// "Change a field rule once", for the member's money and service forms: for a value the contract's
// request schema refuses, the form shows the schema's key under the field and the platform (a real
// sandbox) refuses the request with the same key for the same field. The expected key is read from
// the contract's schema, not written here.

const { sb, c } = sandboxForFile()
beforeAll(async () => {
  await signInCounting(sb, 'demo01', 'demo1234')
  // Watched, as the account page watches it: the payment password form asks it whether one exists.
  $moneyProfile.listen(() => {})
})

/** The key the contract's schema refuses `input` with under `field`; `undefined` when it takes it. */
const contractKey = (schema: v.GenericSchema, input: unknown, field: string): string | undefined => {
  const parsed = v.safeParse(schema, input)
  return parsed.success ? undefined : issueFields(parsed.issues)[field]
}

/** Fills a form and submits it: the error its own checks show under `field`. */
async function formKey(
  form: { set(name: never, value: never): void; submit(): Promise<unknown>; $state: { get(): { errors: Record<string, { key: string } | undefined> } } },
  values: Record<string, string>,
  field: string,
) {
  for (const [name, value] of Object.entries(values)) form.set(name as never, value as never)
  await form.submit()
  return form.$state.get().errors[field]?.key
}

const platform = async (key: 'sendContactCode' | 'bindContact' | 'setRealName' | 'setPaymentPassword' | 'resetPaymentPassword' | 'feedback', input: unknown) =>
  (await c.raw(key, input, { token: $token.get(), ip: '10.25.3.1' })).body as { code: string; fields?: Record<string, string> }

describe('one rule for the money and service forms and the platform', () => {
  it.each(['', '   ', 'J', '7even'])('real name %j', async (realName) => {
    const expected = contractKey(SetRealNameRequest, { realName }, 'realName')
    expect(expected).toBeDefined()
    if (!realName.trim()) expect(expected).toBe('err_field_required')
    expect(await formKey(createRealNameForm(), { realName }, 'realName')).toBe(expected)
    const reply = await platform('setRealName', { realName })
    expect(reply.code).toBe('validation_failed')
    expect(reply.fields?.realName).toBe(expected)
  })

  it.each([
    ['135790', '135791'],
    ['135790', ''],
    ['12ab', '12ab'],
  ])('payment password %j typed again as %j', async (newPassword, confirmNewPassword) => {
    const input = { newPassword, confirmNewPassword }
    for (const field of ['newPassword', 'confirmNewPassword']) {
      const expected = contractKey(SetPaymentPasswordRequest, input, field)
      expect(await formKey(createPayPasswordForm(), input, field)).toBe(expected)
      const reply = await platform('setPaymentPassword', input)
      expect(reply.fields?.[field]).toBe(expected)
    }
    expect(contractKey(SetPaymentPasswordRequest, input, 'confirmNewPassword') ?? contractKey(SetPaymentPasswordRequest, input, 'newPassword')).toBeDefined()
  })

  it('a payment password set, changing it needs the current one: the same key on both sides', async () => {
    expect((await savePaymentPassword({ newPassword: '135790', confirmNewPassword: '135790' })).data?.hasPaymentPassword).toBe(true)
    const input = { oldPassword: '', newPassword: '246801', confirmNewPassword: '246801' }
    const expected = contractKey(ChangePaymentPasswordRequest, input, 'oldPassword')
    expect(expected).toBe('err_field_required')
    expect(await formKey(createPayPasswordForm(), input, 'oldPassword')).toBe(expected)
    const { oldPassword: _, ...withoutOld } = input
    expect((await platform('setPaymentPassword', input)).fields?.oldPassword).toBe(expected)
    expect((await platform('setPaymentPassword', withoutOld)).fields?.oldPassword).toBe(expected)
  })

  it.each([
    ['246810', '246811'],
    ['246810', ''],
  ])('payment password reset %j typed again as %j', async (newPassword, confirmNewPassword) => {
    const input = { verificationCode: '123456', newPassword, confirmNewPassword }
    const expected = contractKey(ResetPaymentPasswordRequest, input, 'confirmNewPassword')
    expect(expected).toBeDefined()
    expect(await formKey(createPayResetForm(), input, 'confirmNewPassword')).toBe(expected)
    const reply = await platform('resetPaymentPassword', input)
    expect(reply.code).toBe('validation_failed')
    expect(reply.fields?.confirmNewPassword).toBe(expected)
  })

  it.each(['', 'NOT_A_TYPE'])('feedback question type %j', async (questionType) => {
    const content = 'The fish game freezes after a bonus round'
    const expected = contractKey(FeedbackRequest, { questionType, content }, 'questionType')
    expect(expected).toBe('service_err_type')
    const { form } = createFeedbackForm()
    expect(await formKey(form as never, { questionType, content }, 'questionType')).toBe(expected)
    const reply = await platform('feedback', { questionType, content, images: [] })
    expect(reply.fields?.questionType).toBe(expected)
  })

  // The digits a mobile number has are its country's, for the contact form as for login and registration.
  it.each([
    ['63', '917123567'],
    ['63', '91712356789'],
    ['+63', '9171235670'],
    ['84', '912345678'],
    ['84', '9123456789'],
  ])('mobile number to verify %s %s', async (countryDialingCode, mobileNum) => {
    const list = (await loadCountries()).data ?? []
    const digits = countryDigits(list, countryDialingCode)
    expect(digits).toBeDefined()
    const expected = hasCountryDigits(mobileNum, digits) ? undefined : 'money_err_mobile_digits'
    const form = createContactForm('mobile')
    const stop = form.$state.listen(() => {})
    expect($countries.get().data).toEqual(list)
    for (const [name, value] of Object.entries({ countryDialingCode, mobileNum })) form.set(name, value)
    await form.sendCode()
    const onForm = form.$state.get().errors.mobileNum
    form.set('code', '123456')
    await form.submit()
    stop()
    expect(onForm?.key).toBe(expected)
    if (expected) expect(onForm?.params).toEqual({ digits })
    expect(form.$state.get().errors.mobileNum?.key).toBe(expected)
    for (const key of ['sendContactCode', 'bindContact'] as const) {
      const reply = await platform(key, { channel: 'mobile', countryDialingCode, mobileNum, ...(key === 'bindContact' && { code: '123456' }) })
      expect(reply.fields?.mobileNum).toBe(expected)
    }
  })
})
