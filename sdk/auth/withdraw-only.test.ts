import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { lastCode } from '../../sandbox/auth/testkit.ts'
import { configure } from '../runtime/index.ts'
import { $session, clearSession, loadStatus } from '../stores/index.ts'
import { createStorage } from '../storage/index.ts'
import { $centre } from '../centre/index.ts'
import { $withdrawOnly } from '../protect/quiet.ts'
import { canWithdrawAfterRefusal, closeAuth, loginWithSms, refusalMessage, setNavigator, withdrawAfterRefusal } from './index.ts'
import { authApi } from './api.ts'

// Issue 30: "Withdraw my balance" during a break is offered whichever way the player signs in. A
// player who signs in by SMS code gets it from the same code the break refused (no second code).
const sandbox = await startSandbox()
afterAll(() => sandbox.close())
setNavigator(() => undefined)

beforeEach(async () => {
  configure({ baseURL: sandbox.url, storage: createStorage() })
  clearSession()
  closeAuth()
  await loadStatus()
})

describe('withdraw-only after an SMS login refused for a break', () => {
  it('opens the withdrawal alone with the same code, and a new attempt forgets the offer', async () => {
    await sandbox.admin.setFlag('MOBILEVERCODELOGIN3', true)
    const [demo] = await sandbox.db.query<{ id: string; mobile_num: string; country_dialing_code: string }>(
      "SELECT id, mobile_num, country_dialing_code FROM members WHERE username = 'demo01'",
    )
    await sandbox.db.query(
      `INSERT INTO protect_members (member_id, break_kind, break_until) VALUES ($1, 'timeout', $2)
       ON CONFLICT (member_id) DO UPDATE SET break_kind = 'timeout', break_until = $2`,
      [demo.id, Date.now() + 24 * 3_600_000],
    )
    await authApi('smsLogin', { mobileNum: demo.mobile_num, countryDialingCode: demo.country_dialing_code })
    const code = (await lastCode(sandbox.url, demo.mobile_num, 'login'))!
    const form = { mobileNum: demo.mobile_num, countryDialingCode: demo.country_dialing_code, verificationCode: code }

    const refused = await loginWithSms(form)
    expect(refused.error?.code).toBe('account_excluded')
    expect(refusalMessage(refused.error!).key).toBe('err_account_excluded_timeout')
    expect($session.get().token).toBeUndefined()
    expect(canWithdrawAfterRefusal()).toBe(true)

    const opened = await withdrawAfterRefusal()
    expect(opened?.data?.withdrawOnly).toBe(true)
    expect($session.get().account).toBe('demo01')
    expect($withdrawOnly.get()).toBe(true)
    expect($centre.get()).toMatchObject({ kind: 'member', page: 'withdraw' })
    // Offered once: the code is spent and the offer gone.
    expect(canWithdrawAfterRefusal()).toBe(false)

    clearSession()
    await loginWithSms({ ...form, verificationCode: '000000' })
    expect(canWithdrawAfterRefusal()).toBe(false)
  })
})
