import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { configure } from '../runtime/index.ts'
import { $session, loadStatus } from '../stores/index.ts'
import { createStorage } from '../storage/index.ts'
import { $dialogs } from '../ui/index.ts'
import {
  $authModal,
  $changePasswordMode,
  $refusal,
  $resetToken,
  closeAuth,
  createChangePasswordForm,
  createForgotEmailForm,
  createLoginForm,
  createPhoneResetForm,
  createRegisterForm,
  createResetLinkForm,
  deadLinkKeys,
  setNavigator,
} from './index.ts'
import { $sliderPrompt, answerSlider } from './slider.ts'
import { $ruleSet, loadCountries, loadRegisterPolicy, loadRegisterRules } from './settings.ts'

// The flows against the reference platform: real slider, captcha, hashing and sessions.
// On PGlite whatever the run shares: with sdk/client/sandbox.test.ts, the embedded engine's end-to-end proof.
const sandbox = await startSandbox({ engine: 'pglite' })
afterAll(() => sandbox.close())

const visited: string[] = []
setNavigator((path) => visited.push(path))

/** Plays the user's part of the slider: lands on the target after a human-like pause. */
function solveSliders(): () => void {
  return $sliderPrompt.listen((challenge) => {
    if (challenge) void devSliderTarget(sandbox.url, challenge.challengeId).then((position) => answerSlider(sliderAnswer(challenge.challengeId, position)))
  })
}

/** Everything the flows asked the UI to show in dialogs, by message key. */
const dialogKeys = (): string[] => $dialogs.get().map((d) => d.messageKey ?? '')

beforeEach(async () => {
  configure({ baseURL: sandbox.url, storage: createStorage() })
  for (const d of $dialogs.get()) d.resolve('ok')
  closeAuth()
  visited.length = 0
  await loadStatus()
})

/** A login form with its values filled in. */
function loginForm(username: string, password: string) {
  const form = createLoginForm()
  form.set('username', username)
  form.set('password', password)
  return form
}

describe('login', () => {
  it('logs in after the slider, stores the session and goes home', async () => {
    const stop = solveSliders()
    const out = await loginForm(' demo01 ', 'demo1234').submit()
    stop()
    expect(out?.data?.userName).toBe('demo01')
    expect($session.get().account).toBe('demo01')
    // demo01's first login forces a change; otherwise it goes home.
    expect($authModal.get() === 'changePassword' || visited.includes('/')).toBe(true)
  })

  it('stops at validation before any slider, and a closed slider sends nothing and shows nothing', async () => {
    const form = loginForm('  ', '')
    expect(await form.submit()).toBeNull()
    expect(Object.keys(form.$state.get().errors)).toEqual(['username', 'password'])
    expect($sliderPrompt.get()).toBeNull()

    const stop = $sliderPrompt.listen((c) => c && setTimeout(() => answerSlider(null), 0))
    form.set('username', 'demo01')
    form.set('password', 'demo1234')
    expect(await form.submit()).toBeNull()
    stop()
    expect(form.$state.get()).toMatchObject({ errors: {}, busy: false, result: null, values: { username: 'demo01', password: 'demo1234' } })
    expect($session.get().token).toBeUndefined()
  })

  it('a wrong password: the message above the fields, reported to the embed, the username kept and the password cleared', async () => {
    const stop = solveSliders()
    const form = loginForm('demo01', 'wrong-pass1')
    const out = await form.submit()
    stop()
    expect(out?.error?.code).toBe('invalid_credentials')
    const { errors, values } = form.$state.get()
    expect(errors.form).toEqual({ key: 'err_invalid_credentials' })
    expect([values.username, values.password]).toEqual(['demo01', ''])
    expect($refusal.get()).toMatchObject({ messageKey: 'err_invalid_credentials' })
    expect($session.get().token).toBeUndefined()
  })

  it('forces a change for the default weak password, then changes it without asking the old one', async () => {
    const stop = solveSliders()
    expect((await loginForm('weak01', '123456').submit())?.data?.weakPassword).toBe(true)
    stop()
    expect($authModal.get()).toBe('changePassword')
    expect($changePasswordMode.get()).toBe('forced')
    expect(visited).toEqual([])
    const change = createChangePasswordForm()
    change.set('newPassword', 'Better123')
    change.set('confirmNewPassword', 'Better12')
    expect(await change.submit()).toBeNull()
    expect(change.$state.get().errors).toEqual({ confirmNewPassword: { key: 'err_field_mismatch' } })
    change.set('confirmNewPassword', 'Better123')
    expect((await change.submit())?.error).toBeUndefined()
    expect($authModal.get()).toBeNull()
    expect(visited).toEqual(['/'])

    // A voluntary change asks for the current password: a wrong one is refused and cleared, the new ones stay.
    const again = createChangePasswordForm()
    again.set('newPassword', 'Better456')
    again.set('confirmNewPassword', 'Better456')
    expect(await again.submit()).toBeNull()
    expect(again.$state.get().errors).toEqual({ oldPassword: { key: 'err_field_required' } })
    again.set('oldPassword', 'Wrong1234')
    const refused = await again.submit()
    expect(refused?.error).toBeDefined()
    expect(again.$state.get().values).toEqual({ oldPassword: '', newPassword: 'Better456', confirmNewPassword: 'Better456' })
    expect(again.$state.get().errors.form).toBeDefined()
  })
})

describe('register', () => {
  it('checks the terms first, then the fields, then the affiliate code, all before the slider', async () => {
    await sandbox.admin.setFlag('REGSMS3', false)
    await loadStatus()
    await Promise.all([loadRegisterRules(), loadRegisterPolicy()])
    const rules = $ruleSet.get()
    let sliders = 0
    const count = $sliderPrompt.listen((c) => {
      if (!c) return
      sliders++
      answerSlider(null)
    })
    const form = createRegisterForm()
    form.set('kind', 'register')

    form.set('terms', false)
    expect(await form.submit()).toBeNull()
    expect(form.$state.get().errors).toEqual({})
    expect(dialogKeys()).toContain('auth_terms_required')

    form.set('terms', true)
    form.set('username', '1x')
    expect(await form.submit()).toBeNull()
    expect(form.$state.get().errors.username?.key).toBe('auth_err_username')

    if (rules.affiliateCode?.enabled) {
      for (const [name, value] of Object.entries({
        username: `t${Date.now().toString(36)}`,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        captcha: 'x1y2',
        affiliateCode: 'NOSUCHCODE',
      })) {
        form.set(name as 'username', value)
      }
      const badCode = await form.submit()
      expect(badCode?.error?.code).toBe('invitation_code_error')
      expect(form.$state.get().errors.affiliateCode).toEqual({ key: 'invitation_code_error' })
      expect(dialogKeys()).toContain('invitation_code_error')
    }
    count()
    expect(sliders).toBe(0)
  })
})

describe('free play', () => {
  it('signs in a trial account and closes the popups', async () => {
    await sandbox.admin.setFlag('FREEPLAY3', true)
    $authModal.set('login')
    expect((await createLoginForm().freePlay())?.data?.token).toBeTruthy()
    expect($authModal.get()).toBeNull()
    expect($session.get().isAgent).toBe(4)
  })
})

describe('passwords', () => {
  it('forgot by email on the page: the result names the address, the values stay for another try', async () => {
    const form = createForgotEmailForm({ dialog: false })
    form.set('email', 'not-an-address')
    expect(await form.submit()).toBeNull()
    expect(form.$state.get().errors).toEqual({ username: { key: 'err_field_required' }, email: { key: 'auth_err_email' } })
    form.set('username', 'demo01')
    form.set('email', ' nobody@example.test ')
    expect((await form.submit())?.data).toEqual({ email: 'nobody@example.test' })
    expect(form.$state.get().values).toEqual({ username: 'demo01', email: ' nobody@example.test ' })
    expect($authModal.get()).toBeNull()
  })

  it('a reset by phone checks the digits of the chosen country before any call', async () => {
    await loadCountries()
    const form = createPhoneResetForm()
    form.set('countryDialingCode', '+84')
    form.set('mobileNum', '0917123456')
    form.set('verificationCode', '12')
    form.set('newPassword', 'short')
    expect(await form.submit()).toBeNull()
    expect(form.$state.get().errors).toEqual({
      mobileNum: { key: 'auth_err_mobile_digits', params: { digits: 9 } },
      verificationCode: { key: 'err_sms_code_invalid' },
      newPassword: { key: 'auth_err_password' },
    })
    // The get-code button checks only the number.
    expect(await form.sendCode()).toBeNull()
    expect(Object.keys(form.$state.get().errors)).toEqual(['mobileNum'])
  })

  it('a reset link the platform does not know is refused as dead, the password kept', async () => {
    $resetToken.set('x'.repeat(32))
    const form = createResetLinkForm()
    form.set('newPassword', 'Better123')
    form.set('confirmNewPassword', 'Better123')
    expect((await form.submit())?.error?.code).toBe('reset_link_invalid')
    const { errors, values } = form.$state.get()
    expect(deadLinkKeys).toContain(errors.form?.key)
    expect(values.newPassword).toBe('Better123')
    $resetToken.set(null)
  })
})
