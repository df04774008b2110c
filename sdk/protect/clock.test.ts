import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxForFile } from '../../sandbox/testkit.ts'
import { playRound } from '../../sandbox/games/rounds.ts'
import { losingSpin } from '../../sandbox/race-testkit.ts'
import { signInCounting } from '../../tests/support/sdk-login.ts'
import { refreshBalance } from '../stores/index.ts'
import { $sessionFigures } from './clock.ts'

// The game page's session bar and the reality check read one store: its net result follows play as
// the balance does, not only once a minute (the bar showed "Net ₱0.00" while the check said -₱170.00).
const { sb } = sandboxForFile()
beforeAll(async () => {
  await signInCounting(sb, 'demo01', 'demo1234')
})

describe('the session figures', () => {
  it('show the net result of a round as soon as the balance moves', async () => {
    const stop = $sessionFigures.listen(() => {})
    await vi.waitFor(() => expect($sessionFigures.get()?.net).toBe(0), { timeout: 10_000 })
    const [member] = await sb.db.query<{ id: string }>("SELECT id FROM members WHERE username = 'demo01'")
    const [g] = await sb.db.query<{ node_id: string; min_bet: number }>("SELECT node_id, min_bet FROM games WHERE game_type = 'RNG' ORDER BY node_id LIMIT 1")
    await playRound(
      sb.db,
      { player: { id: member.id, username: 'demo01' }, game: { nodeId: g.node_id, gameType: 'RNG', minBet: Number(g.min_bet) }, stake: 170_00, idempotencyKey: randomUUID() },
      Date.now(),
      losingSpin,
    )
    // What the game page does after a round (the frame's message, the window's focus): the balance is asked again.
    await refreshBalance()
    await vi.waitFor(() => expect($sessionFigures.get()?.net).toBe(-170_00), { timeout: 5_000 })
    stop()
  })
})
