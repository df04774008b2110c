import { atom, onMount } from 'nanostores'
import type { Game } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core.ts'
import { $loggedIn, type Loadable } from '../stores/index.ts'
import { loadInto, resetLoadable } from '../stores/loadable.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core.ts).
const api = roomApi({ recentGames: core.recentGames })

/** The member's recently played games, newest first. Reload with {@link loadRecentGames}. */
export const $recentGames = atom<Loadable<Game[]>>({ loading: false })

/** Reloads recent games (after a round, on sign-in). Never rejects; empty when logged out. */
export async function loadRecentGames(): Promise<void> {
  if (!$loggedIn.get()) return resetLoadable($recentGames)
  await loadInto($recentGames, () => api('recentGames', {}).then((value) => value.list))
}

onMount($recentGames, () => $loggedIn.subscribe(() => void loadRecentGames()))
