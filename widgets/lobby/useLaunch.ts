import { useCallback, useState } from 'react'
import { launch, openVendorPopup, type LaunchTarget } from '../../sdk/games/index.ts'
import { $guardWarning, dismissGuardWarning } from '../../sdk/guard/index.ts'
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
        case 'blocked': {
          // The login prompt is the auth host's; the trial warning is shown here with its own confirm label.
          const warning = $guardWarning.get()
          if (decision.reason === 'trial' && warning) {
            dismissGuardWarning()
            await warn(warning.messageKey, warning.confirmKey)
          }
        }
      }
    } finally {
      setLaunching((current) => (current === key ? null : current))
    }
  }, [])
  return { launching, start }
}

export { keyOf as launchKeyOf }
