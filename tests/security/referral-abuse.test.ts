import { afterEach, describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { auditLedger } from '../../sandbox/audit.ts'
import { deposit, playThrough, signUp, type Player } from './player.ts'

// Self-referral (issue #36, item 3), replayed over HTTP: sign-ups with one's own code from one address,
// and a sock account that deposits without playing. A referral pays once the friend deposited and
// played, once per address family or device, within the referrer's monthly cap.
const { sb, c } = sandboxForFile()

let n = 0
const name = (prefix: string) => `${prefix}${Date.now() % 100000}${++n}`
const rules = (body: Record<string, number>) =>
  fetch(`${sb.url}/sandbox/admin/rewards/referral`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json())
afterEach(() => rules({ minDeposit: 100_00, minStake: 100_00, bonus: 50_00, perMonth: 20 }))

async function codeOf(p: Player): Promise<string> {
  return (await p.call('referralInfo', { origin: 'https://brand.example' })).body.value.code
}
const referralPoints = async (p: Player) =>
  ((await p.call('pointsDetails', {})).body.value.list as { delta: number; reason: string }[]).filter((d) => d.reason === 'referral').reduce((s, d) => s + d.delta, 0)
const referralAwards = async (p: Player) => ((await p.call('rewardAwards', {})).body.value.list as { source: string; amount: number }[]).filter((a) => a.source === 'referral')

/** A friend who deposits 500.00 and stakes 100.00 (the default qualifying deposit and stake). */
async function qualify(friend: Player): Promise<void> {
  await deposit(friend, 500_00, { channel: 'BANK' })
  await playThrough(friend, 100_00, 10_00)
}

describe('a referral', () => {
  it('pays nothing for sign-ups alone: four accounts from one address with the referrer’s own code earn no points', async () => {
    const referrer = await signUp(c, name('ref'), '198.18.1.10')
    const code = await codeOf(referrer)
    for (let i = 0; i < 4; i++) await signUp(c, name('sock'), '198.18.1.10', { referralCode: code })
    expect(await referralPoints(referrer)).toBe(0)
    const friends = (await referrer.call('referralInfo', { origin: 'https://brand.example' })).body.value.friends
    expect(friends).toHaveLength(4)
    expect(friends.every((f: { qualified: boolean; earned: number; points: number }) => !f.qualified && f.earned === 0 && f.points === 0)).toBe(true)
  })

  it('pays nothing for a deposit without play, nor for a sock account from the referrer’s own address family once it plays', async () => {
    const referrer = await signUp(c, name('ref'), '198.18.2.10')
    const sock = await signUp(c, name('sock'), '198.18.2.77', { referralCode: await codeOf(referrer) })
    await deposit(sock, 100_00, { channel: 'BANK' })
    expect(await referralAwards(referrer)).toEqual([])
    expect(await referralAwards(sock)).toEqual([])
    await playThrough(sock, 100_00, 10_00)
    expect(await referralAwards(referrer)).toEqual([])
    expect(await referralAwards(sock)).toEqual([])
    expect(await referralPoints(referrer)).toBe(0)
    expect((await auditLedger(sb.db)).ok).toBe(true)
  })

  it('pays a friend who deposited and played, once per address family or device of the friends already paid', async () => {
    const referrer = await signUp(c, name('ref'), '198.18.3.10')
    const code = await codeOf(referrer)
    const device = { 'Device-Id': `dev-${crypto.randomUUID()}` }
    const friend = await signUp(c, name('fr'), '198.18.4.20', { referralCode: code }, device)
    await qualify(friend)
    expect(await referralAwards(referrer)).toEqual([expect.objectContaining({ amount: 50_00 })])
    expect(await referralAwards(friend)).toEqual([expect.objectContaining({ amount: 50_00 })])
    expect(await referralPoints(referrer)).toBe(100)
    // The same household (/24) and the same device from elsewhere earn nothing more.
    await qualify(await signUp(c, name('fr'), '198.18.4.21', { referralCode: code }))
    await qualify(await signUp(c, name('fr'), '198.18.9.30', { referralCode: code }, device))
    expect(await referralAwards(referrer)).toHaveLength(1)
    expect(await referralPoints(referrer)).toBe(100)
    expect((await auditLedger(sb.db)).ok).toBe(true)
  })

  it('stops at the monthly cap per referrer the operator sets', async () => {
    expect(await rules({ perMonth: 1 })).toMatchObject({ value: { perMonth: 1, minDeposit: 100_00, minStake: 100_00 } })
    const referrer = await signUp(c, name('ref'), '198.18.5.10')
    const code = await codeOf(referrer)
    await qualify(await signUp(c, name('fr'), '198.18.6.20', { referralCode: code }))
    const late = await signUp(c, name('fr'), '198.18.7.20', { referralCode: code })
    await qualify(late)
    expect(await referralAwards(referrer)).toHaveLength(1)
    expect(await referralAwards(late)).toEqual([])
  })
})
