import { beforeEach, describe, expect, it } from 'vitest'
import { $guardWarning, dismissGuardWarning } from '../guard/index.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginPrompt, closeLoginPrompt, setSession } from '../stores/index.ts'
import { $centre, closeCentre, openCentre } from './index.ts'
import { consolidatedOff } from '../contract/index.ts'
import { agentPages, centrePageOf, memberPages, showCentrePage, visibleAgentPages, visibleMemberPages } from './pages.ts'

beforeEach(() => {
  configure({ storage: createStorage() })
  closeLoginPrompt()
  dismissGuardWarning()
  closeCentre()
})

// Every salary and dividend kind off, as a platform without the setting answers.
const off = consolidatedOff

describe('openCentre', () => {
  it('asks a guest to log in and opens nothing', () => {
    openCentre('member', 'depositv2')
    expect($loginPrompt.get()).toBe('required')
    expect($centre.get()).toBeNull()
  })

  it('opens the member centre at the page asked for, and switches pages while open', () => {
    setSession({ token: 't', isAgent: 0 })
    openCentre('member', 'depositv2')
    expect($centre.get()).toEqual({ kind: 'member', page: 'depositv2' })
    showCentrePage('withdraw')
    expect($centre.get()).toEqual({ kind: 'member', page: 'withdraw' })
    closeCentre()
    showCentrePage('referral')
    expect($centre.get()).toBeNull()
  })

  it('gives a trial account the real-account warning instead of a centre', () => {
    setSession({ token: 't', isAgent: 4 })
    openCentre('member', 'securityCenter')
    expect($centre.get()).toBeNull()
    expect($guardWarning.get()).toEqual({ messageKey: 'in_need_true_account', confirmKey: 'in_increase_submit' })
  })

  it('opens the agent centre only for agent types, warning anyone else (SPEC §5, §6)', () => {
    setSession({ token: 't', isAgent: 0 })
    openCentre('agent', 'agentTeamOverview')
    expect($centre.get()).toBeNull()
    expect($guardWarning.get()?.messageKey).toBe('in_need_true_account')
    dismissGuardWarning()
    for (const isAgent of [1, 2, 41, 42]) {
      setSession({ isAgent })
      openCentre('agent', 'agentTeamOverview')
      expect($centre.get()).toEqual({ kind: 'agent', page: 'agentTeamOverview' })
      closeCentre()
    }
    expect($guardWarning.get()).toBeNull()
  })
})

describe('centre pages', () => {
  it('lists the SPEC pages in order, starting at their default pages', () => {
    expect(memberPages).toHaveLength(16)
    expect(memberPages[0]).toBe('securityCenter')
    // The responsible gaming page comes right after My account.
    expect(memberPages[1]).toBe('responsibleGaming')
    expect(agentPages).toHaveLength(12)
    expect(centrePageOf({ kind: 'member', page: 'nope' }, memberPages)).toBe('securityCenter')
    expect(centrePageOf({ kind: 'member', page: 'messageV2' }, memberPages)).toBe('messageV2')
  })

  it('lists "Transfer to upline" only for a member with an upline agent', () => {
    const facts = { referral: true, manualRebate: true, toUpline: false }
    expect(visibleMemberPages(facts)).not.toContain('transferUpline')
    expect(visibleMemberPages(facts)).toHaveLength(memberPages.length - 1)
    expect(visibleMemberPages({ ...facts, toUpline: true })).toEqual([...memberPages])
    // Asked for anyway (an old link), it opens the default page.
    expect(centrePageOf({ kind: 'member', page: 'transferUpline' }, visibleMemberPages(facts))).toBe('securityCenter')
  })

  it('hides the dividend and salary pages until the consolidated config turns them on', () => {
    const gated = ['agentDividendRecordCopy2', 'agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary']
    expect(visibleAgentPages(undefined)).toEqual(agentPages.filter((p) => !gated.includes(p)))
    expect(visibleAgentPages(off)).toEqual(visibleAgentPages(undefined))
    expect(visibleAgentPages({ ...off, divtypeinfo: 1 })).toContain('agentDividendRecordCopy2')
    expect(visibleAgentPages({ ...off, dailysalinfotype: 2 })).toEqual([...visibleAgentPages(off), 'agentDailyWages2'])
    expect(visibleAgentPages({ ...off, contracthoursalreqtype: 1, realtimesalinfotype: 1 }).slice(-2)).toEqual(['agentHourSalary', 'agentRealtimeSalary'])
    // A hidden page asked for shows the default page instead.
    expect(centrePageOf({ kind: 'agent', page: 'agentHourSalary' }, visibleAgentPages(off))).toBe('agentTeamOverview')
  })
})
