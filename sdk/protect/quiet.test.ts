import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import { $afterLogin, closeAuth, createLoginForm, markAfterLogin, setNavigator } from '../auth/index.ts'
import { $sliderPrompt, answerSlider } from '../auth/slider.ts'
import { configure } from '../runtime/index.ts'
import { $centre, closeCentre } from '../centre/index.ts'
import { $noticePopupOpen, $popupNotices, loadAnnouncements } from '../shell/notices.ts'
import { $session, loadStatus } from '../stores/index.ts'
import { createStorage } from '../storage/index.ts'
import { $quiet, $withdrawOnly, markBreakTaken, quietNow } from './quiet.ts'

// A player on a break can still withdraw, and nothing offers play or promotions meanwhile.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())
const visited: string[] = []
setNavigator((path) => visited.push(path))

function solveSliders(): () => void {
  return $sliderPrompt.listen((challenge) => {
    if (challenge) void devSliderTarget(sandbox.url, challenge.challengeId).then((position) => answerSlider(sliderAnswer(challenge.challengeId, position)))
  })
}

beforeEach(async () => {
  configure({ baseURL: sandbox.url, storage: createStorage() })
  closeAuth()
  closeCentre()
  visited.length = 0
  await loadStatus()
})

describe('a player on a break', () => {
  it('is refused a login with the offer to withdraw, then opens the withdrawal alone and sees no after-login popup', async () => {
    const username = `qt${Date.now() % 100000}`
    const row = await createMember(sandbox.db, { username, type: 0, isAgent: 0, passwordHash: await hashPassword('pass1234', testCost) }, Date.now())
    await sandbox.db.query("INSERT INTO protect_members (member_id, break_kind, break_until) VALUES ($1, 'timeout', $2)", [row.id, Date.now() + 3_600_000])
    const stop = solveSliders()
    const form = createLoginForm()
    form.set('username', username)
    form.set('password', 'pass1234')
    const refused = await form.submit()
    expect(refused?.error?.code).toBe('account_excluded')
    expect(form.$state.get().errors.form?.key).toBe('err_account_excluded_timeout')
    expect(form.$excluded.get()).toBe(true)
    expect($session.get().token).toBeUndefined()
    // The refusal proved the password right: it stays, to open the withdrawal-only session.
    const out = await form.withdraw()
    stop()
    expect(out?.data?.withdrawOnly).toBe(true)
    expect($session.get().account).toBe(username)
    expect($withdrawOnly.get()).toBe(true)
    expect($quiet.get()).toBe(true)
    expect($centre.get()).toEqual({ kind: 'member', page: 'withdraw' })
    expect($afterLogin.get()).toBeNull()
    expect(visited).toEqual([])
  })

  it('keeps the browser that took the break quiet until the break ends', () => {
    expect(quietNow()).toBe(false)
    markAfterLogin(false)
    expect($afterLogin.get()).not.toBeNull()
    configure({ baseURL: sandbox.url, storage: createStorage() })
    markBreakTaken('24h', Date.now())
    expect(quietNow()).toBe(true)
    markAfterLogin(false)
    expect($afterLogin.get()).toBeNull()
    // A break that ended leaves the browser free again.
    markBreakTaken('24h', Date.now() - 25 * 3_600_000)
    expect(quietNow()).toBe(false)
  })

  it('gets no notice popup while the break runs, and the popup again once it has ended', async () => {
    // The popup decides as the popup notices arrive (later on a loaded machine): waited for when it
    // should open; when it should not, waited for the notices, and then it is still shut.
    const popupAfter = async (opens: boolean): Promise<void> => {
      const stop = $noticePopupOpen.listen(() => {})
      await loadAnnouncements()
      if (opens) await vi.waitFor(() => expect($noticePopupOpen.get()).toBe(true), { timeout: 10_000 })
      else {
        await vi.waitFor(() => expect($popupNotices.get().length).toBeGreaterThan(0), { timeout: 10_000 })
        expect($noticePopupOpen.get()).toBe(false)
      }
      stop()
      $noticePopupOpen.set(false)
    }
    markBreakTaken('24h', Date.now())
    await popupAfter(false)
    configure({ baseURL: sandbox.url, storage: createStorage() })
    await popupAfter(true)
  })
})
