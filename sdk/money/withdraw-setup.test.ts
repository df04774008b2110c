import { afterAll, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/testing.ts'
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { hashPassword, testCost } from '../../sandbox/auth/password.ts'
import { balanceOf, creditMember, memberAccount } from '../../sandbox/ledger.ts'
import { decideWithdrawal } from '../../sandbox/money/withdraw.ts'
import { closeAuth, createLoginForm } from '../auth/index.ts'
import { $sliderPrompt, answerSlider } from '../auth/slider.ts'
import { configure } from '../runtime/index.ts'
import { closeCentre } from '../centre/index.ts'
import { loadStatus } from '../stores/index.ts'
import { createStorage } from '../storage/index.ts'
import { $withdrawOnly } from '../protect/quiet.ts'
import {
  $moneyProfile,
  $withdrawInfo,
  $withdrawSetup,
  confirmWithdrawal,
  createPayPasswordForm,
  createPayoutAccountForm,
  createRealNameForm,
  createWithdrawForm,
  withdrawSetupStep,
} from './index.ts'

// "Withdrawals stay possible throughout" a break, for a player who never set up a withdrawal: the
// withdrawal-only session sets up the real name, an account and a payment password, then withdraws.
const sandbox = await startSandbox()
afterAll(() => sandbox.close())

describe('a withdrawal from a break, for a new account', () => {
  it('sets up the real name, an account and a payment password in the withdrawal-only session, then withdraws the whole balance', async () => {
    configure({ baseURL: sandbox.url, storage: createStorage() })
    closeAuth()
    closeCentre()
    await loadStatus()
    const username = `ws${Date.now() % 100000}`
    const row = await createMember(sandbox.db, { username, type: 0, isAgent: 0, passwordHash: await hashPassword('pass1234', testCost) }, Date.now())
    await creditMember(sandbox.db, row.id, 1_193_00, { idempotencyKey: `seed:${row.id}` })
    await sandbox.db.query("INSERT INTO protect_members (member_id, break_kind, break_until) VALUES ($1, 'timeout', $2)", [row.id, Date.now() + 24 * 3_600_000])

    const stop = $sliderPrompt.listen((challenge) => {
      if (challenge) void devSliderTarget(sandbox.url, challenge.challengeId).then((position) => answerSlider(sliderAnswer(challenge.challengeId, position)))
    })
    const login = createLoginForm()
    login.set('username', username)
    login.set('password', 'pass1234')
    expect((await login.submit())?.error?.code).toBe('account_excluded')
    expect((await login.withdraw())?.data?.withdrawOnly).toBe(true)
    stop()
    expect($withdrawOnly.get()).toBe(true)

    const watching = [$moneyProfile.listen(() => {}), $withdrawInfo.listen(() => {}), $withdrawSetup.listen(() => {})]
    await vi.waitFor(() => expect($withdrawSetup.get()).toBe('realName'), { timeout: 10_000 })

    // The real name stops at a review (it cannot be changed later), then saves.
    const name = createRealNameForm()
    name.set('realName', 'juan dela cruz')
    await name.submit()
    expect((await name.confirm())?.error).toBeUndefined()
    expect($withdrawSetup.get()).toBe('account')

    const account = createPayoutAccountForm()
    account.set('kind', 'ewallet')
    account.set('accountNo', '0917 123 4567')
    expect((await account.submit())?.error).toBeUndefined()
    expect($withdrawSetup.get()).toBe('payPassword')

    const password = createPayPasswordForm()
    password.set('newPassword', '135790')
    password.set('confirmNewPassword', '135790')
    expect((await password.submit())?.error).toBeUndefined()
    expect($withdrawSetup.get()).toBeNull()

    await vi.waitFor(() => expect($withdrawInfo.get().data?.withdrawable).toBe(1_193_00), { timeout: 10_000 })
    const profile = $moneyProfile.get().data!
    expect(profile.accounts[0].payeeName).toBe('Juan Dela Cruz')
    const withdraw = createWithdrawForm(profile.accounts[0].id)
    withdraw.set('amount', '1193')
    withdraw.set('paymentPassword', '135790')
    await withdraw.submit()
    expect(withdraw.$state.get().review?.amount).toBe(1_193_00)
    const sent = await withdraw.confirm()
    expect(sent?.error).toBeUndefined()
    expect(Number(await balanceOf(sandbox.db, memberAccount(row.id)))).toBe(0)

    // The platform pays it out and the player confirms it received, still in the same session.
    await decideWithdrawal(sandbox.db, sent!.data!.id, 'approve', Date.now())
    await decideWithdrawal(sandbox.db, sent!.data!.id, 'disburse', Date.now())
    const received = await confirmWithdrawal({ id: sent!.data!.id, outcome: 'received' })
    expect(received.data?.status).toBe('received')
    for (const stopWatching of watching) stopWatching()
  })

  it('asks for the steps in order: real name, then an account, then a payment password', () => {
    const base = { realName: '', accounts: [], hasPaymentPassword: false } as unknown as Parameters<typeof withdrawSetupStep>[0]
    const account = { id: 'a', kind: 'bank', provider: 'BDO', accountNo: '1', payeeName: 'A', isDefault: true }
    expect(withdrawSetupStep(base)).toBe('realName')
    expect(withdrawSetupStep({ ...base, realName: 'A' })).toBe('account')
    expect(withdrawSetupStep({ ...base, realName: 'A', accounts: [account] } as never)).toBe('payPassword')
    expect(withdrawSetupStep({ ...base, realName: 'A', accounts: [account], hasPaymentPassword: true } as never)).toBeNull()
  })
})
