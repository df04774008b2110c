import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { $loginPrompt, clearSession, closeLoginPrompt } from '../stores/index.ts'
import { takeReturn } from '../stores/return-to.ts'
import { $locale } from '../i18n/index.ts'
import { $mallCatalogue, $vipHere, $vipLadder, pickedReward, ratioLine, redeemOrSignIn, rewardLines, signInForReward, signInHere } from './index.ts'

// What a guest sees of the rewards, against the reference platform: no login, values from its configuration.
const { sb } = sandboxForFile()

const asGuest = () => {
  configure({ baseURL: sb.url, storage: createStorage() })
  clearSession()
  closeLoginPrompt()
}

describe('the VIP ladder for a guest', () => {
  beforeEach(asGuest)

  it('lists every configured rank with what reaching it takes, its rebate and its upgrade bonus, without a login', async () => {
    // The operator's configuration is what the guest sees: change a figure and the ladder follows.
    await sb.db.query('UPDATE vip_ranks SET upgrade_bonus = 77700, rebate_bp = 42 WHERE level = 3')
    const stop = $vipLadder.listen(() => {})
    await vi.waitFor(() => expect($vipLadder.get().data).toBeDefined(), { timeout: 10_000 })
    const configured = await sb.db.query<{ level: number; valid_bet: number; deposit: number }>('SELECT level, valid_bet, deposit FROM vip_ranks ORDER BY level')
    const ranks = $vipLadder.get().data?.ranks ?? []
    expect(ranks.map((r) => [r.level, r.validBet, r.deposit])).toEqual(configured.map((r) => [Number(r.level), Number(r.valid_bet), Number(r.deposit)]))
    expect(ranks.find((r) => r.level === 3)).toMatchObject({ upgradeBonus: 777_00, rebateBp: 42 })
    // A guest stands nowhere on it.
    expect($vipHere.get()).toBeNull()
    stop()
  })
})

describe('the point mall for a guest', () => {
  beforeEach(asGuest)

  it('shows every reward with its picture and price in points, in the page language, without a login', async () => {
    const stop = $mallCatalogue.listen(() => {})
    await vi.waitFor(() => expect($mallCatalogue.get().data).toBeDefined(), { timeout: 10_000 })
    const rewards = $mallCatalogue.get().data?.rewards ?? []
    const stocked = await sb.db.query<{ id: string; points: number }>('SELECT id, points FROM mall_rewards ORDER BY sort')
    expect(rewards.map((r) => [r.id, r.points])).toEqual(stocked.map((r) => [r.id, Number(r.points)]))
    expect(rewards[0].title).toBe('5.00 cash voucher')
    // Each picture is an image the platform's CDN serves.
    const picture = await fetch(new URL(`/sandbox/cdn1/${rewards[0].image}`, sb.url))
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toContain('image/svg+xml')
    expect(await picture.text()).toContain('5.00 cash voucher')
    // A language switch asks again: the Spanish titles.
    $locale.set('es')
    await vi.waitFor(() => expect($mallCatalogue.get().data?.rewards[0].title).toBe('Vale de 5,00'), { timeout: 10_000 })
    $locale.set('en')
    stop()
  })

  it('asks a guest pressing Redeem to sign in, and sends the finished login back to that reward', () => {
    const here = { pathname: '/es/pointMall', search: '?tab=x' }
    expect(redeemOrSignIn('R-SPIN-10', here)).toBe(false)
    expect($loginPrompt.get()).toBe('required')
    const back = takeReturn('/')
    expect(back).toBe('/es/pointMall?tab=x&reward=R-SPIN-10')
    expect(pickedReward(new URL(back, 'https://x.test').search)).toBe('R-SPIN-10')
    // Nothing else is taken for a reward id.
    expect(pickedReward('?reward=../../admin')).toBeNull()
  })

  it("the script-only page's Redeem (no guard loaded) asks for the login the same way, back to that reward", () => {
    signInForReward('R-SPIN-10', { pathname: '/pointMall', search: '' })
    expect($loginPrompt.get()).toBe('required')
    expect(takeReturn('/')).toBe('/pointMall?reward=R-SPIN-10')
  })

  it("says each reward's price, the bets it also needs and its stock, the way both renderers draw them", () => {
    const reward = { id: 'R', title: 'Headset', image: 'x.svg', points: 2000, amountRequired: 150_000, quantity: 0, cash: 0 }
    expect(rewardLines(reward)).toEqual([
      { kind: 'price', key: 'rewards_mall_needs', values: { points: 2000 } },
      { kind: 'bet', key: 'rewards_mall_amount', values: { amount: expect.stringMatching(/1,500\.00/) } },
      { kind: 'stock', key: 'rewards_mall_sold_out', values: {} },
    ])
    // No bet needed, some left: two lines.
    expect(rewardLines({ ...reward, amountRequired: 0, quantity: 3 }).map((l) => [l.kind, l.values])).toEqual([
      ['price', { points: 2000 }],
      ['stock', { count: 3 }],
    ])
    expect(ratioLine({ points: 100, amount: 100, minPoints: 100 })).toEqual({ key: 'rewards_mall_ratio', values: { points: 100, amount: expect.stringMatching(/1\.00/) } })
  })

  it("a reward page's Sign in opens the login popup, and the login comes back to that page", () => {
    signInHere({ pathname: '/es/vip', search: '?tab=ladder' })
    expect($loginPrompt.get()).toBe('required')
    expect(takeReturn('/')).toBe('/es/vip?tab=ladder')
  })

  it('lets a member go on to the redeem form, keeping no return', async () => {
    await signInCounting(sb, 'demo01', 'demo1234')
    expect(redeemOrSignIn('R-SPIN-10', { pathname: '/pointMall', search: '' })).toBe(true)
    expect($loginPrompt.get()).toBeNull()
    expect(takeReturn('/')).toBe('/')
  })
})
