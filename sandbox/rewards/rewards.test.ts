import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import type { EndpointKey } from '../../sdk/contract/all.ts'
import { client, solvedCaptcha, solvedSlider } from '../auth/testkit.ts'
import { createSession } from '../auth/sessions.ts'
import { createMember } from '../auth/accounts.ts'
import { balanceOf, creditMember, memberAccount } from '../ledger.ts'
import { playRound } from '../games/rounds.ts'
import { createDeposit, settleDeposit } from '../money/deposit.ts'
import { ApplyRequest, type GameType } from '../../sdk/contract/all.ts'
import * as v from 'valibot'

const { sb } = sandboxForFile()
const key = () => `k${crypto.randomUUID().replace(/-/g, '')}`

interface Reply<T = any> {
  status: number
  body: { success: boolean; code: string; message: string; value: T; fields?: Record<string, string> }
}
let sealer: ReturnType<typeof client> | undefined
async function call<T = any>(k: EndpointKey, input: Record<string, unknown>, token?: string): Promise<Reply<T>> {
  sealer ??= client(sb.url)
  return (await sealer.raw(k, input, { token })) as Reply<T>
}
const admin = (path: string, body: unknown = {}) =>
  fetch(`${sb.url}/sandbox/admin/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Reply['body'],
  }))

let n = 0
async function newMember(balance = 0, ip = '127.0.0.1') {
  const username = `rw${Date.now() % 100000}${n++}`
  const row = await createMember(sb.db, { username, type: 0, isAgent: 0, passwordHash: null }, Date.now())
  if (balance) await creditMember(sb.db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  return { id: row.id, username, token: await createSession(sb.db, row.id, Date.now(), ip) }
}
async function withPassword(balance = 0) {
  const m = await newMember(balance)
  await call('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' }, m.token)
  return m
}

async function gameOf(type: GameType) {
  const [g] = await sb.db.query<{ node_id: string; min_bet: number }>('SELECT node_id, min_bet FROM games WHERE game_type = $1 ORDER BY node_id LIMIT 1', [type])
  return { nodeId: g.node_id, gameType: type, minBet: Number(g.min_bet) }
}
/** Plays `count` rounds of `stake` and returns how many were not a push (valid bets). */
async function play(m: { id: string; username: string }, count: number, stake = 1000, type: GameType = 'RNG') {
  const game = await gameOf(type)
  let valid = 0
  for (let i = 0; i < count; i++) {
    const r = await playRound(sb.db, { player: m, game, stake, idempotencyKey: key() }, Date.now())
    if (r.payout !== r.stake) valid += r.stake
  }
  return valid
}
async function deposit(memberId: string, amount: number) {
  const order = await createDeposit(sb.db, memberId, { channel: 'BANK', amount, idempotencyKey: key() }, Date.now())
  await settleDeposit(sb.db, order.orderId, 'paid', Date.now())
  return order.orderId
}

describe('the rewards engine, fed by play', () => {
  it('earns points from settled rounds and deposits, shown in points details with the reason', async () => {
    const m = await newMember(500_00)
    const valid = await play(m, 5, 2000)
    await deposit(m.id, 200_00)
    const details = (await call('pointsDetails', {}, m.token)).body.value.list as { delta: number; reason: string }[]
    const fromRounds = details.filter((d) => d.reason === 'round').reduce((s, d) => s + d.delta, 0)
    expect(fromRounds).toBe(Math.floor(valid / 1000) * 1)
    // 200.00 deposited at 5 points per 100.00.
    expect(details.find((d) => d.reason === 'deposit')?.delta).toBe(10)
    const summary = (await call('rewardSummary', {}, m.token)).body.value
    expect(summary.points).toBe(details.reduce((s, d) => s + d.delta, 0))
  })

  it('gives a trial account nothing for its play: no points, no mission progress, no rank', async () => {
    const row = await createMember(sb.db, { username: `rwtrial${n++}`, type: 4, isAgent: 4, passwordHash: null }, Date.now())
    await creditMember(sb.db, row.id, 500_00, { idempotencyKey: `seed:${row.id}`, from: 'house:trial' })
    await play({ id: row.id, username: 'trial' }, 10, 2000)
    const [{ n: events }] = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reward_events WHERE member_id = $1', [row.id])
    expect(events).toBe(0)
    const [{ n: points }] = await sb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM points_entries WHERE member_id = $1', [row.id])
    expect(points).toBe(0)
  })

  it('moves the VIP rank with valid bets and deposits, keeps the date it was reached, and leaves an upgrade award to claim', async () => {
    const m = await newMember(1000_00)
    expect((await call('vipInfo', {}, m.token)).body.value).toMatchObject({ level: 0, next: { level: 1 }, vipLine: false })
    await deposit(m.id, 100_00)
    while ((await call('vipInfo', {}, m.token)).body.value.validBet < 100_00) await play(m, 5, 2000)
    const vip = (await call('vipInfo', {}, m.token)).body.value
    expect(vip.level).toBeGreaterThanOrEqual(1)
    expect(vip.reachedAt).toBeGreaterThan(0)
    expect(vip.history[vip.history.length - 1]).toMatchObject({ level: 1 })
    const icon = (await call('infoIcon', {}, m.token)).body.value
    expect(icon).toMatchObject({ hasVip: true, vipRankLevel: vip.level })
    const awards = (await call('rewardAwards', {}, m.token)).body.value.list
    expect(awards).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'rank', ref: '1', amount: 500, status: 'claimable' })]))
  })
})

describe('VIP line', () => {
  it('above rank 4 the member is on the VIP customer-service line, and the club label says the rank', async () => {
    const m = await newMember()
    const { recordEvent } = await import('./engine.ts')
    await sb.db.tx(async (q) => {
      await recordEvent(q, { key: `deposit:vip-${m.id}`, memberId: m.id, kind: 'deposit', amount: 10_000_00, at: Date.now() })
      await recordEvent(q, { key: `round:vip-${m.id}`, memberId: m.id, kind: 'round', category: 'RNG', amount: 50_000_00, validBet: 50_000_00, at: Date.now() })
    })
    const vip = (await call('vipInfo', {}, m.token)).body.value
    expect(vip).toMatchObject({ level: 5, vipLine: true, next: { level: 6 } })
    expect(vip.history.map((h: { level: number }) => h.level).sort()).toEqual([1, 2, 3, 4, 5])
    expect((await call('memberInfo', {}, m.token)).body.value.clubLabel).toEqual({ labelName: 'VIP 5', rankLevel: 5 })
    // One upgrade award per rank passed, each claimable once.
    const ranks = (await call('rewardAwards', {}, m.token)).body.value.list.filter((a: { source: string }) => a.source === 'rank')
    expect(ranks.map((a: { ref: string }) => a.ref).sort()).toEqual(['1', '2', '3', '4', '5'])
  })
})

describe('claims pay once', () => {
  it('claims a completed mission once, paying its reward and points; a double click is refused', async () => {
    const m = await newMember(500_00)
    const before = (await call('rewardMissions', {}, m.token)).body.value.missions.find((x: { id: string }) => x.id === 'M-DAILY-ROUNDS')
    expect(before).toMatchObject({ progress: 0, target: 10, status: 'progress' })
    expect((await call('claimMission', { missionId: 'M-DAILY-ROUNDS', idempotencyKey: key() }, m.token)).body.fields).toEqual({ mission: 'rewards_err_mission_incomplete' })
    await play(m, 10)
    const mid = (await call('rewardMissions', {}, m.token)).body.value.missions.find((x: { id: string }) => x.id === 'M-DAILY-ROUNDS')
    expect(mid).toMatchObject({ progress: 10, status: 'claimable' })
    expect((await call('rewardSummary', {}, m.token)).body.value.missions).toBeGreaterThanOrEqual(1)
    const balance = await balanceOf(sb.db, memberAccount(m.id))
    const replies = await Promise.all([1, 2, 3].map(() => call('claimMission', { missionId: 'M-DAILY-ROUNDS', idempotencyKey: key() }, m.token)))
    expect(replies.filter((r) => r.body.success)).toHaveLength(1)
    expect(replies.filter((r) => !r.body.success).map((r) => r.body.fields)).toEqual([{ mission: 'rewards_err_already_claimed' }, { mission: 'rewards_err_already_claimed' }])
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(balance + 500)
    const after = (await call('rewardMissions', {}, m.token)).body.value.missions.find((x: { id: string }) => x.id === 'M-DAILY-ROUNDS')
    expect(after.status).toBe('claimed')
    // The mission's bonus carries its wagering (1x), the same figure the withdrawal page holds back.
    const bonuses = (await call('bonusDetails', {}, m.token)).body.value
    expect(bonuses.list[0]).toMatchObject({ source: 'mission', amount: 500, required: 500, wagered: 0 })
    const withdraw = (await call('withdrawInfo', {}, m.token)).body.value
    expect(bonuses.remaining).toBe(500)
    expect(withdraw.wageringRemaining).toBe(bonuses.remaining)
    const board = (await call('rewardBoard', {}, m.token)).body.value
    expect(board.list.length).toBeLessThanOrEqual(50)
    expect(board.me).toMatchObject({ account: `${m.username.slice(0, 2)}***${m.username.slice(-2)}` })
    expect(board.me.score).toBeGreaterThanOrEqual(10 * 10)
  })

  it('claims an award once under parallel clicks, and refuses it when the budget is spent', async () => {
    const m = await newMember(1000_00)
    await deposit(m.id, 100_00)
    while ((await call('vipInfo', {}, m.token)).body.value.level < 1) await play(m, 5, 2000)
    const award = (await call('rewardAwards', {}, m.token)).body.value.list.find((a: { source: string }) => a.source === 'rank')
    const other = await newMember(1000_00)
    await deposit(other.id, 100_00)
    while ((await call('vipInfo', {}, other.token)).body.value.level < 1) await play(other, 5, 2000)
    const balance = await balanceOf(sb.db, memberAccount(m.id))
    const replies = await Promise.all([1, 2, 3, 4].map(() => call('claimAward', { awardId: award.id, idempotencyKey: key() }, m.token)))
    expect(replies.filter((r) => r.body.success)).toHaveLength(1)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(balance + award.amount)
    // Another member cannot claim it.
    expect((await call('claimAward', { awardId: award.id, idempotencyKey: key() }, other.token)).body.code).toBe('not_found')
    // The RANK budget is spent: the other member's award is refused and nothing moves.
    const [{ spent }] = await sb.db.query<{ spent: number }>("SELECT spent FROM reward_promotions WHERE code = 'RANK'")
    expect((await admin('rewards/budget', { code: 'RANK', budget: Number(spent) })).body.success).toBe(true)
    const otherAward = (await call('rewardAwards', {}, other.token)).body.value.list.find((a: { source: string }) => a.source === 'rank')
    const before = await balanceOf(sb.db, memberAccount(other.id))
    const refused = await call('claimAward', { awardId: otherAward.id, idempotencyKey: key() }, other.token)
    expect(refused.body.fields).toEqual({ reward: 'rewards_err_budget_spent' })
    expect(await balanceOf(sb.db, memberAccount(other.id))).toBe(before)
    expect((await call('rewardAwards', {}, other.token)).body.value.list.find((a: { id: string }) => a.id === otherAward.id).status).toBe('claimable')
    await admin('rewards/budget', { code: 'RANK', budget: 5_000_000 })
  })

  it('pays the manual rebate per category once a day, only while MANPLAYREB3 is on', async () => {
    const m = await newMember(500_00)
    await admin('flags', { flag: 'MANPLAYREB3', enabled: false })
    expect((await call('rebateInfo', {}, m.token)).body.code).toBe('not_enabled')
    await admin('flags', { flag: 'MANPLAYREB3', enabled: true })
    const valid = await play(m, 6, 5000)
    const info = (await call('rebateInfo', {}, m.token)).body.value
    const rng = info.lines.find((l: { category: string }) => l.category === 'RNG')
    expect(rng).toMatchObject({ validBet: valid, rateBp: 120, amount: Math.floor((valid * 120) / 10_000) })
    const balance = await balanceOf(sb.db, memberAccount(m.id))
    const replies = await Promise.all([1, 2, 3].map(() => call('claimRebate', { idempotencyKey: key() }, m.token)))
    expect(replies.filter((r) => r.body.success)).toHaveLength(1)
    expect(replies.filter((r) => !r.body.success).every((r) => r.body.fields?.rebate === 'rewards_err_rebate_claimed')).toBe(true)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(balance + info.total)
    expect((await call('rebateInfo', {}, m.token)).body.value).toMatchObject({ claimedToday: true, total: 0 })
  })
})

describe('the point mall', () => {
  it('redeems with the payment password, keeps stock and points, and an admin approves or rejects', async () => {
    const m = await withPassword(500_00)
    await sb.db.query('INSERT INTO points_accounts (member_id, balance) VALUES ($1, 120)', [m.id])
    const mall = (await call('mallInfo', {}, m.token)).body.value
    const voucher = mall.rewards.find((r: { id: string }) => r.id === 'R-CASH-5')
    expect(mall.points).toBe(120)
    // A wrong password changes nothing and says so at the field.
    const wrong = await call('mallRedeem', { rewardId: 'R-CASH-5', paymentPassword: '999999', idempotencyKey: key() }, m.token)
    expect(wrong.body.fields).toEqual({ paymentPassword: 'err_payment_password_incorrect' })
    expect((await call('mallInfo', {}, m.token)).body.value).toMatchObject({ points: 120 })
    const first = await call('mallRedeem', { rewardId: 'R-CASH-5', paymentPassword: '123456', idempotencyKey: key() }, m.token)
    expect(first.body.value).toMatchObject({ status: 'process', points: 50 })
    const second = await call('mallRedeem', { rewardId: 'R-CASH-5', paymentPassword: '123456', idempotencyKey: key() }, m.token)
    expect(second.body.success).toBe(true)
    // 20 points left: a third is refused at the reward, nothing taken.
    const third = await call('mallRedeem', { rewardId: 'R-CASH-5', paymentPassword: '123456', idempotencyKey: key() }, m.token)
    expect(third.body.fields).toEqual({ reward: 'rewards_err_points_short' })
    const after = (await call('mallInfo', {}, m.token)).body.value
    expect(after.points).toBe(20)
    expect(after.rewards.find((r: { id: string }) => r.id === 'R-CASH-5').quantity).toBe(voucher.quantity - 2)
    const balance = await balanceOf(sb.db, memberAccount(m.id))
    expect((await admin(`rewards/redeems/${first.body.value.id}/approve`, { remark: 'Enjoy' })).body.success).toBe(true)
    expect((await admin(`rewards/redeems/${first.body.value.id}/approve`)).status).toBe(409)
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(balance + 500)
    await admin(`rewards/redeems/${second.body.value.id}/reject`, { remark: 'Out of region' })
    const history = (await call('mallRedeems', {}, m.token)).body.value.list
    expect(history.map((h: { status: string; remark: string }) => [h.status, h.remark]).sort()).toEqual([
      ['approved', 'Enjoy'],
      ['rejected', 'Out of region'],
    ])
    expect((await call('mallInfo', {}, m.token)).body.value.points).toBe(70)
  })

  it('converts points to balance at the ratio with the password, never below zero points', async () => {
    const m = await withPassword()
    await sb.db.query('INSERT INTO points_accounts (member_id, balance) VALUES ($1, 35)', [m.id])
    expect((await call('pointsConvert', { points: 15, paymentPassword: '123456', idempotencyKey: key() }, m.token)).body.fields).toEqual({ points: 'rewards_err_convert_step' })
    expect((await call('pointsConvert', { points: 40, paymentPassword: '123456', idempotencyKey: key() }, m.token)).body.fields).toEqual({ points: 'rewards_err_points_short' })
    const k = key()
    const done = await call('pointsConvert', { points: 30, paymentPassword: '123456', idempotencyKey: k }, m.token)
    expect(done.body.value).toMatchObject({ points: 30, amount: 300, balance: 300 })
    // The same key again converts nothing more.
    expect((await call('pointsConvert', { points: 30, paymentPassword: '123456', idempotencyKey: k }, m.token)).body.value).toMatchObject({ amount: 300, balance: 300 })
    expect((await call('mallInfo', {}, m.token)).body.value.points).toBe(5)
  })
})

describe('referral', () => {
  it('gives the member a link and QR, links a friend who registers with it, and rewards the friend once they deposited and played', async () => {
    const m = await newMember()
    const info = (await call('referralInfo', { origin: 'https://brand.example' }, m.token)).body.value
    expect(info.link).toBe(`https://brand.example/register?referralCode=${info.code}`)
    expect(info.qr.size).toBeGreaterThan(20)
    // From another address family than the referrer's (the family rule pays one friend per household).
    const friend = await newMember(0, '10.88.1.2')
    const { rewardRegistration } = await import('./hooks.ts')
    await sb.db.tx((q) => rewardRegistration(q, { memberId: friend.id, referralCode: info.code.toLowerCase(), at: Date.now() }))
    await deposit(friend.id, 500_00)
    // A deposit alone qualifies nothing: the friend must play the qualifying stake too.
    expect((await call('referralInfo', { origin: 'https://brand.example' }, m.token)).body.value.friends).toEqual([expect.objectContaining({ qualified: false, earned: 0 })])
    let valid = 0
    while (valid < 100_00) valid += await play(friend, 1, 10_00)
    const again = (await call('referralInfo', { origin: 'https://brand.example' }, m.token)).body.value
    expect(again.friends).toEqual([
      expect.objectContaining({ account: `${friend.username.slice(0, 2)}***${friend.username.slice(-2)}`, qualified: true, earned: 5000, points: 100 }),
    ])
    const awards = (await call('rewardAwards', {}, m.token)).body.value.list
    expect(awards).toEqual([expect.objectContaining({ source: 'referral', amount: 5000, status: 'claimable', ref: '' })])
    // The friend receives the same, once: a second deposit qualifies nothing more.
    await deposit(friend.id, 100_00)
    const friendAwards = (await call('rewardAwards', {}, friend.token)).body.value.list.filter((a: { source: string }) => a.source === 'referral')
    expect(friendAwards).toEqual([expect.objectContaining({ source: 'referral', amount: 5000 })])
    expect((await call('rewardAwards', {}, m.token)).body.value.list).toHaveLength(1)
  })
})

describe('referral through registration', () => {
  it('links a friend who registers with the code from the link (in any case), and the join alone pays no points', async () => {
    const m = await newMember()
    const { code } = (await call('referralInfo', { origin: 'https://brand.example' }, m.token)).body.value
    sealer ??= client(sb.url)
    await admin('flags', { flag: 'REGSMS3', enabled: false })
    const ip = '10.77.0.1'
    const slider = await solvedSlider(sealer, { ip })
    const captcha = await solvedCaptcha(sealer, sb.url, { ip })
    const username = `fr${String(Date.now() % 100000).padStart(5, '0')}`
    const r = await sealer.call(
      'register',
      {
        registerMethod: 'WEB',
        login: true,
        termsAccepted: true,
        slider,
        ...captcha,
        username,
        password: 'secret12',
        confirmPassword: 'secret12',
        referralCode: code.toLowerCase(),
      },
      { ip },
    )
    await admin('flags', { flag: 'REGSMS3', enabled: true })
    expect(r.body).toMatchObject({ success: true })
    const friends = (await call('referralInfo', { origin: 'https://brand.example' }, m.token)).body.value.friends
    expect(friends).toEqual([expect.objectContaining({ account: `${username.slice(0, 2)}***${username.slice(-2)}`, qualified: false, earned: 0, points: 0 })])
    // The points come with the friend's qualifying deposit and play, not with the sign-up.
    expect((await call('pointsDetails', {}, m.token)).body.value.list).toEqual([])
  })
})

describe('promotion activities', () => {
  const png = (size = 100) => {
    const b = new Uint8Array(size)
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    return b
  }
  const upload = (token: string, promotionId: string, bytes: Uint8Array<ArrayBuffer>, type = 'image/png') =>
    fetch(`${sb.url}/wps/relay/MCSFE_uploadActivityImage?promotionId=${promotionId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': type, Device: 'WEB', Merchant: 'LOBBYKIT' },
      body: bytes,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Reply['body'] }))

  it('applies with a comment and images, refuses bad input, and is approved into a claimable reward', async () => {
    const m = await newMember()
    const state = () => call('activities', {}, m.token).then((r) => r.body.value.list.find((a: { promotionId: string }) => a.promotionId === 'N-PR-001'))
    expect(await state()).toMatchObject({ kind: 'apply', state: 'join' })
    // The contract's schema names the rule: the form shows it, and the server answers with it.
    const long = v.safeParse(ApplyRequest, { promotionId: 'N-PR-001', comment: 'x'.repeat(141) })
    expect(long.issues?.[0].message).toBe('rewards_err_comment_long')
    expect((await call('applyActivity', { promotionId: 'N-PR-001', comment: 'x'.repeat(141) }, m.token)).body.fields).toEqual({ comment: 'rewards_err_comment_long' })
    expect((await upload(m.token, 'N-PR-001', new TextEncoder().encode('GIF89a........'), 'image/gif')).body.fields).toEqual({ images: 'rewards_err_image_type' })
    const big = await upload(m.token, 'N-PR-001', png(5 * 1024 * 1024 + 1))
    expect(big.status).toBe(413)
    for (let i = 0; i < 3; i++) expect((await upload(m.token, 'N-PR-001', png())).body.value.count).toBe(i + 1)
    expect((await upload(m.token, 'N-PR-001', png())).body.fields).toEqual({ images: 'rewards_err_image_count' })
    expect(await state()).toMatchObject({ state: 'join', images: 3 })
    const sent = await call('applyActivity', { promotionId: 'N-PR-001', comment: 'x'.repeat(140) }, m.token)
    expect(sent.body.value).toMatchObject({ state: 'applying', images: 3 })
    expect((await call('applyActivity', { promotionId: 'N-PR-001', comment: 'again' }, m.token)).body.fields).toEqual({ activity: 'rewards_err_activity_state' })
    expect((await admin(`rewards/applications/${m.id}/N-PR-001/approve`, { remark: 'ok' })).body.success).toBe(true)
    const approved = await state()
    expect(approved).toMatchObject({ state: 'claim', remark: 'ok' })
    const claim = await call('claimAward', { awardId: approved.awardId, idempotencyKey: key() }, m.token)
    expect(claim.body.value).toMatchObject({ source: 'activity', amount: 5000, status: 'claimed' })
    expect((await state()).state).toBe('claimed')
  })

  it('joins, signs in once a day, claims the raffle once, and shows coming soon before the start', async () => {
    const m = await newMember()
    const states = async () =>
      Object.fromEntries((await call('activities', {}, m.token)).body.value.list.map((a: { promotionId: string; state: string }) => [a.promotionId, a.state]))
    expect((await call('joinActivity', { promotionId: 'N-PR-002' }, m.token)).body.value.state).toBe('joined')
    expect((await call('joinActivity', { promotionId: 'N-PR-002' }, m.token)).body.fields).toEqual({ activity: 'rewards_err_activity_state' })
    expect((await call('joinActivity', { promotionId: 'N-PR-005' }, m.token)).body.value.state).toBe('signed')
    expect((await call('joinActivity', { promotionId: 'N-PR-005' }, m.token)).body.success).toBe(false)
    const raffle = await Promise.all([1, 2].map(() => call('raffleClaim', { promotionId: 'N-PR-004' }, m.token)))
    expect(raffle.filter((r) => r.body.success)).toHaveLength(1)
    expect(await states()).toMatchObject({ 'N-PR-002': 'joined', 'N-PR-005': 'signed', 'N-PR-004': 'issued' })
    expect(await balanceOf(sb.db, memberAccount(m.id))).toBe(200 + 1000)
    await sb.db.query("UPDATE activities SET starts_at = $1 WHERE promotion_id = 'N-PR-001'", [Date.now() + 86_400_000])
    expect((await states())['N-PR-001']).toBe('coming_soon')
    await sb.db.query("UPDATE activities SET starts_at = 0 WHERE promotion_id = 'N-PR-001'")
  })
})

describe('missions and point-mall rewards in Chinese and Vietnamese', () => {
  it("are titled in the caller's language, English where none was written", async () => {
    const m = await newMember()
    const titles = async (language: string) => {
      const headers = { Language: language }
      const missions = (await sealer!.raw('rewardMissions', {}, { token: m.token, headers })).body.value as { missions: { id: string; title: string }[] }
      const mall = (await sealer!.raw('mallInfo', {}, { token: m.token, headers })).body.value as { rewards: { id: string; title: string }[] }
      return [missions.missions.find((x) => x.id === 'M-DAILY-ROUNDS')?.title, mall.rewards.find((x) => x.id === 'R-HEADSET')?.title]
    }
    await call('rewardMissions', {}, m.token)
    expect(await titles('cn')).toEqual(['今日玩 10 局', '游戏耳机'])
    expect(await titles('vi')).toEqual(['Chơi 10 ván hôm nay', 'Tai nghe chơi game'])
    expect(await titles('es')).toEqual(['Juega 10 rondas hoy', 'Auriculares gaming'])
    await sb.db.query(`UPDATE mall_rewards SET title_vi = '' WHERE id = 'R-HEADSET'`)
    try {
      expect((await titles('vi'))[1]).toBe('Gaming headset')
    } finally {
      await sb.db.query(`UPDATE mall_rewards SET title_vi = 'Tai nghe chơi game' WHERE id = 'R-HEADSET'`)
    }
  })
})
