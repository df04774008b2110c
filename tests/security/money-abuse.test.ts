import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { auditLedger } from '../../sandbox/audit.ts'
import { balance, deposit, key, playThrough, readyToWithdraw, signUp, slot, withdraw } from './player.ts'

// Money the house gives away without play (issue #36, items 2 and 4), replayed over HTTP as the
// attacker did: through registration, the gateway page, the game frame and the member's own calls.
const { sb, c } = sandboxForFile()

let n = 0
/** A fresh address per player, in its own /24, so no per-address limit or family rule links them. */
const nextIp = () => `203.0.${++n}.10`
const name = (prefix: string) => `${prefix}${Date.now() % 100000}${n}`

describe('points a deposit earns', () => {
  it('cannot be turned into cash and walked out with the untouched deposit: deposit 20,000.00, convert, withdraw 20,000.00 leaves nothing', async () => {
    const p = await signUp(c, name('dep'), nextIp())
    const accountId = await readyToWithdraw(p, '1029384756')
    await deposit(p, 20_000_00, { channel: 'BANK' })
    const points = (await p.call('rewardSummary', {})).body.value.points as number
    expect(points).toBeGreaterThanOrEqual(1000)
    const converted = await p.call('pointsConvert', { points: 1000, paymentPassword: '246810', idempotencyKey: key() })
    expect(converted.body.code).toBe('conflict')
    expect(converted.body.fields).toEqual({ points: 'rewards_err_points_held' })
    // The mall's cash voucher is the other door for the same points.
    const voucher = await p.call('mallRedeem', { rewardId: 'R-CASH-5', paymentPassword: '246810', idempotencyKey: key() })
    expect(voucher.body.fields).toEqual({ reward: 'rewards_err_points_held' })
    expect(await withdraw(p, accountId, 20_000_00)).toBe('ok')
    // Nothing is left over: the deposit went out as it came in.
    expect(await balance(p)).toBe(0)
    expect((await auditLedger(sb.db)).ok).toBe(true)
  })

  it('unlock once the deposit is played through (1x by default), oldest deposit first', async () => {
    const p = await signUp(c, name('dpl'), nextIp())
    await deposit(p, 200_00, { channel: 'BANK' })
    await deposit(p, 200_00, { channel: 'BANK' })
    const convert = (points: number) => p.call('pointsConvert', { points, paymentPassword: '246810', idempotencyKey: key() })
    expect((await p.call('setPaymentPassword', { newPassword: '246810', confirmNewPassword: '246810' })).body.code).toBe('ok')
    expect((await convert(10)).body.fields).toEqual({ points: 'rewards_err_points_held' })
    // 200.00 staked plays the first deposit through: its 10 points unlock (with what the rounds
    // earned), the second deposit's 10 stay held.
    await playThrough(p, 200_00, 10_00)
    const points = (await p.call('rewardSummary', {})).body.value.points as number
    const free = Math.floor((points - 10) / 10) * 10
    expect(free).toBeGreaterThanOrEqual(10)
    const first = await convert(free)
    expect(first.body.code, first.body.message).toBe('ok')
    expect((await convert(10)).body.fields).toEqual({ points: 'rewards_err_points_held' })
    expect((await auditLedger(sb.db)).ok).toBe(true)
  })
})

describe('bonus wagering', () => {
  it('counts a stake towards one bonus at a time, oldest first: 50.00 staked clears the 50.00 welcome bonus, not the 5.00 mission after it too', async () => {
    const p = await signUp(c, name('wag'), nextIp())
    const accountId = await readyToWithdraw(p, '5647382910')
    await deposit(p, 100_00, { channel: 'BANK', promotion: 'WELCOME10' }) // 10.00 bonus, 50.00 to wager
    const round = await slot(p)
    let valid = 0
    for (let i = 0; i < 10; i++) valid += await round(1_00)
    const mission = await p.call('claimMission', { missionId: 'M-DAILY-ROUNDS', idempotencyKey: key() })
    expect(mission.body.code, mission.body.message).toBe('ok') // 5.00, 5.00 to wager
    while (valid < 50_00) valid += await round(1_00)
    // Every stake so far was needed by the welcome bonus: the mission's 5.00 is still to wager.
    const info = (await p.call('withdrawInfo', {})).body.value
    expect(info.wageringRemaining).toBe(5_00)
    const details = (await p.call('bonusDetails', {})).body.value
    expect(details.remaining).toBe(5_00)
    expect(details.list.map((b: { required: number; wagered: number }) => [b.required, b.wagered])).toEqual([
      [5_00, 0],
      [50_00, 50_00],
    ])
    expect(await withdraw(p, accountId, info.balance)).toBe('wagering_required')
    while (valid < 55_00) valid += await round(1_00)
    expect((await p.call('withdrawInfo', {})).body.value.wageringRemaining).toBe(0)
    expect(await withdraw(p, accountId, await balance(p))).toBe('ok')
    expect((await auditLedger(sb.db)).ok).toBe(true)
  })
})
