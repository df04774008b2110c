import { useCallback, useState } from 'react'
import { openVendorPopup, type LaunchDecision, type LaunchTarget } from '../../sdk/games/index.ts'
import { warn } from '../../sdk/ui/index.ts'

const keyOf = (target: LaunchTarget): string => ('nodeId' in target ? target.nodeId : `vendor:${target.vassalage}`)

// The launch rules load with the first card a visitor opens, not with the page.
const loadRules = () => import('../../sdk/games/launch.ts')
type Rules = Awaited<ReturnType<typeof loadRules>>

/** What {@link useLaunch} returns. */
export interface Launcher {
  /** Key of the card being launched (for `aria-busy`), or `null`. */
  launching: string | null
  /** Launches a card's game or vendor. */
  start: (target: LaunchTarget) => Promise<void>
  /** Launches a game known only by its id (a GAME banner's `?nodeId=`). */
  startById: (nodeId: string) => Promise<void>
}

/**
 * Launching from a card or a link: applies the launch rules, then navigates, opens the vendor popup,
 * or shows the warning.
 */
export function useLaunch(): Launcher {
  const [launching, setLaunching] = useState<string | null>(null)
  const run = useCallback(async (key: string, decide: (rules: Rules) => Promise<LaunchDecision>) => {
    setLaunching(key)
    try {
      const rules = await loadRules().catch(() => undefined)
      if (!rules) {
        await warn('err_chunk_load')
        return
      }
      const decision = await decide(rules)
      switch (decision.kind) {
        case 'navigate':
          window.location.assign(decision.href)
          return
        case 'popup':
          openVendorPopup(decision.vendor, decision.gameType)
          return
        case 'error':
          await warn(decision.error.messageKey)
          return
        case 'blocked':
          // The auth host already shows the login prompt or the real-account warning.
          return
      }
    } finally {
      setLaunching((current) => (current === key ? null : current))
    }
  }, [])
  const start = useCallback((target: LaunchTarget) => run(keyOf(target), (rules) => rules.launch(target)), [run])
  const startById = useCallback((nodeId: string) => run(nodeId, (rules) => rules.launchById(nodeId)), [run])
  return { launching, start, startById }
}

export { keyOf as launchKeyOf }
