import type { GameType } from '../contract/index.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { queryFamily } from '../stores/query.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/site.ts).
const api = roomApi({ hotGames: core.hotGames, vassGameType: core.vassGameType })

// Hot games and classifications carry translated names: `localized` asks again on a language change.

/** Hot games of a category (`list`) and the vendors listed under them (`footer`). */
export const hotGames = queryFamily('hotGames', (gameType: GameType) => api('hotGames', { gameType, language: $locale.get() }), { localized: true })

/** Classifications of a game type and vendor (key: `TYPE` or `TYPE:VENDOR`). */
export const classifications = queryFamily(
  'vassGameType',
  (key: string) => {
    const [gameType, vassalage] = key.split(':') as [GameType, string | undefined]
    return api('vassGameType', vassalage ? { gameType, vassalage } : { gameType })
  },
  { localized: true },
)
