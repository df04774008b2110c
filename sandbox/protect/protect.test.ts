import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { putSetting } from '../settings.ts'
import { brand } from '../seed/config.ts'
import { sandboxForFile } from '../testkit.ts'
import { login } from '../auth/testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { createSession } from '../auth/sessions.ts'
import { hashPassword, testCost } from '../auth/password.ts'
import { creditMember } from '../ledger.ts'
import { playRound } from '../games/rounds.ts'
import { Fail } from '../http/fail.ts'
import { insertSlot, losingSpin } from '../race-testkit.ts'
import { periodWindow } from './periods.ts'
import { LIMIT_COOLING_MS, LIMIT_REVIEW_MS, type EndpointKey } from '../../sdk/contract/all.ts'

// A controlled clock: Friday 27 November 2026, 10:00 UTC (the platform's time zone is UTC).
let clock = Date.UTC(2026, 10, 27, 10)
const { sb, c } = sandboxForFile({ now: () => clock })
// The slot every test here spins on.
beforeAll(() => insertSlot(sb.db, 'rg-slot', 'RGV'))
const H = 3_600_000
type AnyReply = { status: number; body: { success: boolean; code: string; message: string; value: any } }
/** Calls an endpoint and reads the reply as the wire sends it. */
const call = async (k: EndpointKey, input: unknown, opts: { token?: string } = {}): Promise<AnyReply> => (await c.raw(k, input, opts)) as AnyReply
const key = () => `k${crypto.randomUUID().replace(/-/g, '')}`

let n = 0
/** A member with a password and `balance`, and a session opened at the current clock. */
async function player(balance = 1_000_000) {
  const username = `rg${Date.now() % 100000}x${n++}`
  const row = await createMember(sb.db, { username, type: 0, isAgent: 0, passwordHash: await hashPassword('pass1234', testCost) }, clock)
  if (balance) await creditMember(sb.db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  return { id: row.id, username, token: await createSession(sb.db, row.id, clock, '127.0.0.1') }
}
const relog = async (p: { id: string }) => createSession(sb.db, p.id, clock, '127.0.0.1')

const spin = (p: { id: string; username: string }, stake: number) =>
  playRound(sb.db, { player: { id: p.id, username: p.username }, game: { nodeId: 'rg-slot', gameType: 'RNG', minBet: 1 }, stake, idempotencyKey: key() }, clock, losingSpin)
const refusal = async (x: Promise<unknown>) => {
  try {
    await x
    return 'passed'
  } catch (e) {
    if (e instanceof Fail) return { code: e.code, value: e.value }
    throw e
  }
}

describe('periods', () => {
  it('starts days at midnight, weeks on Monday and months on the 1st, in the given time zone', () => {
    const at = Date.UTC(2026, 10, 27, 10) // Friday
    expect(periodWindow('day', at)).toEqual({ start: Date.UTC(2026, 10, 27), end: Date.UTC(2026, 10, 28) })
    expect(periodWindow('week', at)).toEqual({ start: Date.UTC(2026, 10, 23), end: Date.UTC(2026, 10, 30) })
    expect(periodWindow('month', at)).toEqual({ start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 11, 1) })
    // Manila (UTC+8): 27 Nov 20:00 UTC is already Saturday 28 Nov 04:00 there.
    const late = Date.UTC(2026, 10, 27, 20)
    expect(periodWindow('day', late, 'Asia/Manila')).toEqual({ start: Date.UTC(2026, 10, 27, 16), end: Date.UTC(2026, 10, 28, 16) })
    // 30 Nov 23:00 UTC is Tuesday 1 Dec 07:00 in UTC+8: a new month and still the same week.
    const monthEnd = Date.UTC(2026, 10, 30, 23)
    expect(periodWindow('month', monthEnd, 'Asia/Manila').start).toBe(Date.UTC(2026, 10, 30, 16))
    expect(periodWindow('week', monthEnd, 'Asia/Manila').start).toBe(Date.UTC(2026, 10, 29, 16))
    // A Sunday belongs to the week that began the Monday before.
    expect(periodWindow('week', Date.UTC(2026, 10, 29, 23, 59)).start).toBe(Date.UTC(2026, 10, 23))
  })
})

describe('limits at their edges', () => {
  // These count UTC days (the platform zone set to UTC); the next block counts Manila's.
  beforeAll(() => putSetting(sb.db, 'brand', { ...brand, timeZone: 'UTC' }))
  afterAll(() => putSetting(sb.db, 'brand', brand))
  it('takes a deposit exactly at the daily limit, refuses one minor unit more, and resets at midnight', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player(0)
    const set = await call('protectSetLimit', { kind: 'deposit', period: 'day', amount: 500_00 }, { token: p.token })
    expect(set.body.success).toBe(true)
    expect(set.body.value.limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === 'day').amount).toBe(500_00)
    expect((await call('createDeposit', { channel: 'BANK', amount: 250_00, idempotencyKey: key() }, { token: p.token })).body.success).toBe(true)
    const over = await call('createDeposit', { channel: 'BANK', amount: 250_01, idempotencyKey: key() }, { token: p.token })
    expect(over.status).toBe(409)
    expect(over.body.code).toBe('limit_reached')
    expect(over.body.value).toEqual({ kind: 'deposit', period: 'day', limit: 500_00, left: 250_00, resetsAt: Date.UTC(2026, 10, 28) })
    expect((await call('createDeposit', { channel: 'BANK', amount: 250_00, idempotencyKey: key() }, { token: p.token })).body.success).toBe(true)
    // Unpaid orders count only until they expire (15 minutes): at 23:59:59.999 both have, so the day
    // holds what is ordered from then on.
    clock = Date.UTC(2026, 10, 27, 23, 59, 59, 999)
    const t = await relog(p)
    expect((await call('createDeposit', { channel: 'BANK', amount: 100_00, idempotencyKey: key() }, { token: t })).body.success).toBe(true)
    expect((await call('createDeposit', { channel: 'BANK', amount: 400_01, idempotencyKey: key() }, { token: t })).body.code).toBe('limit_reached')
    clock = Date.UTC(2026, 10, 28)
    const t2 = await relog(p)
    expect((await call('createDeposit', { channel: 'BANK', amount: 500_00, idempotencyKey: key() }, { token: t2 })).body.success).toBe(true)
  })

  it('counts paid deposits against the limit and lets a repeated key answer its order', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player(0)
    await call('protectSetLimit', { kind: 'deposit', period: 'week', amount: 300_00 }, { token: p.token })
    const k = key()
    const first = await call('createDeposit', { channel: 'BANK', amount: 300_00, idempotencyKey: k }, { token: p.token })
    expect(first.body.success).toBe(true)
    const again = await call('createDeposit', { channel: 'BANK', amount: 300_00, idempotencyKey: k }, { token: p.token })
    expect(again.body.value.orderId).toBe(first.body.value.orderId)
    await sb.db.query("UPDATE deposit_orders SET status = 'paid' WHERE id = $1", [first.body.value.orderId])
    clock += 2 * H
    expect((await call('createDeposit', { channel: 'BANK', amount: 100_00, idempotencyKey: key() }, { token: await relog(p) })).body.code).toBe('limit_reached')
  })

  it('refuses a stake that could pass the weekly loss limit; the limit resets on Monday', async () => {
    clock = Date.UTC(2026, 10, 29, 20) // Sunday
    const p = await player()
    await call('protectSetLimit', { kind: 'loss', period: 'week', amount: 1_000 }, { token: p.token })
    await spin(p, 600)
    expect(await refusal(spin(p, 401))).toEqual({ code: 'limit_reached', value: { kind: 'loss', period: 'week', limit: 1_000, left: 400, resetsAt: Date.UTC(2026, 10, 30) } })
    expect(await refusal(spin(p, 400))).toBe('passed')
    clock = Date.UTC(2026, 10, 29, 23, 59, 59, 999)
    expect(await refusal(spin(p, 1))).toMatchObject({ code: 'limit_reached' })
    clock = Date.UTC(2026, 10, 30)
    expect(await refusal(spin(p, 1_000))).toBe('passed')
    expect(await refusal(spin(p, 1))).toMatchObject({ code: 'limit_reached' })
  })

  it('counts wins against the loss limit and every stake against the wager limit; the monthly one resets on the 1st', async () => {
    clock = Date.UTC(2026, 10, 30, 22)
    const p = await player()
    await call('protectSetLimit', { kind: 'wager', period: 'month', amount: 2_000 }, { token: p.token })
    await spin(p, 1_500)
    expect(await refusal(spin(p, 501))).toMatchObject({ code: 'limit_reached', value: { kind: 'wager', period: 'month', left: 500, resetsAt: Date.UTC(2026, 11, 1) } })
    expect(await refusal(spin(p, 500))).toBe('passed')
    clock = Date.UTC(2026, 11, 1)
    expect(await refusal(spin(p, 2_000))).toBe('passed')
    // A win offsets losses but never makes room beyond the limit: 1,000 staked, 5,000 back is a net
    // win, shown as nothing used (not -4,000), and the day's room is the limit itself.
    const q = await player()
    await call('protectSetLimit', { kind: 'loss', period: 'day', amount: 1_000 }, { token: q.token })
    await sb.db.query(
      "INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, choice, outcome, status, created_at) VALUES ($1, $2, 'rg-slot', $1, 1000, 5000, 'x', '{}', 'settled', $3)",
      [key(), q.id, clock],
    )
    const shown = (await call('protectState', {}, { token: q.token })).body.value.limits.find((l: { kind: string; period: string }) => l.kind === 'loss' && l.period === 'day')
    expect(shown).toMatchObject({ amount: 1_000, used: 0 })
    expect(await refusal(spin(q, 1_001))).toMatchObject({ code: 'limit_reached', value: { kind: 'loss', left: 1_000 } })
    expect(await refusal(spin(q, 1_000))).toBe('passed')
    // Still 3,000 up on the day: the room stays the limit, never more.
    expect(await refusal(spin(q, 1_001))).toMatchObject({ code: 'limit_reached', value: { left: 1_000 } })
  })

  it('applies the lowest of several limits', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    await call('protectSetLimit', { kind: 'wager', period: 'day', amount: 5_000 }, { token: p.token })
    await call('protectSetLimit', { kind: 'loss', period: 'month', amount: 800 }, { token: p.token })
    expect(await refusal(spin(p, 801))).toMatchObject({ code: 'limit_reached', value: { kind: 'loss', period: 'month', left: 800 } })
    expect(await refusal(spin(p, 800))).toBe('passed')
  })
})

describe("limits in the platform's zone (the seed's Asia/Manila)", () => {
  it('starts the day at midnight in Manila: 23:59:59.999 there still counts, 00:00 (16:00 UTC) is a new day', async () => {
    clock = Date.UTC(2026, 10, 27, 10) // 18:00 in Manila
    const p = await player(0)
    await call('protectSetLimit', { kind: 'deposit', period: 'day', amount: 500_00 }, { token: p.token })
    expect((await call('createDeposit', { channel: 'BANK', amount: 400_00, idempotencyKey: key() }, { token: p.token })).body.success).toBe(true)
    const over = await call('createDeposit', { channel: 'BANK', amount: 100_01, idempotencyKey: key() }, { token: p.token })
    expect(over.body.value).toEqual({ kind: 'deposit', period: 'day', limit: 500_00, left: 100_00, resetsAt: Date.UTC(2026, 10, 27, 16) })
    // 23:59:59.999 in Manila: the order of 18:00 has expired unpaid, so the day holds what is ordered now.
    clock = Date.UTC(2026, 10, 27, 15, 59, 59, 999)
    const t = await relog(p)
    expect((await call('createDeposit', { channel: 'BANK', amount: 400_00, idempotencyKey: key() }, { token: t })).body.success).toBe(true)
    expect((await call('createDeposit', { channel: 'BANK', amount: 100_01, idempotencyKey: key() }, { token: t })).body.code).toBe('limit_reached')
    clock = Date.UTC(2026, 10, 27, 16)
    expect((await call('createDeposit', { channel: 'BANK', amount: 500_00, idempotencyKey: key() }, { token: await relog(p) })).body.success).toBe(true)
  })
})

describe('changing a limit', () => {
  it('lowers at once, raises only after 24 hours and a second confirmation, shown as pending with its date', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    const limitOf = (r: { body: { value: { limits: { kind: string; period: string }[] } } }) => r.body.value.limits.find((l) => l.kind === 'wager' && l.period === 'day') as any
    await call('protectSetLimit', { kind: 'wager', period: 'day', amount: 1_000 }, { token: p.token })
    const lowered = await call('protectSetLimit', { kind: 'wager', period: 'day', amount: 500 }, { token: p.token })
    expect(limitOf(lowered).amount).toBe(500)
    expect(await refusal(spin(p, 501))).toMatchObject({ code: 'limit_reached' })
    const raised = await call('protectSetLimit', { kind: 'wager', period: 'day', amount: 3_000 }, { token: p.token })
    expect(limitOf(raised)).toMatchObject({ amount: 500, pending: { amount: 3_000, effectiveAt: clock + LIMIT_COOLING_MS, confirmable: false } })
    expect(await refusal(spin(p, 501))).toMatchObject({ code: 'limit_reached' })
    const early = await call('protectConfirmLimit', { kind: 'wager', period: 'day' }, { token: p.token })
    expect(early.body.code).toBe('conflict')
    clock += LIMIT_COOLING_MS - 1
    expect((await call('protectConfirmLimit', { kind: 'wager', period: 'day' }, { token: await relog(p) })).body.code).toBe('conflict')
    clock += 1
    const t = await relog(p)
    // The 24 hours alone change nothing: the old limit holds until the player confirms.
    expect(limitOf(await call('protectState', {}, { token: t }))).toMatchObject({ amount: 500, pending: { confirmable: true } })
    expect(await refusal(spin(p, 501))).toMatchObject({ code: 'limit_reached' })
    const confirmed = await call('protectConfirmLimit', { kind: 'wager', period: 'day' }, { token: t })
    expect(limitOf(confirmed)).toMatchObject({ amount: 3_000, pending: null })
    expect(await refusal(spin(p, 2_000))).toBe('passed')
    // A removal waits the same way.
    await call('protectSetLimit', { kind: 'wager', period: 'day', amount: null }, { token: t })
    expect(await refusal(spin(p, 1_001))).toMatchObject({ code: 'limit_reached' })
    const state = await call('protectState', {}, { token: t })
    expect(state.body.value.audit.map((a: { action: string }) => a.action)).toEqual([
      'limit_removal_requested',
      'limit_change_confirmed',
      'limit_raise_requested',
      'limit_lowered',
      'limit_set',
    ])
    expect(state.body.value.audit[0]).toMatchObject({ at: clock, ip: '127.0.0.1' })
  })

  it('ends live sessions when a session time limit is set and shortens the next ones', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    await call('protectSetSessionLimit', { minutes: 60 }, { token: p.token })
    // Busy all along (a session idles out after 30 minutes without a request).
    for (const m of [20, 20, 19]) {
      clock += m * 60_000
      expect((await call('protectClock', {}, { token: p.token })).body.success).toBe(true)
    }
    expect((await call('protectClock', {}, { token: p.token })).body.value.endsAt).toBe(Date.UTC(2026, 10, 27, 11))
    clock += 60_000
    expect((await call('protectClock', {}, { token: p.token })).body.code).toBe('session_expired')
    const r = (await login(c, sb.url, p.username, 'pass1234', { ip: '10.30.0.1' })) as AnyReply
    expect(r.body.success).toBe(true)
    for (const m of [20, 20, 19]) {
      clock += m * 60_000
      expect((await call('protectState', {}, { token: r.body.value.token })).body.success).toBe(true)
    }
    clock += 60_000
    expect((await call('protectState', {}, { token: r.body.value.token })).body.code).toBe('session_expired')
  })
})

describe('the deposit-limit question and the 6-month review', () => {
  it('asks a new player for a deposit limit until one is set or declined, and asks for a review six months after', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    expect((await call('protectState', {}, { token: p.token })).body.value.prompt).toBe('deposit_limit')
    const skipped = await call('protectPrompt', { answer: 'skip' }, { token: p.token })
    expect(skipped.body.value.prompt).toBeNull()
    expect(skipped.body.value.audit[0]).toMatchObject({ action: 'deposit_limit_skipped', at: clock })
    await call('protectSetLimit', { kind: 'loss', period: 'week', amount: 5_000 }, { token: p.token })
    clock += LIMIT_REVIEW_MS - 1
    expect((await call('protectState', {}, { token: await relog(p) })).body.value.prompt).toBeNull()
    clock += 1
    const t = await relog(p)
    expect((await call('protectState', {}, { token: t })).body.value.prompt).toBe('review')
    expect((await call('protectPrompt', { answer: 'reviewed' }, { token: t })).body.value.prompt).toBeNull()
  })
})

describe('reality check', () => {
  it('answers the time since login, the net result since then and the chosen interval, and audits the answer', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    const def = await call('protectClock', {}, { token: p.token })
    expect(def.body.value).toMatchObject({ loginAt: clock, net: 0, realityMinutes: 60 })
    await call('protectReality', { minutes: 15 }, { token: p.token })
    clock += 15 * 60_000
    await spin(p, 700)
    const at = await call('protectClock', {}, { token: p.token })
    expect(at.body.value).toMatchObject({ loginAt: Date.UTC(2026, 10, 27, 10), now: clock, net: -700, realityMinutes: 15, nextCheckAt: Date.UTC(2026, 10, 27, 10, 15) })
    clock += 60_000
    await call('protectRealityAnswer', { answer: 'continue' }, { token: p.token })
    // The next check is one interval after the answer.
    expect((await call('protectClock', {}, { token: p.token })).body.value.nextCheckAt).toBe(Date.UTC(2026, 10, 27, 10, 31))
    const out = await call('protectRealityAnswer', { answer: 'logout' }, { token: p.token })
    expect(out.body.success).toBe(true)
    expect((await call('protectClock', {}, { token: p.token })).body.code).toBe('session_expired')
    const state = await call('protectState', {}, { token: await relog(p) })
    expect(state.body.value.audit.slice(0, 3).map((a: { action: string; detail: string }) => [a.action, a.detail])).toEqual([
      ['reality_check', 'logout after 16 min, net -700'],
      ['reality_check', 'continue after 16 min, net -700'],
      ['reality_interval', '15 min'],
    ])
  })
})

describe('time-out and self-exclusion', () => {
  it('ends the session at once, refuses login with the end date until it ends, then lets the player in', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    expect((await call('protectBreak', { kind: 'timeout', duration: '24h', confirm: true }, { token: p.token })).body.success).toBe(true)
    expect((await call('protectState', {}, { token: p.token })).body.code).toBe('session_expired')
    const refused = await login(c, sb.url, p.username, 'pass1234', { ip: '10.31.0.1' })
    expect(refused.body).toMatchObject({ code: 'account_excluded', value: { kind: 'timeout', until: clock + 24 * H } })
    expect(refused.status).toBe(403)
    // Nothing else gets through meanwhile: a stake from an older path is refused too.
    expect(await refusal(spin(p, 100))).toMatchObject({ code: 'account_excluded' })
    clock += 24 * H - 1
    expect((await login(c, sb.url, p.username, 'pass1234', { ip: '10.31.0.2' })).body.code).toBe('account_excluded')
    clock += 1
    expect((await login(c, sb.url, p.username, 'pass1234', { ip: '10.31.0.3' })).body.success).toBe(true)
  })

  it('cannot shorten a self-exclusion', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    await call('protectBreak', { kind: 'self_exclusion', duration: '1y', confirm: true }, { token: p.token })
    // Even from a session opened some other way, a shorter break keeps the year.
    const t = await relog(p)
    await call('protectBreak', { kind: 'timeout', duration: '24h', confirm: true }, { token: t })
    const refused = await login(c, sb.url, p.username, 'pass1234', { ip: '10.32.0.1' })
    expect(refused.body.value).toEqual({ kind: 'self_exclusion', until: Date.UTC(2027, 10, 27, 10) })
  })

  it('needs the confirmation flag', async () => {
    const p = await player()
    expect((await call('protectBreak', { kind: 'timeout', duration: '24h' }, { token: p.token })).body.code).toBe('validation_failed')
    expect((await call('protectBreak', { kind: 'self_exclusion', duration: '24h', confirm: true }, { token: p.token })).body.code).toBe('validation_failed')
  })
})

describe('history', () => {
  it('lists 12 months with their totals, also as CSV', async () => {
    clock = Date.UTC(2026, 10, 27, 10)
    const p = await player()
    await spin(p, 300)
    const h = await call('protectHistory', {}, { token: p.token })
    expect(h.body.value.months).toHaveLength(12)
    expect(h.body.value.months[0]).toEqual({ month: '2026-11', deposits: 0, withdrawals: 0, stakes: 300, returns: 0, net: -300 })
    expect(h.body.value.months[11].month).toBe('2025-12')
    const csv = await call('protectHistoryCsv', {}, { token: p.token })
    expect(csv.body.value.csv.split('\r\n')[1]).toBe('2026-11,0.00,0.00,3.00,0.00,-3.00')
  })
})
