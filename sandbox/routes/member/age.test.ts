import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../testkit.ts'
import { setFlag, solvedCaptcha, solvedSlider } from '../../auth/testkit.ts'

const { sb, c } = sandboxForFile()
// Registration by username alone: no SMS code to fetch.
beforeAll(() => setFlag(sb.url, 'REGSMS3', false))

let ipSeq = 0
const nextIp = () => `10.26.1.${++ipSeq}`

async function register(username: string, birthday: string | undefined, ip = nextIp(), terms: { termsAccepted?: true } = { termsAccepted: true }) {
  const slider = await solvedSlider(c, { ip })
  const captcha = await solvedCaptcha(c, sb.url, { ip })
  const body = {
    registerMethod: 'WEB' as const,
    login: true as const,
    ...terms,
    slider,
    ...captcha,
    username,
    password: 'secret12',
    confirmPassword: 'secret12',
    ...(birthday ? { birthday } : {}),
  }
  return (await c.call('register', body, { ip })).body
}

/** The birthday of someone who turns `years` old `days` days from today (UTC). */
function birthdayTurning(years: number, days = 0): string {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`
}

const admin = async (body: unknown) =>
  (await fetch(`${sb.url}/sandbox/admin/registration`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{
    code: string
    value: unknown
  }>

describe('the minimum age', () => {
  it('is 18 by default with the terms box ticked, and the platform refuses a younger birthday naming the age', async () => {
    expect((await c.call('registerPolicy', {})).body.value).toEqual({ minimumAge: 18, termsDefault: true })

    const kid = await register('kid2015a', '2015-01-01')
    expect(kid.code).toBe('validation_failed')
    expect(kid.fields).toEqual({ birthday: 'err_under_age' })
    expect(kid.value).toEqual({ minimumAge: 18 })
    expect(kid.message).toContain('18')
    // Nothing was created: the name is still free.
    expect((await register('kid2015a', '1990-05-17')).code).toBe('ok')

    // One day short of 18 is refused; 18 today passes.
    expect((await register('almost18a', birthdayTurning(18, 1))).code).toBe('validation_failed')
    expect((await register('today18a', birthdayTurning(18))).code).toBe('ok')
  })

  it('refuses a date that is not on the calendar or lies in the future; a birthday left out is the register rule’s business', async () => {
    expect((await register('feb31a', '1990-02-31')).fields).toEqual({ birthday: 'err_birthday_invalid' })
    expect((await register('future1a', birthdayTurning(-1))).fields).toEqual({ birthday: 'err_birthday_invalid' })
    expect((await register('nobday1a', undefined)).code).toBe('ok')
  })

  it('refuses a registration without the "I am N or older" confirmation, birthday blank or not, and creates nothing', async () => {
    const blank = await register('noterms1a', undefined, nextIp(), {})
    expect(blank.code).toBe('validation_failed')
    expect(blank.fields).toEqual({ terms: 'auth_terms_required' })
    expect(blank.value).toEqual({ minimumAge: 18 })
    expect(blank.message).toContain('18')
    // A birthday under the minimum is refused for its age, confirmation or not.
    expect((await register('noterms1b', '2015-01-01', nextIp(), {})).fields).toEqual({ birthday: 'err_under_age' })
    expect((await register('noterms1c', '2015-01-01')).fields).toEqual({ birthday: 'err_under_age' })
    // An adult birthday does not stand in for the terms.
    expect((await register('noterms1d', '1990-05-17', nextIp(), {})).fields).toEqual({ terms: 'auth_terms_required' })
    // Nothing was created: with the confirmation the names are free.
    expect((await register('noterms1a', undefined)).code).toBe('ok')
    expect((await register('noterms1d', '1990-05-17')).code).toBe('ok')
    // The mobile registration is held to the same rule.
    const ip = nextIp()
    const mobile = await c.call(
      'registerMobile',
      {
        registerMethod: 'WEB',
        login: true,
        slider: await solvedSlider(c, { ip }),
        ...(await solvedCaptcha(c, sb.url, { ip })),
        mobileNum: '9171234567',
        countryDialingCode: '+63',
      },
      { ip },
    )
    expect(mobile.body.fields).toMatchObject({ terms: 'auth_terms_required' })
  })

  it('follows the operator’s setting: 21, and the terms box unticked', async () => {
    const set = await admin({ minimumAge: 21, termsDefault: false })
    expect(set.value).toEqual({ minimumAge: 21, termsDefault: false })
    expect((await c.call('registerPolicy', {})).body.value).toEqual({ minimumAge: 21, termsDefault: false })
    const twenty = await register('twenty1a', birthdayTurning(20))
    expect(twenty.fields).toEqual({ birthday: 'err_under_age' })
    expect(twenty.value).toEqual({ minimumAge: 21 })
    expect(twenty.message).toContain('21')
    expect((await register('twenty1b', birthdayTurning(21))).code).toBe('ok')
    // A bad value is refused with what was wrong.
    const bad = await admin({ minimumAge: 'eighteen' })
    expect(bad.code).toBe('validation_failed')
    await admin({ minimumAge: 18, termsDefault: true })
  })
})
