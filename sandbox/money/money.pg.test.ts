import { describe, expect, it } from 'vitest'
import { balanceOf, creditMember, memberAccount, openHouseAccounts } from '../ledger.ts'
import { playRound } from '../games/rounds.ts'
import { codeOf, insertSlot, ledgerSum, losingSpin, minBalanceAfter, outcomes, postgresDbForFile } from '../race-testkit.ts'
import { createDeposit, settleDeposit } from './deposit.ts'
import { addPayoutAccount, setRealName } from './profile.ts'
import { decideWithdrawal, holdAccount, requestWithdrawal } from './withdraw.ts'

// A real PostgreSQL server (race-testkit.ts): PGlite has one connection, so it cannot show a race.
const pg = postgresDbForFile(openHouseAccounts)
const now = Date.now()

/** A member with `balance` minor units, a real name and a bank account; answers its id and account id. */
async function member(name: string, balance: number): Promise<{ id: string; accountId: string }> {
  await pg.db.query('INSERT INTO members (id, username) VALUES ($1, $1)', [name])
  await creditMember(pg.db, name, balance, { idempotencyKey: `seed:${name}` })
  await setRealName(pg.db, name, 'Race Tester')
  await addPayoutAccount(pg.db, name, { kind: 'bank', provider: 'BDO', accountNo: '1234567890' }, now)
  const [a] = await pg.db.query<{ id: string }>('SELECT id FROM payout_accounts WHERE member_id = $1', [name])
  return { id: name, accountId: a.id }
}

// The hold alone is raced here: the payment password (scrypt, with tries reserved before checking)
// is covered by the route tests.
const withdraw = (m: { id: string; accountId: string }, amount: number, key: string) =>
  requestWithdrawal(pg.db, m.id, { amount, accountId: m.accountId, paymentPassword: '', idempotencyKey: key }, now, { checkPassword: false })

describe('withdrawals on PostgreSQL', () => {
  it('lets exactly 10 of 50 concurrent withdrawals of 100.00 through a balance of 1,000.00, none overdrawn', async () => {
    const m = await member('w50', 1_000_00)
    const t0 = performance.now()
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => withdraw(m, 100_00, `w50-${i}-aaaaaaaaaaaa`)))
    const ms = Math.round(performance.now() - t0)
    const { won, lost } = outcomes(results)
    console.log(`[race] 50 withdrawals: ${won.length} accepted, ${lost.length} refused (${[...new Set(lost)].join(',')}), ${ms} ms`)
    expect(won).toHaveLength(10)
    expect(lost).toEqual(Array(40).fill('insufficient_funds'))
    expect(await balanceOf(pg.db, memberAccount(m.id))).toBe(0)
    expect(await balanceOf(pg.db, holdAccount(m.id))).toBe(1_000_00)
    expect(await minBalanceAfter(pg.db, memberAccount(m.id))).toBeGreaterThanOrEqual(0)
    const [{ n }] = await pg.db.query<{ n: number }>("SELECT count(*)::int AS n FROM withdrawals WHERE member_id = 'w50'")
    expect(n).toBe(10)
    expect(await ledgerSum(pg.db)).toBe(0)
  })

  it('answers 10 concurrent sends of one key with one withdrawal and one hold', async () => {
    const m = await member('wkey', 1_000_00)
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(m, 100_00, 'same-key-0123456789')))
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(await balanceOf(pg.db, memberAccount(m.id))).toBe(900_00)
    expect(await ledgerSum(pg.db)).toBe(0)
  })

  it('a withdrawal racing game stakes: together they never take more than the balance', async () => {
    const m = await member('wgame', 1_000_00)
    const game = await insertSlot(pg.db, 'money-slot', 'MPG')
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0
        ? withdraw(m, 100_00, `wgame-${i}-aaaaaaaaaaaa`).then(() => 'withdrawal')
        : playRound(pg.db, { player: { id: m.id, username: m.id }, game, stake: 100_00, idempotencyKey: `stake-${i}` }, now + i, losingSpin).then(() => 'stake'),
    )
    const results = await Promise.allSettled(calls)
    const { won, lost } = outcomes(results)
    console.log(
      `[race] 15 withdrawals vs 15 stakes: ${won.filter((w) => w === 'withdrawal').length} withdrawals + ${won.filter((w) => w === 'stake').length} stakes accepted, ${lost.length} refused`,
    )
    expect(won).toHaveLength(10)
    expect(lost).toEqual(Array(20).fill('insufficient_funds'))
    expect(await balanceOf(pg.db, memberAccount(m.id))).toBe(0)
    expect(await balanceOf(pg.db, holdAccount(m.id))).toBe(won.filter((w) => w === 'withdrawal').length * 100_00)
    expect(await minBalanceAfter(pg.db, memberAccount(m.id))).toBeGreaterThanOrEqual(0)
    expect(await ledgerSum(pg.db)).toBe(0)
  })

  it('approve racing reject: exactly one wins each time, and only a reject gives the money back', async () => {
    const m = await member('wdecide', 2_000_00)
    const ws = []
    for (let i = 0; i < 20; i++) ws.push(await withdraw(m, 100_00, `wdecide-${i}-aaaaaaaaaaaa`))
    const outcomes = await Promise.all(
      ws.map(async (w) => {
        const [a, r] = await Promise.allSettled([decideWithdrawal(pg.db, w.id, 'approve', now), decideWithdrawal(pg.db, w.id, 'reject', now)])
        return { approve: a.status, reject: r.status, loser: [a, r].filter((x): x is PromiseRejectedResult => x.status === 'rejected').map(codeOf) }
      }),
    )
    const approved = outcomes.filter((o) => o.approve === 'fulfilled').length
    const rejected = outcomes.filter((o) => o.reject === 'fulfilled').length
    console.log(`[race] approve vs reject on 20 withdrawals: ${approved} approved, ${rejected} rejected, ${outcomes.filter((o) => o.approve === o.reject).length} double outcomes`)
    expect(approved + rejected).toBe(20)
    expect(outcomes.every((o) => o.approve !== o.reject && o.loser[0] === 'conflict')).toBe(true)
    expect(await balanceOf(pg.db, memberAccount(m.id))).toBe(rejected * 100_00)
    expect(await balanceOf(pg.db, holdAccount(m.id))).toBe(approved * 100_00)
    // Disburse racing itself: one payout per withdrawal.
    const first = ws.find((_, i) => outcomes[i].approve === 'fulfilled')
    if (first) {
      const d = await Promise.allSettled(Array.from({ length: 5 }, () => decideWithdrawal(pg.db, first.id, 'disburse', now)))
      expect(d.filter((x) => x.status === 'fulfilled')).toHaveLength(1)
      expect(await balanceOf(pg.db, holdAccount(m.id))).toBe((approved - 1) * 100_00)
    }
    expect(await ledgerSum(pg.db)).toBe(0)
  })
})

describe('deposits on PostgreSQL', () => {
  it('credits an order once when the gateway callback arrives 10 times at once', async () => {
    await pg.db.query("INSERT INTO members (id, username) VALUES ('dep', 'dep')")
    const order = await createDeposit(pg.db, 'dep', { channel: 'BANK', amount: 100_00, idempotencyKey: 'dep-key-0123456789' }, now)
    const results = await Promise.all(Array.from({ length: 10 }, () => settleDeposit(pg.db, order.orderId, 'paid', now + 1)))
    console.log(`[race] 10 concurrent callbacks: ${results.filter((r) => r.settled).length} settled, balance ${await balanceOf(pg.db, memberAccount('dep'))}`)
    expect(results.filter((r) => r.settled)).toHaveLength(1)
    expect(results.every((r) => r.order.status === 'paid')).toBe(true)
    expect(await balanceOf(pg.db, memberAccount('dep'))).toBe(100_00)
    const [{ n }] = await pg.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'deposit' AND memo = $1", [order.orderId])
    expect(n).toBe(1)
    // Paid and declined racing: one answer wins.
    const other = await createDeposit(pg.db, 'dep', { channel: 'BANK', amount: 200_00, idempotencyKey: 'dep-key-9876543210' }, now)
    const mixed = await Promise.all(Array.from({ length: 10 }, (_, i) => settleDeposit(pg.db, other.orderId, i % 2 ? 'paid' : 'failed', now + 1)))
    expect(mixed.filter((r) => r.settled)).toHaveLength(1)
    const final = mixed[0].order.status
    expect(await balanceOf(pg.db, memberAccount('dep'))).toBe(final === 'paid' ? 300_00 : 100_00)
    expect(await ledgerSum(pg.db)).toBe(0)
  })
})
