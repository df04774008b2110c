import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../testkit.ts'
import { login } from '../../auth/testkit.ts'

const { sb, c } = sandboxForFile()

describe('the FB sports launch', () => {
  it('opens the product the player picked, and the sportsbook when none is named', async () => {
    const token = ((await login(c, sb.url, 'demo01', 'demo1234', { ip: '10.26.7.1' })).body.value as { token: string }).token
    const list = (await c.call('gameList', { gameType: 'SPORTS', vassalage: 'FB', language: 'en', pageSize: 50 })).body.value as {
      content?: { nodeId: string; displayName: string }[]
      list?: { nodeId: string; displayName: string }[]
    }
    const games = list.content ?? list.list ?? []
    const title = async (input: Record<string, unknown>) => {
      const r = await c.call('launchFB', { language: 'en', ...input }, { token })
      expect(r.body.code).toBe('ok')
      const html = await (await fetch(`${sb.url}/sandbox/cdn1/${(r.body.value as { content: string }).content}`)).text()
      return /<title>([^<]*)<\/title>/.exec(html)?.[1]
    }
    for (const name of ['FB Sports In-Play Soccer', 'FB Sports Basketball Live', 'FB Sports Tennis Live']) {
      const game = games.find((g) => g.displayName === name)
      expect(game, name).toBeDefined()
      expect(await title({ nodeId: game!.nodeId })).toBe(name)
    }
    expect(await title({})).toMatch(/^FB Sports /)
    expect((await c.call('launchFB', { language: 'en', nodeId: 'PG-0001' }, { token })).body.code).toBe('not_found')
  })
})
