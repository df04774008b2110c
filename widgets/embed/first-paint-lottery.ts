/**
 * `lk-lottery`'s first paint (see first-paint.ts): what its first screen shows, loaded before it
 * renders, on the server and in the browser alike: the menus with their countdowns, the side lists
 * (popular games, leaderboard, last opened numbers) and the platform status (the brand's time zone,
 * whose today the week-day filter names).
 * @module
 */
import type { LotteryLobby } from '../../sdk/lottery/index.ts'
import type { RemoteValue } from '../../sdk/stores/query.ts'
import { $status, loadStatus } from '../../sdk/stores/index.ts'
import { noop, tick, type Loaded } from './first-paint.ts'

const answered = (state: RemoteValue<unknown>) => !state.loading && Boolean(state.data || state.error)

/**
 * Asks for everything `lobby`'s first screen shows and resolves once it is in (or after
 * `deadlineMs`); `settled` only when the menus and the status arrived (an error is no first screen).
 */
export async function loadLottery(lobby: LotteryLobby, deadlineMs = 4000): Promise<Loaded> {
  if (!$status.get().data) void loadStatus()
  // The stores ask while something listens (the element's components listen from their first render).
  const stops = [lobby.$menus, lobby.$popular, lobby.$opened, lobby.$leaderboard, lobby.$recent, lobby.$missions].map((store) => store.listen(noop))
  const settled = () =>
    answered(lobby.$menus.get()) &&
    lobby.$fetchedAt.get() > 0 &&
    answered(lobby.$popular.get()) &&
    answered(lobby.$opened.get()) &&
    answered(lobby.$leaderboard.get()) &&
    !lobby.$recent.get().loading &&
    !lobby.$missions.get().loading &&
    Boolean($status.get().data || $status.get().error)
  const deadline = Date.now() + deadlineMs
  while (!settled() && Date.now() < deadline) await tick()
  return Object.assign(
    () => {
      for (const stop of stops) stop()
    },
    { settled: settled() && Boolean(lobby.$menus.get().data && $status.get().data) },
  )
}
