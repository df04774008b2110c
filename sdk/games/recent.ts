import type { Game } from '../contract/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { createSessionStore, everyView } from '../stores/query.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ recentGames: core.recentGames })

/** The member's recently played games, newest first, asked each time something shows them; empty when logged out. */
export const $recentGames = createSessionStore<Game[]>('recentGames', () => api('recentGames', {}).then((value) => value.list), everyView)

/** Recent games changed (a round was played): whoever shows them asks again. */
export const loadRecentGames = (): void => $recentGames.revalidate()
