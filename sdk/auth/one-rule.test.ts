import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client } from '../../sandbox/auth/testkit.ts'
import { startSandbox } from '../../sandbox/testing.ts'
import { NewPassword, SmsCode, Username, countryDigits, hasCountryDigits } from '../contract/account-fields.ts'
import { configure } from '../runtime/index.ts'
import { loadStatus } from '../stores/index.ts'
import { createStorage } from '../storage/index.ts'
import { createLoginForm, createRegisterForm } from './index.ts'
import { loadCountries, loadRegisterPolicy, loadRegisterRules } from './settings.ts'
import { $sliderPrompt, answerSlider } from './slider.ts'

// "Change a field rule once": the forms and the platform check a field with the same contract schema,
// so for any value the contract's schema refuses, the form shows its key under the field and the
// platform (a real sandbox) refuses the request with the same key for the same field. The expected key
// is read from the contract's schema itself, not written here: a changed rule moves all three together.

const sandbox = await startSandbox()
const platform = client(sandbox.url)
afterAll(() => sandbox.close())
beforeAll(async () => {
  configure({ baseURL: sandbox.url, storage: createStorage() })
  await sandbox.admin.setFlag('REGSMS3', false)
  await loadStatus()
  await Promise.all([loadRegisterRules(), loadRegisterPolicy(), loadCountries()])
})

/** The key the contract's schema refuses a value with; `undefined` when it accepts it. */
const contractKey = (schema: v.GenericSchema, value: string): string | undefined => {
  const parsed = v.safeParse(schema, value)
  return parsed.success ? undefined : parsed.issues[0].message
}

/** A slider answer of the right shape: the platform checks the fields before it checks the slider. */
const slider = { challengeId: 'not-asked', position: 0.5, durationMs: 900, path: [] }

/** Submits a form and closes any slider it opens (a form that passed its checks asks for one). */
async function submitted<F extends { submit(): Promise<unknown> }>(form: F): Promise<F> {
  const stop = $sliderPrompt.listen((challenge) => challenge && answerSlider(null))
  await form.submit()
  stop()
  return form
}

describe('one rule for the form and the platform', () => {
  it.each(['ab', 'demo 01', '1demo', 'a', 'A123456789012345', 'demo_01', ''])('registration username %j', async (username) => {
    const expected = contractKey(Username, username)
    const form = createRegisterForm()
    for (const [name, value] of Object.entries({ kind: 'register', terms: true, username, password: 'Secret123', confirmPassword: 'Secret123' })) {
      form.set(name as 'username', value as string)
    }
    const onForm = (await submitted(form)).$state.get().errors.username?.key
    const reply = await platform.call('register', {
      username,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      registerMethod: 'WEB',
      login: true,
      termsAccepted: true,
      slider,
    })
    expect(onForm).toBe(expected)
    expect(reply.body.fields?.username).toBe(expected)
    if (expected) expect(reply.body.code).toBe('validation_failed')
  })

  it.each(['abc12', '123456', 'abcdef', 'abc 1234', 'Secret123'])('registration password %j', async (password) => {
    const expected = contractKey(NewPassword, password)
    const form = createRegisterForm()
    for (const [name, value] of Object.entries({ kind: 'register', terms: true, username: 'newbie01', password, confirmPassword: password })) {
      form.set(name as 'username', value as string)
    }
    const onForm = (await submitted(form)).$state.get().errors.password?.key
    const reply = await platform.call('register', { username: 'newbie01', password, confirmPassword: password, registerMethod: 'WEB', login: true, termsAccepted: true, slider })
    expect(onForm).toBe(expected)
    expect(reply.body.fields?.password).toBe(expected)
  })

  it.each(['12345', '12a456', ''])('SMS login code %j', async (code) => {
    const expected = contractKey(SmsCode, code)
    expect(expected).toBeDefined()
    const form = createLoginForm()
    form.choose('sms')
    form.set('mobileNum', '912345678')
    form.set('countryDialingCode', '+84')
    form.set('verificationCode', code)
    const onForm = (await submitted(form)).$state.get().errors.verificationCode?.key
    const reply = await platform.call('login', { type: 'sms', mobileNum: '912345678', countryDialingCode: '+84', verificationCode: code })
    expect(onForm).toBe(expected)
    expect(reply.body.fields?.verificationCode).toBe(expected)
  })

  // A number's digits are its country's (the contract's countryDigits), for the get-code button as for the platform's send.
  it.each([
    ['+63', '912345678'],
    ['+63', '9123456780'],
    ['+84', '912345678'],
    ['+84', '9123456780'],
  ])('SMS login number %s %s', async (countryDialingCode, mobileNum) => {
    const digits = countryDigits((await loadCountries()).data ?? [], countryDialingCode)
    expect(digits).toBeDefined()
    const expected = hasCountryDigits(mobileNum, digits) ? undefined : 'auth_err_mobile_digits'
    const form = createLoginForm()
    form.choose('sms')
    form.set('countryDialingCode', countryDialingCode)
    form.set('mobileNum', mobileNum)
    const stop = $sliderPrompt.listen((challenge) => challenge && answerSlider(null))
    await form.sendCode()
    stop()
    const onForm = form.$state.get().errors.mobileNum
    const reply = await platform.call('smsLogin', { mobileNum, countryDialingCode, slider })
    expect(onForm?.key).toBe(expected)
    expect(reply.body.fields?.mobileNum).toBe(expected)
  })
})
