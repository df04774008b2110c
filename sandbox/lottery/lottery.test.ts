import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { commitmentOf, drawDigits, endpoints, type EndpointKey } from '../../sdk/contract/all.ts'
import { createSession, hashToken } from '../auth/sessions.ts'
import { issueLaunch } from '../games/launch.ts'
import { startSandbox } from '../testing.ts'
import { startDrawTimer } from './scheduler.ts'

// Monday 2025-03-03 10:00:20 in Vietnam (UTC+7): EL_F3_1 draws every minute, betting locks 5 s before.
let clock = Date.UTC(2025, 2, 3, 3, 0, 20)
let sb: Awaited<ReturnType<typeof startSandbox>>
let token: string

interface Env<T> {
  success: boolean
  code: string
  value: T
}
async function call<T>(key: EndpointKey, input: Record<string, unknown> = {}, auth?: string): Promise<Env<T>> {
  const e = endpoints[key]
  const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()
  const res = await fetch(`${sb.url}${e.path}${qs ? `?${qs}` : ''}`, { headers: { Merchant: 'LOBBYKIT', ...(auth ? { Authorization: `Bearer ${auth}` } : {}) } })
  return (await res.json()) as Env<T>
}

interface Bet {
  betId: string
  numero: string
  stake: number
  payout: number
  status: string
  winningNumber: string
}
interface State {
  draw: { numero: string; remainTime: number; commitment: string }
  balance: number
  bets: Bet[]
}
interface Draw {
  numero: string
  commitment: string
  seed: string
  winningNumber: string
  drawAt: string
}

let screen: string
const state = async () => ((await (await fetch(`${sb.url}${screen}/state`)).json()) as Env<State>).value
const bet = async (body: Record<string, unknown>) => {
  const res = await fetch(`${sb.url}${screen}/bet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return (await res.json()) as Env<{ bet: Bet; balance: number; replay: boolean }>
}

beforeAll(async () => {
  sb = await startSandbox({ now: () => clock })
  const [m] = await sb.db.query<{ id: string }>(`SELECT id FROM members WHERE username = 'demo01'`)
  token = await createSession(sb.db, m.id, clock, '127.0.0.1')
  const launch = await call<{ content: string }>('lotteryLaunch', { prizeMode: 'Elott', gameCode: 'EL_F3_1', view: 'betting' }, token)
  expect(launch.code).toBe('ok')
  screen = `/sandbox/cdn1/${launch.value.content}`
})
afterAll(() => sb?.close())

// One story on one clock that only moves forward (each test starts where the last left it): never shuffled.
describe('sandbox lottery', { shuffle: false }, () => {
  it('refuses a trial account (type 4) at the launcher and at the bet, even with a launch token minted for it', async () => {
    await sb.db.query("INSERT INTO members (id, username, type, is_agent) VALUES ('trial-lott', 'trial-lott', 4, 4) ON CONFLICT DO NOTHING")
    const trialToken = await createSession(sb.db, 'trial-lott', clock, '127.0.0.1')
    const launch = await call('lotteryLaunch', { prizeMode: 'Elott', gameCode: 'EL_F3_1', view: 'betting' }, trialToken)
    expect(launch.code).toBe('trial_account')
    // A launch token for the trial account (as an older launcher would have issued): its bet is refused too.
    const [{ node_id }] = await sb.db.query<{ node_id: string }>('SELECT node_id FROM launch_tokens ORDER BY created_at LIMIT 1')
    const path = await issueLaunch(sb.db, { memberId: 'trial-lott', sessionHash: hashToken(trialToken), nodeId: node_id, language: 'en', view: 'betting' }, clock)
    const s = await state()
    const res = await fetch(`${sb.url}/sandbox/cdn1/${path}/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ numero: s.draw.numero, playType: 'BIG_SMALL', pick: 'BIG', amount: 100, multiplier: 1, idempotencyKey: 'trial-lott-key-00001' }),
    })
    expect(res.status).toBe(403)
    expect(((await res.json()) as Env<unknown>).code).toBe('trial_account')
    const [{ n }] = await sb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_bets WHERE member_id = 'trial-lott'")
    expect(n).toBe(0)
  })

  it('serves the betting screen with the open draw and its commitment', async () => {
    const res = await fetch(`${sb.url}${screen}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const s = await state()
    expect(s.draw.numero).toBe('20250303-0601')
    expect(s.draw.remainTime).toBe(35)
    expect(html).toContain(s.draw.commitment)
    expect(html).toContain('Place bet')
  })

  it('sells a bet once per key, settles it when the clock passes the draw, and reveals a seed matching the commitment', async () => {
    const before = await state()
    const key = 'lottery-test-key-0001'
    const body = { numero: before.draw.numero, playType: 'BIG_SMALL', pick: 'BIG', amount: 100, multiplier: 3, idempotencyKey: key }
    const first = await bet(body)
    expect(first.code).toBe('ok')
    expect(first.value.balance).toBe(before.balance - 300)
    const again = await bet(body)
    expect(again.value).toMatchObject({ replay: true, balance: before.balance - 300 })
    expect((await bet({ ...body, pick: 'SMALL' })).code).toBe('conflict')

    const published = (await call<Draw[]>('lotteryDraws', { gameCode: 'EL_F3_1', count: 3 })).value[0]
    expect(published).toMatchObject({ numero: before.draw.numero, seed: '', winningNumber: '', commitment: before.draw.commitment })

    clock += 45_000 // past the draw at 10:01:00
    const after = await state()
    const settled = after.bets.find((b) => b.betId === first.value.bet.betId)!
    expect(settled.status).toBe('settled')
    const last = Number(settled.winningNumber.slice(-1))
    expect(settled.payout).toBe(last >= 5 ? 585 : 0)
    expect(after.balance).toBe(before.balance - 300 + settled.payout)

    const draws = await call<Draw[]>('lotteryDraws', { gameCode: 'EL_F3_1', count: 3 })
    const revealed = draws.value.find((d) => d.numero === before.draw.numero)!
    expect(await commitmentOf(revealed.seed)).toBe(before.draw.commitment)
    expect(await drawDigits(revealed.seed, 3)).toBe(settled.winningNumber)
    expect(revealed.winningNumber).toBe(settled.winningNumber)
    const opened = await call<{ numero: string; winningNumber: string }[]>('lotteryOpened', { gameCode: 'EL_F3_1', count: 1 })
    expect(opened.code, JSON.stringify(opened)).toBe('ok')
    expect(opened.value[0]).toMatchObject({ numero: before.draw.numero, winningNumber: settled.winningNumber })

    // The settled bet is a round of the game: the betting record and recent lottery menus show it.
    const rounds = await sb.db.query<{ stake: number; payout: number; status: string }>(`SELECT stake, payout, status FROM rounds WHERE node_id = 'LOT-EL_F3_1'`)
    expect(rounds).toEqual([{ stake: 300, payout: settled.payout, status: 'settled' }])
    const recent = await call<{ gameCode: string }[]>('lotteryRecent', { prizeMode: 'Elott' }, token)
    expect(recent.value.map((g) => g.gameCode)).toContain('EL_F3_1')
  })

  it('refuses a draw that has closed, a locked draw, a bad pick and a stake the balance cannot cover, charging nothing', async () => {
    const s = await state()
    const base = { playType: 'LAST_2', pick: '07', amount: 100, multiplier: 1 }
    expect((await bet({ ...base, numero: '20250303-0001', idempotencyKey: 'lottery-test-key-0002' })).code).toBe('draw_closed')
    expect((await bet({ ...base, numero: s.draw.numero, pick: '7', idempotencyKey: 'lottery-test-key-0003' })).code).toBe('validation_failed')
    expect((await bet({ ...base, numero: s.draw.numero, amount: 10_000_000, multiplier: 100, idempotencyKey: 'lottery-test-key-0004' })).code).toBe('validation_failed')
    expect((await bet({ ...base, numero: s.draw.numero, amount: 9_000_000, multiplier: 1, idempotencyKey: 'lottery-test-key-0005' })).code).toBe('insufficient_funds')
    clock += (s.draw.remainTime + 1) * 1000 // inside the lock window
    expect((await bet({ ...base, numero: s.draw.numero, idempotencyKey: 'lottery-test-key-0006' })).code).toBe('draw_closed')
    expect((await state()).balance).toBe(s.balance)
  })

  it('settles a draw on its schedule with nobody visiting a page (the draw timer)', async () => {
    clock += 15_000 // out of the last test's lock window, into the next draw
    const s = await state()
    expect(s.draw.remainTime).toBeGreaterThan(0)
    const placed = await bet({ numero: s.draw.numero, playType: 'BIG_SMALL', pick: 'SMALL', amount: 100, multiplier: 1, idempotencyKey: 'lottery-test-key-0007' })
    expect(placed.code).toBe('ok')
    const statusOf = async () => (await sb.db.query<{ status: string }>('SELECT status FROM lottery_bets WHERE id = $1', [placed.value.bet.betId]))[0].status
    // The timer the server runs, waking often so the test need not wait a real minute; each wake-up
    // reads the clock (to settle, then to plan the next), which the test counts.
    let reads = 0
    const timer = startDrawTimer(
      {
        db: sb.db,
        now: () => {
          reads++
          return clock
        },
      },
      { maxWaitMs: 100 },
    )
    try {
      // Woken several times before the draw: still open (the last settle awaited).
      await vi.waitFor(() => expect(reads).toBeGreaterThanOrEqual(5), { timeout: 10_000 })
      expect(await timer.tick()).toBe(0)
      expect(await statusOf()).toBe('open')
      clock += (s.draw.remainTime + 10) * 1000 // past the draw; no call is made to any route
      await vi.waitFor(async () => expect(await statusOf()).toBe('settled'), { timeout: 10_000 })
      // A later wake-up, or a page visit, pays nothing again.
      expect(await timer.tick()).toBe(0)
    } finally {
      await timer.stop()
    }
    const [{ n }] = await sb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1`, [`lottery-payout:${placed.value.bet.betId}`])
    expect(n).toBeLessThanOrEqual(1)
  })
})
