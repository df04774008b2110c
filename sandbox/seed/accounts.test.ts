import { describe, expect, it } from 'vitest'
import { demoAccounts } from './accounts.ts'
import { countries } from './config.ts'

describe('demo accounts', () => {
  it('give every mobile number the digits its country asks for, so it signs in by SMS code through the forms', () => {
    const withMobile = demoAccounts.filter((a) => a.mobileNum)
    expect(withMobile.map((a) => a.username)).toContain('demo01')
    for (const a of withMobile) {
      const country = countries.find((c) => c.countryDialingCode === a.countryDialingCode)
      expect(country, `${a.username}'s dialing code ${a.countryDialingCode}`).toBeDefined()
      expect(a.mobileNum, `${a.username}'s mobile number (${country?.name})`).toMatch(new RegExp(`^\\d{${country?.mobileDigits}}$`))
    }
  })
})
