/**
 * `lk-winners`'s first paint (see first-paint.ts): the board it loads before it renders, on the
 * server and in the browser alike.
 * @module
 */
import { winnerBoard } from '../../sdk/games/category.ts'
import { tick, type Loaded } from './first-paint.ts'

/** Asks for `lk-winners`'s board and resolves once it is in (or after `deadlineMs`). */
export async function loadWinners(deadlineMs = 4000): Promise<Loaded> {
  winnerBoard.load('ALL')
  const board = winnerBoard.of('ALL')
  const settled = () => {
    const state = board.get()
    return !state.loading && Boolean(state.data || state.error)
  }
  const deadline = Date.now() + deadlineMs
  while (!settled() && Date.now() < deadline) await tick()
  return Object.assign(() => {}, { settled: settled() })
}
