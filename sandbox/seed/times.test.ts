import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../testkit.ts'
import { login } from '../auth/testkit.ts'

const { sb, c } = sandboxForFile()

describe('the seeded history', () => {
  it('shows each round at one time in the betting record and the account record', async () => {
    const token = ((await login(c, sb.url, 'demo01', 'demo1234', { ip: '10.26.9.1' })).body.value as { token: string }).token
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const range = { from: day(Date.now() - 6 * 86_400_000), to: day(Date.now()) }
    const bets = (await c.call('bettingRecord', { ...range, pageSize: 100 }, { token })).body.value as { list: { time: string }[] }
    const entries = (await c.call('accountRecord', { ...range, kind: 'bet', pageSize: 100 }, { token })).body.value as { list: { time: string; detail: string }[] }
    const roundTimes = new Set(bets.list.map((b) => b.time))
    const entryTimes = entries.list.filter((e) => e.detail === 'game_round').map((e) => e.time)
    expect(roundTimes.size).toBeGreaterThan(20)
    expect(entryTimes.length).toBeGreaterThan(20)
    for (const time of entryTimes) expect(roundTimes, time).toContain(time)
  })

  it('names the platform time zone in the status', async () => {
    expect(((await c.call('status', {})).body.value as { brand: { timeZone: string } }).brand.timeZone).toBe('Asia/Manila')
  })
})
