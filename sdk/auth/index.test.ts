import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../client/index.ts'
import type { LoginValue } from '../contract/index.ts'
import { buildLoginMenu, vendorTarget } from './menu.ts'
import { mustChangePassword } from './login.ts'
import { $authModal, $changePasswordMode, closeAuth, knownOldPassword, openAuth, openForcedChange } from './modal.ts'
import { refusalMessage, secondStepOf } from './refusal.ts'
import { registerKinds } from './register.ts'
import { initialCountry } from './settings.ts'
import { createCountdown, createThrottle, smsCountdownSeconds } from '../stores/timers.ts'
import { loadStatus } from '../stores/status.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'

describe('timers', () => {
  it('throttles to once per interval', () => {
    let now = 0
    const take = createThrottle(1000, () => now)
    expect(take()).toBe(true)
    now = 999
    expect(take()).toBe(false)
    now = 1000
    expect(take()).toBe(true)
  })

  it('ticks down while listened to and stops its timer when nobody listens', () => {
    vi.useFakeTimers()
    try {
      const c = createCountdown()
      const stop = c.$remaining.subscribe(() => undefined)
      c.start(300)
      expect(c.$remaining.get()).toBe(300)
      vi.advanceTimersByTime(120_500)
      expect(c.$remaining.get()).toBe(180)
      stop()
      vi.advanceTimersByTime(5_000) // past nanostores' unmount delay
      expect(vi.getTimerCount()).toBe(0)
      c.reset()
      expect(c.$remaining.get()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits expiredMinutes × 60 s, or 60 s with third-party SMS', () => {
    expect(smsCountdownSeconds(5, false)).toBe(300)
    expect(smsCountdownSeconds(5, true)).toBe(60)
  })
})

describe('forced change rules', () => {
  const value: LoginValue = { token: 't', firstTimeLogin: false, passwordExpired: false, weakPassword: false, userName: 'u', captcha: false, isAgent: 0 }
  it('forces a change for weak, expired or first-time passwords on username logins only', () => {
    expect(mustChangePassword(value, 'username')).toBe(false)
    expect(mustChangePassword({ ...value, weakPassword: true }, 'username')).toBe(true)
    expect(mustChangePassword({ ...value, passwordExpired: true }, 'username')).toBe(true)
    expect(mustChangePassword({ ...value, firstTimeLogin: true }, 'username')).toBe(true)
    expect(mustChangePassword({ ...value, weakPassword: true }, 'sms')).toBe(false)
    expect(mustChangePassword({ ...value, firstTimeLogin: true }, 'thirdparty')).toBe(false)
  })

  it('keeps the current password in memory only for a forced change, and drops it on close', () => {
    openForcedChange('secret1')
    expect($authModal.get()).toBe('changePassword')
    expect($changePasswordMode.get()).toBe('forced')
    expect(knownOldPassword()).toBe('secret1')
    openAuth('login')
    closeAuth()
    expect($authModal.get()).toBeNull()
    expect(knownOldPassword()).toBeUndefined()
  })
})

describe('refusalMessage', () => {
  it("is the refusal's own message key by default", () => {
    expect(refusalMessage(new ApiError('captcha_invalid', { fields: { captcha: 'err_captcha_invalid' }, value: { captcha: true } }))).toEqual({ key: 'err_captcha_invalid' })
  })

  it('says how long to wait when throttled or locked', () => {
    expect(refusalMessage(new ApiError('rate_limited', { value: { retryAfter: 42 } }))).toEqual({ key: 'auth_rate_limited_wait', params: { seconds: 42, minutes: 1 } })
    expect(refusalMessage(new ApiError('account_locked', { value: { retryAfter: 61 } }))).toEqual({ key: 'auth_account_locked_wait', params: { seconds: 61, minutes: 2 } })
    // A wait named with another refusal is not this message.
    expect(refusalMessage(new ApiError('invalid_credentials', { value: { retryAfter: 5 } })).key).toBe('err_invalid_credentials')
  })

  it('names the minimum age and the end of a break', async () => {
    expect(refusalMessage(new ApiError('validation_failed', { value: { minimumAge: 21 } }))).toEqual({ key: 'err_under_age', params: { age: 21 } })
    const until = Date.UTC(2030, 0, 2, 3, 4)
    expect(refusalMessage(new ApiError('account_excluded', { value: { until, kind: 'self_exclusion' } }))).toEqual({
      key: 'err_account_excluded_self_exclusion',
      params: { until: '2030-01-02 03:04 UTC' },
    })
    expect(refusalMessage(new ApiError('account_excluded', { value: { until } })).key).toBe('err_account_excluded_timeout')
    // In the platform's time zone once the status names it, as the site's other dates.
    configure({ storage: createStorage() })
    await new Promise((resolve) => setTimeout(resolve, 0))
    await loadStatus(() => Promise.resolve({ brand: { timeZone: 'Asia/Manila' } } as never))
    expect(refusalMessage(new ApiError('account_excluded', { value: { until } })).params).toEqual({ until: '2030-01-02 11:04 UTC+08:00' })
  })

  it('describes a second-step request, and nothing else as one', () => {
    expect(secondStepOf(new ApiError('second_step_required', { value: { channel: 'sms', destination: '******4567' } }))).toEqual({ channel: 'sms', destination: '******4567' })
    expect(secondStepOf(new ApiError('invalid_credentials'))).toBeNull()
  })
})

describe('login menu', () => {
  const vendor = (vassalage: string, gameType: 'RNG' | 'FISH' | 'LIVE') => ({
    vassalage,
    name: vassalage,
    gameType,
    isHot: 0 as const,
    isGame: 'GAME' as const,
    logo: '',
    gameCount: 1,
  })
  it('puts hot vendors first and links each kind of vendor as SPEC §2 says', () => {
    const menu = buildLoginMenu(
      [vendor('PG', 'RNG')],
      [
        { gameType: 'LIVE', page: 'live', name: 'Live', vendors: [vendor('EVO', 'LIVE')] },
        { gameType: 'FISH', page: 'fish', name: 'Fish', vendors: [vendor('JDB', 'FISH')] },
      ],
    )
    expect(menu.map((c) => c.id)).toEqual(['HOT', 'LIVE', 'FISH'])
    expect(menu[0].vendors[0].target).toEqual({ kind: 'link', href: '/rng?vassalage=PG' })
    expect(menu[1].vendors[0].target).toEqual({ kind: 'window', href: '/login', features: 'width=1300,height=900' })
    expect(menu[2].vendors[0].target).toEqual({ kind: 'link', href: '/fish' })
  })

  it('sends hot vendors of any kind to the slot page', () => {
    expect(vendorTarget('LIVE', 'EVO', true)).toEqual({ kind: 'link', href: '/rng?vassalage=EVO' })
  })
})

describe('registration kinds and countries', () => {
  it('defaults to mobile when MOBILENUMREG3 is on', () => {
    expect(registerKinds({ USERNAMEREG3: true, MOBILENUMREG3: true })).toEqual(['registerMobile', 'register'])
    expect(registerKinds({ USERNAMEREG3: true, MOBILENUMREG3: false })).toEqual(['register'])
  })

  it('picks the supplied dialing code, else the detected country, else the first', () => {
    const list = [
      { countryCode: 'PH', countryDialingCode: '63', name: 'Philippines', mobileDigits: 10 },
      { countryCode: 'VN', countryDialingCode: '84', name: 'Vietnam', mobileDigits: 9 },
    ]
    expect(initialCountry(list, '84', 'PH')?.countryCode).toBe('VN')
    expect(initialCountry(list, '1', 'vn')?.countryCode).toBe('VN')
    expect(initialCountry(list, undefined, 'US')?.countryCode).toBe('PH')
  })
})
