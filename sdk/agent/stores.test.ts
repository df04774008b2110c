import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { $session, clearSession, setSession } from '../stores/index.ts'
import { ask } from '../stores/query.ts'
import { $invitations, $payouts, $periodPay, $teamOverview, createInvitation, filterPayouts, setTeamPeriod, showPayouts, teamBets } from './index.ts'
import { $payoutFilter } from './contracts.ts'

// The agent centre's remote stores against the reference platform: asked for while shown, asked again
// when their filter changes, showing the last reply meanwhile, and nothing asked while signed out.

const { sb } = sandboxForFile()
let asked: string[] = []
beforeAll(async () => {
  asked = await signInCounting(sb, 'agent01', 'agent1234')
})

const calls = (path: string) => asked.filter((a) => a.startsWith(path))

describe('agent centre stores', () => {
  it('ask for the team overview while shown, and again, keeping the last figures meanwhile, when the period changes', async () => {
    const before = calls('/wps/agent/team/overview').length
    const stop = $teamOverview.listen(() => {})
    await vi.waitFor(() => expect($teamOverview.get().data).toBeDefined(), { timeout: 10_000 })
    const today = $teamOverview.get().data!
    expect(calls('/wps/agent/team/overview')).toHaveLength(before + 1)

    const seen: { loading?: boolean; data?: unknown }[] = []
    const watch = $teamOverview.listen((state) => void seen.push({ ...state }))
    setTeamPeriod({ period: 'range', from: '2026-01-01', to: '2026-01-07' })
    await vi.waitFor(() => expect($teamOverview.get().data?.from).toBe('2026-01-01'), { timeout: 10_000 })
    watch()
    // While the new period loads, today's figures stay on screen.
    expect(seen.filter((state) => state.loading).map((state) => state.data)).toEqual([today])
    expect(calls('/wps/agent/team/overview')).toHaveLength(before + 2)
    expect(calls('/wps/agent/team/overview').at(-1)).toContain('from=2026-01-01')
    stop()
    setTeamPeriod({ period: 'today' })
  })

  it('ask for team betting again with a changed filter, back on page 1', async () => {
    const stop = teamBets.$rows.listen(() => {})
    await vi.waitFor(() => expect(teamBets.$rows.get().data).toBeDefined(), { timeout: 10_000 })
    teamBets.filter({ page: 2 })
    teamBets.filter({ member: 'member21' })
    await vi.waitFor(() => expect(calls('/wps/agent/team/bets').at(-1)).toContain('member=member21'), { timeout: 10_000 })
    expect(calls('/wps/agent/team/bets').at(-1)).toContain('page=1')
    expect(teamBets.$filter.get()).toMatchObject({ member: 'member21', page: 1 })
    stop()
  })

  it('show a created invitation code at once, and ask nothing while signed out', async () => {
    // The invitation links start with this site's origin, which only a page has.
    vi.stubGlobal('document', { baseURI: 'http://site.test/' })
    const stop = $invitations.listen(() => {})
    await vi.waitFor(() => expect($invitations.get().data).toBeDefined(), { timeout: 10_000 })
    const created = await createInvitation()
    expect(created.data).toBeDefined()
    expect($invitations.get().data).toEqual(created.data)
    stop()

    const token = $session.get()
    clearSession()
    const count = asked.length
    const again = $invitations.listen(() => {})
    // Waits for the key to follow the session (the next task) and for any request that starts: none does.
    expect((await ask($invitations, false, 'now')).data).toBeUndefined()
    expect(asked).toHaveLength(count)
    expect($invitations.get().data).toBeUndefined()
    again()
    setSession(token)
    vi.unstubAllGlobals()
  })

  it("ask for a record's payouts by kind, days and contract, and start another kind from an empty filter", async () => {
    const stop = $payouts.listen(() => {})
    showPayouts('daily_salary')
    await vi.waitFor(() => expect(calls('/wps/agent/payouts').at(-1)).toContain('kind=daily_salary'), { timeout: 10_000 })
    filterPayouts({ from: '2026-01-01', to: '2026-01-07', contractId: 'ct_x' })
    await vi.waitFor(() => expect(calls('/wps/agent/payouts').at(-1)).toContain('contractId=ct_x'), { timeout: 10_000 })
    expect(calls('/wps/agent/payouts').at(-1)).toContain('from=2026-01-01')
    filterPayouts({ page: 2 })
    expect($payoutFilter.get()).toEqual({ from: '2026-01-01', to: '2026-01-07', contractId: 'ct_x', page: 2 })
    showPayouts('dividend')
    expect($payoutFilter.get()).toEqual({ page: 1 })
    await vi.waitFor(() => expect(calls('/wps/agent/payouts').at(-1)).toMatch(/kind=dividend&page=1$/), { timeout: 10_000 })
    stop()
  })

  it("ask for this period's pay while shown", async () => {
    const stop = $periodPay.listen(() => {})
    await vi.waitFor(() => expect($periodPay.get().data?.list).toBeDefined(), { timeout: 10_000 })
    expect(calls('/wps/agent/contracts/period').length).toBeGreaterThan(0)
    stop()
  })
})
