import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { playRound } from '../../sandbox/games/rounds.ts'
import { $awards, $missions, claimAward, claimMission, createApplicationForm, createRedeemForm, refusalKey } from './index.ts'

// The reward stores and forms against the reference platform, signed in as demo01.
const { sb } = sandboxForFile()
let asked: string[] = []
let memberId = ''
beforeAll(async () => {
  asked = await signInCounting(sb, 'demo01', 'demo1234')
  const [m] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'demo01'")
  memberId = m.id
})

const file = (type: string, size: number, name = 'x') => Object.assign(new Blob([new Uint8Array(size)], { type }), { name })

describe('one-click claims', () => {
  it('sends one claim of a mission however often it is clicked at once, and the store shows it claimed', async () => {
    const [g] = await sb.db.query<{ node_id: string; min_bet: number }>("SELECT node_id, min_bet FROM games WHERE game_type = 'RNG' ORDER BY node_id LIMIT 1")
    const game = { nodeId: g.node_id, gameType: 'RNG' as const, minBet: Number(g.min_bet) }
    for (let i = 0; i < 10; i++) await playRound(sb.db, { player: { id: memberId, username: 'demo01' }, game, stake: 1000, idempotencyKey: `sdk-mission-${i}` }, Date.now())
    const stop = $missions.listen(() => {})
    const sent = () => asked.filter((a) => a.includes('MCSFE_claimMission')).length
    const before = sent()
    const results = await Promise.all([claimMission('M-DAILY-ROUNDS'), claimMission('M-DAILY-ROUNDS'), claimMission('M-DAILY-ROUNDS')])
    expect(results.filter((r) => r === null)).toHaveLength(2)
    expect(results.find((r) => r !== null)?.data?.amount).toBe(500)
    expect(sent() - before).toBe(1)
    await vi.waitFor(() => expect($missions.get().data?.missions.find((m) => m.id === 'M-DAILY-ROUNDS')?.status).toBe('claimed'), { timeout: 10_000 })
    // A later click is refused by the platform, named at the mission.
    const again = await claimMission('M-DAILY-ROUNDS')
    expect(again?.error?.fields).toEqual({ mission: 'rewards_err_already_claimed' })
    // What the page says of it: the rule broken, not the generic refusal.
    expect(again?.error && refusalKey(again.error)).toBe('rewards_err_already_claimed')
    stop()
  })

  it('claims an award once and moves it to claimed', async () => {
    await sb.db.query(
      "INSERT INTO reward_awards (id, key, member_id, promo, source, ref, amount, status, created_at) VALUES ('aw-sdk', 'aw-sdk', $1, 'RANK', 'rank', '1', 500, 'claimable', $2)",
      [memberId, Date.now()],
    )
    const stop = $awards.listen(() => {})
    const [first, second] = await Promise.all([claimAward('aw-sdk'), claimAward('aw-sdk')])
    expect(first?.data?.status).toBe('claimed')
    expect(second).toBeNull()
    await vi.waitFor(() => expect($awards.get().data?.list.find((a) => a.id === 'aw-sdk')?.status).toBe('claimed'), { timeout: 10_000 })
    stop()
  })
})

describe('forms', () => {
  it('refuses a redeem password of the wrong form before sending, keeping what was typed', async () => {
    const form = createRedeemForm('R-CASH-5')
    form.set('paymentPassword', '12ab')
    expect(await form.submit()).toBeNull()
    expect(form.$state.get().errors.paymentPassword?.key).toBe('err_pay_password_format')
    expect(form.$state.get().values.paymentPassword).toBe('12ab')
  })

  it('refuses a gif, a 6 MB png and a fourth image at the images field, keeping the others and the comment', async () => {
    let n = 0
    const app = createApplicationForm('N-PR-001', () => `preview-${n++}`)
    app.form.set('comment', 'x'.repeat(141))
    app.pick([file('image/gif', 10)])
    expect(app.$imageError.get()).toBe('rewards_err_image_type')
    app.pick([file('image/png', 6 * 1024 * 1024)])
    expect(app.$imageError.get()).toBe('rewards_err_image_size')
    app.pick([file('image/png', 10, 'a'), file('image/jpeg', 10, 'b'), file('image/png', 10, 'c'), file('image/png', 10, 'd')])
    expect(app.$imageError.get()).toBe('rewards_err_image_count')
    expect(app.$images.get().map((i) => i.name)).toEqual(['a', 'b', 'c'])
    // A 141-character comment is refused before any image is uploaded.
    expect(await app.form.submit()).toBeNull()
    expect(app.form.$state.get().errors.comment?.key).toBe('rewards_err_comment_long')
    expect(app.form.$state.get().values.comment).toHaveLength(141)
    const [stored] = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_images WHERE member_id = $1', [memberId])
    expect(stored.n).toBe(0)
    await app.drop(app.$images.get()[0])
    expect(app.$imageError.get()).toBeNull()
    expect(app.$images.get()).toHaveLength(2)
  })
})
