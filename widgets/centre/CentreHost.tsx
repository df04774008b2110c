import { useEffect, useState, type ComponentType } from 'react'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
// Through the same entry modules as the other islands: importing single files instead would split
// the chunks every page shares and cost the first load bytes.
import { $centre, closeCentre } from '../../sdk/centre/index.ts'
import { warn, withLoader } from '../../sdk/ui/index.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
import { useClientStore, useOnDemand } from '../ui/index.ts'

// The overlay's code and texts load the first time a centre opens, never with the page.
const loadOverlay = () => withLoader(() => Promise.all([import('./CentreOverlay.tsx'), loadNamespaces(['centre'])])).then(([module]) => module.CentreOverlay)

/**
 * Mounts the member and agent centre overlays (SPEC §2) when the header, or /agentHome, first asks
 * for one (`$centre`). Renders nothing until then, on the server and while hydrating too.
 */
export function CentreHost() {
  // Idle island: the header may have asked for a centre before it hydrates.
  const wanted = useClientStore($centre, null) !== null
  const [Overlay, setOverlay] = useState<{ Component: ComponentType } | null>(null)

  useEffect(() => {
    if (!wanted || Overlay) return
    let live = true
    loadOverlay().then(
      (Component) => live && setOverlay({ Component }),
      () => {
        if (!live) return
        closeCentre()
        void warn('err_network_error')
      },
    )
    return () => {
      live = false
    }
  }, [wanted, Overlay])

  // The reality check rides on this idle island of every page; its code loads once signed in.
  const loggedIn = useClientStore($loggedIn, false)
  const RealityCheck = useOnDemand(loggedIn, () => Promise.all([import('../member/ResponsibleCheck.tsx'), loadNamespaces(['protect'])]).then(([m]) => m))
  return (
    <>
      {Overlay && <Overlay.Component />}
      {RealityCheck && <RealityCheck />}
    </>
  )
}
