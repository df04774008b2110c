import { useCallback, useState } from 'react'
import { launch, openVendorPopup, type LaunchTarget } from '../../sdk/games/index.ts'
import { warn } from '../../sdk/ui/index.ts'

const keyOf = (target: LaunchTarget): string => ('nodeId' in target ? target.nodeId : `vendor:${target.vassalage}`)

/**
 * Launching from a card: applies the launch rules, then navigates, opens the vendor popup, or
 * shows the warning. Returns the launcher and the key of the card being launched (for `aria-busy`).
 */
export function useLaunch(): { launching: string | null; start: (target: LaunchTarget) => Promise<void> } {
  const [launching, setLaunching] = useState<string | null>(null)
  const start = useCallback(async (target: LaunchTarget) => {
    const key = keyOf(target)
    setLaunching(key)
    try {
      const decision = await launch(target)
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
  return { launching, start }
}

export { keyOf as launchKeyOf }
