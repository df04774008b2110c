import { $loggedIn } from '../../sdk/stores/index.ts'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { useClientStore, useOnDemand } from '../ui/index.ts'

/**
 * The session bar of the game page and the lottery: time since login, net result since then
 * and the tightest stake limit left with its reset. Its code loads only for a signed-in player.
 */
export function ResponsibleBar() {
  const loggedIn = useClientStore($loggedIn, false)
  const Bar = useOnDemand(loggedIn, () => Promise.all([import('./ResponsibleBarView.tsx'), loadNamespaces(['protect'])]).then(([m]) => m))
  return Bar && <Bar />
}
