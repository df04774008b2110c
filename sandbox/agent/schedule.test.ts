import { afterEach, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { actOnContract, offerContract } from './contracts.ts'
import { PAY_EVERY_MS, startPayClock } from './schedule.ts'

const { sb } = sandboxForFile()
const MIN5 = 300_000

afterEach(() => {
  vi.useRealTimers()
})

describe('the pay clock', () => {
  it('pays a real-time salary only for windows that start after acceptance, as the admin route does', async () => {
    const [{ id: top }] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'agent01'")
    const [{ node_id }] = await sb.db.query<{ node_id: string }>('SELECT node_id FROM games ORDER BY node_id LIMIT 1')
    // Windows in the future: `late` is accepted in the middle of the first one, so it is never paid
    // for it; `early` is accepted before it, and shows the clock ran.
    const w = Math.floor(Date.UTC(2033, 0, 1) / MIN5) * MIN5
    const contractFor = async (acceptedAt: number) => {
      const a = await createMember(sb.db, { username: `sc${Date.now() % 100000}${acceptedAt % 7}`, isAgent: 1, type: 1, uplineId: top, passwordHash: null }, Date.now())
      for (const at of [w + 1000, w + MIN5 + 1000])
        await sb.db.query(
          `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, 100000, 0, '', 'settled', $4)`,
          [`r_${crypto.randomUUID()}`, a.id, node_id, at],
        )
      const terms = { kind: 'realtime_salary', period: '5min', rateBp: 0, winRateBp: 0, lossRateBp: 50, minActive: 0, minValidBet: 0, minLoss: 0 } as const
      const { contract } = await offerContract(sb.db, top, { ...terms, downlineId: a.id, confirmLower: false }, acceptedAt)
      await actOnContract(sb.db, a.id, contract!.id, 'accept', acceptedAt)
      return contract!.id
    }
    const early = await contractFor(w - 1)
    const late = await contractFor(w + 2000)
    const paid = async (id: string) =>
      (await sb.db.query<{ period_start: string | number; amount: string | number }>('SELECT period_start, amount FROM agent_payouts WHERE contract_id = $1 ORDER BY 1', [id])).map(
        (p) => [Number(p.period_start), Number(p.amount)],
      )

    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] })
    let now = w + MIN5 + 10_000
    const stop = startPayClock(sb.db, () => now)
    try {
      // The first run, after the first window: `early` is paid for it, `late` is not.
      await vi.advanceTimersByTimeAsync(PAY_EVERY_MS)
      await vi.waitFor(async () => expect(await paid(early)).toEqual([[w, 500]]), { timeout: 30_000, interval: 200 })
      expect(await paid(late)).toEqual([])
      // The next run, after the second window: both are paid for it.
      now += PAY_EVERY_MS
      await vi.advanceTimersByTimeAsync(PAY_EVERY_MS)
      await vi.waitFor(async () => expect(await paid(late)).toEqual([[w + MIN5, 500]]), { timeout: 30_000, interval: 200 })
      expect(await paid(early)).toEqual([
        [w, 500],
        [w + MIN5, 500],
      ])
    } finally {
      stop()
    }
  })
})
