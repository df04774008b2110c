import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { configure } from '../runtime/index.ts'
import { $session, loadStatus } from '../stores/index.ts'
import { createStorage } from '../storage/index.ts'
import { $dialogs } from '../ui/index.ts'
import { $authModal, $changePasswordMode, changePassword, closeAuth, freePlay, loginWithPassword, register, setNavigator } from './index.ts'
import { $sliderPrompt, answerSlider } from './slider.ts'
import { ruleSet } from '../validation/index.ts'
import { $registerRules, loadRegisterRules } from './settings.ts'

// The flows against the reference platform: real slider, captcha, hashing and sessions.
const sandbox = await startSandbox()
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

describe('login', () => {
  it('logs in after the slider, stores the session and goes home', async () => {
    const stop = solveSliders()
    const out = await loginWithPassword({ username: ' demo01 ', password: 'demo1234', remember: false })
    stop()
    expect(out).toEqual({ ok: true })
    expect($session.get().account).toBe('demo01')
    // demo01's first login forces a change; otherwise it goes home.
    expect($authModal.get() === 'changePassword' || visited.includes('/')).toBe(true)
  })

  it('stops at validation before any slider, and a closed slider sends nothing', async () => {
    const invalid = await loginWithPassword({ username: '  ', password: '', remember: false })
    expect(invalid.ok).toBe(false)
    expect(!invalid.ok && Object.keys(invalid.fields)).toEqual(['username', 'password'])
    expect($sliderPrompt.get()).toBeNull()

    const stop = $sliderPrompt.listen((c) => c && setTimeout(() => answerSlider(null), 0))
    const closed = await loginWithPassword({ username: 'demo01', password: 'demo1234', remember: false })
    stop()
    expect(closed).toMatchObject({ ok: false, cancelled: true })
    expect($session.get().token).toBeUndefined()
  })

  it('forces a change for the default weak password, then changes it without asking the old one', async () => {
    const stop = solveSliders()
    expect(await loginWithPassword({ username: 'weak01', password: '123456', remember: false })).toEqual({ ok: true })
    stop()
    expect($authModal.get()).toBe('changePassword')
    expect($changePasswordMode.get()).toBe('forced')
    expect(visited).toEqual([])
    const out = await changePassword({ newPassword: 'Better123', confirmNewPassword: 'Better123' }, true)
    expect(out).toEqual({ ok: true })
    expect($authModal.get()).toBeNull()
    expect(visited).toEqual(['/'])
  })
})

describe('register', () => {
  const form = (over: Partial<Parameters<typeof register>[0]> = {}): Parameters<typeof register>[0] => ({
    kind: 'register',
    values: { username: `t${Date.now().toString(36)}`, password: 'Secret123', confirmPassword: 'Secret123', captcha: 'x' },
    countryDialingCode: '+63',
    terms: true,
    ...over,
  })

  it('checks the terms first, then the fields, then the affiliate code, all before the slider', async () => {
    await sandbox.admin.setFlag('REGSMS3', false)
    await loadStatus()
    await loadRegisterRules()
    const rules = ruleSet($registerRules.get().data ?? [])
    let sliders = 0
    const count = $sliderPrompt.listen((c) => c && (sliders++, answerSlider(null)))

    expect(await register(form({ terms: false, values: {} }), rules)).toMatchObject({ ok: false, fields: {} })
    expect(dialogKeys()).toContain('auth_terms_required')

    const badFields = await register(form({ values: { username: '1x' } }), rules)
    expect(!badFields.ok && badFields.fields.username?.key).toBe('auth_err_username')

    if (rules.affiliateCode?.enabled) {
      const badCode = await register(form({ values: { ...form().values, affiliateCode: 'NOSUCHCODE' } }), rules)
      expect(!badCode.ok && badCode.fields).toEqual({ affiliateCode: { key: 'invitation_code_error' } })
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
    expect(await freePlay()).toEqual({ ok: true })
    expect($authModal.get()).toBeNull()
    expect($session.get().isAgent).toBe(4)
  })
})
