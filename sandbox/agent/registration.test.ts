import { describe, expect, it } from 'vitest'
import { client, login } from '../auth/testkit.ts'
import { sandboxForFile } from '../testkit.ts'
import { downlineCreateLimit } from './registration.ts'

const { sb } = sandboxForFile()

describe('downline creation is bounded per agent', () => {
  it(`creates at most ${downlineCreateLimit.max} accounts a minute per agent, the next refused rate_limited before hashing; another agent is not held up`, async () => {
    const c = client(sb.url)
    const token = (await login(c, sb.url, 'agent01', 'agent1234', { ip: '10.60.0.1' })).body.value as { token: string }
    const create = (username: string, t: string) => c.raw('agentCreateDownline', { kind: 'member', username, password: 'abc12345', confirmPassword: 'abc12345' }, { token: t })
    const codes: string[] = []
    for (let i = 0; i < downlineCreateLimit.max + 2; i++) codes.push((await create(`rl${i}x`, token.token)).body.code)
    expect(codes.slice(0, downlineCreateLimit.max)).toEqual(Array(downlineCreateLimit.max).fill('ok'))
    expect(codes.slice(downlineCreateLimit.max)).toEqual(['rate_limited', 'rate_limited'])
    const [{ n }] = await sb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE username LIKE 'rl%x'")
    expect(n).toBe(downlineCreateLimit.max)
    const other = (await login(c, sb.url, 'agent02', 'agent1234', { ip: '10.60.0.2' })).body.value as { token: string }
    expect((await create('rlother', other.token)).body.code).toBe('ok')
  })
})
