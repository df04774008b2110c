import { beforeEach, describe, expect, it } from 'vitest'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginPrompt, closeLoginPrompt, setSession } from '../stores/index.ts'
import { $depositOffered, markWithdrawOnly } from '../protect/quiet.ts'
import { $guardWarning, $memberCenterAvailable, dismissGuardWarning, guard, requireMemberCenter } from './index.ts'

beforeEach(() => {
  configure({ storage: createStorage() })
  closeLoginPrompt()
  dismissGuardWarning()
})

describe('guard', () => {
  it('asks a guest to log in and stops', () => {
    expect(guard('play')).toEqual({ ok: false, reason: 'login' })
    expect($loginPrompt.get()).toBe('required')
    expect($memberCenterAvailable.get()).toBe(false)
  })

  it('lets a member play and do real-account actions', () => {
    setSession({ token: 't', isAgent: 0 })
    expect(guard('play')).toEqual({ ok: true })
    expect(guard('real')).toEqual({ ok: true })
    expect(requireMemberCenter()).toEqual({ ok: true })
    expect($loginPrompt.get()).toBeNull()
    expect($guardWarning.get()).toBeNull()
    expect($memberCenterAvailable.get()).toBe(true)
  })

  it('lets a trial account play but warns on real-account actions and the member center', () => {
    setSession({ token: 't', isAgent: 4 })
    expect(guard('play')).toEqual({ ok: true })
    expect(guard('real')).toEqual({ ok: false, reason: 'trial' })
    expect($guardWarning.get()).toEqual({ messageKey: 'in_need_true_account', confirmKey: 'in_increase_submit' })
    dismissGuardWarning()
    expect(requireMemberCenter()).toEqual({ ok: false, reason: 'trial' })
    expect($guardWarning.get()).not.toBeNull()
    expect($memberCenterAvailable.get()).toBe(false)
  })

  it("offers the header's Deposit to a member, not to a guest, a trial account or a break's withdrawal-only session", () => {
    expect($depositOffered.get()).toBe(false)
    setSession({ token: 'member-token-0000000001', isAgent: 0 })
    expect($depositOffered.get()).toBe(true)
    setSession({ token: 'trial-token-00000000002', isAgent: 4 })
    expect($depositOffered.get()).toBe(false)
    setSession({ token: 'break-token-00000000003', isAgent: 0 })
    markWithdrawOnly('break-token-00000000003')
    expect($depositOffered.get()).toBe(false)
  })
})
