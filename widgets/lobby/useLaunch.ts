import { useState } from 'react'
import { createLauncher, launchKeyOf, type Launcher } from '../../sdk/games/launcher.ts'
import type { LaunchTarget } from '../../sdk/games/index.ts'
import { useClientStore } from '../ui/index.ts'

/** What {@link useLaunch} returns. */
export interface LaunchHook {
  /** Key of the card being launched (for `aria-busy`), or `null`. */
  launching: string | null
  /** Launches a card's game or vendor. */
  start: (target: LaunchTarget) => Promise<unknown>
  /** Launches a game known only by its id. */
  startById: (nodeId: string) => Promise<unknown>
}

/** A launcher of the component's own (sdk/games/launcher.ts), or `given` (a page's). */
export function useLaunch(given?: Launcher): LaunchHook {
  const [own] = useState(() => given ?? createLauncher())
  const launching = useClientStore(own.$launching, null)
  return { launching, start: own.start, startById: own.startById }
}

export { launchKeyOf }
