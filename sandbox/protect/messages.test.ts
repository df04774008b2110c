import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { createSession } from '../auth/sessions.ts'
import { creditMember } from '../ledger.ts'
import type { EndpointKey } from '../../sdk/contract/all.ts'
import { Fail } from '../http/fail.ts'
import { refusalMessage } from './messages.ts'

// The refusal of a stake inside the game frame speaks the launch's language.
const clock = Date.UTC(2026, 10, 27, 10)
const { sb, c } = sandboxForFile({ now: () => clock })
type AnyReply = { status: number; body: { success: boolean; code: string; message: string; value: any } }
const call = async (k: EndpointKey, input: unknown, token: string): Promise<AnyReply> => (await c.raw(k, input, { token })) as AnyReply
const key = () => `k${crypto.randomUUID().replace(/-/g, '')}`

let n = 0
async function player() {
  const row = await createMember(sb.db, { username: `fm${Date.now() % 100000}x${n++}`, type: 0, isAgent: 0, passwordHash: null }, clock)
  await creditMember(sb.db, row.id, 1_000_00, { idempotencyKey: `seed:${row.id}` })
  return { id: row.id, token: await createSession(sb.db, row.id, clock, '127.0.0.1') }
}
async function launch(token: string, language: string): Promise<string> {
  const r = await call('launchGame', { nodeId: 'PG-0001', language }, token)
  expect(r.body.code).toBe('ok')
  return `${sb.url}/sandbox/cdn1/${r.body.value.content}/round`
}
const round = async (url: string, stake: number) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stake, choice: '', idempotencyKey: key() }) })
  return (await res.json()) as { success: boolean; code: string; message: string }
}

describe('the game frame refusal', () => {
  it('says which limit and when it resets, in Spanish for a Spanish launch and in English otherwise', async () => {
    const p = await player()
    expect((await call('protectSetLimit', { kind: 'wager', period: 'day', amount: 5_00 }, p.token)).body.success).toBe(true)
    const es = await round(await launch(p.token, 'es'), 6_00)
    expect(es.code).toBe('limit_reached')
    expect(es.message).toBe('Esta apuesta superaría tu límite diario de apuestas: quedan 5,00 hasta el 28/11/26, 0:00 UTC+08:00.')
    const en = await round(await launch(p.token, 'en'), 6_00)
    expect(en.message).toBe('This stake would pass your daily wager limit: 5.00 left until 11/28/26, 00:00 UTC+08:00.')
  })

  it('speaks Chinese and Vietnamese to a Chinese or Vietnamese launch, in the refusal and on the game page', async () => {
    const p = await player()
    expect((await call('protectSetLimit', { kind: 'wager', period: 'day', amount: 5_00 }, p.token)).body.success).toBe(true)
    const cnRound = await launch(p.token, 'cn')
    expect((await round(cnRound, 6_00)).message).toMatch(/^此投注将超出您的每日投注限额：截至 .+ UTC\+08:00 剩余 5\.00。$/)
    const viRound = await launch(p.token, 'vi')
    expect((await round(viRound, 6_00)).message).toMatch(/^Lượt cược này sẽ vượt giới hạn đặt cược theo ngày của bạn: còn 5,00 đến .+ UTC\+08:00\.$/)
    const cnPage = await (await fetch(cnRound.replace(/\/round$/, ''))).text()
    expect(cnPage).toContain('<html lang="zh-CN">')
    expect(cnPage).toContain('余额')
    const viPage = await (await fetch(viRound.replace(/\/round$/, ''))).text()
    expect(viPage).toContain('<html lang="vi">')
    expect(viPage).toContain('Số dư')
  })

  it('names the end of a break, in Spanish or English, and leaves other failures as they are', () => {
    const until = Date.UTC(2027, 4, 27, 10)
    const self = new Fail('account_excluded', 'Your self-exclusion runs until …', { value: { kind: 'self_exclusion', until } })
    expect(refusalMessage(self, 'es')).toBe('Tu autoexclusión dura hasta el 27/5/27, 10:00 UTC. Puedes seguir retirando tu saldo.')
    const timeout = new Fail('account_excluded', 'x', { value: { kind: 'timeout', until } })
    expect(refusalMessage(timeout, 'en')).toBe('Your time-out runs until 5/27/27, 10:00 UTC. You can still withdraw your balance.')
    // On the platform zone's clock, named by its offset.
    expect(refusalMessage(timeout, 'en', 'Asia/Manila')).toBe('Your time-out runs until 5/27/27, 18:00 UTC+08:00. You can still withdraw your balance.')
    expect(refusalMessage(new Fail('insufficient_funds', 'Not enough'), 'es')).toBe('Not enough')
  })
})
