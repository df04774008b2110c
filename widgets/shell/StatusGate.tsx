import './shell.css'
import { useEffect, useState } from 'react'
import { runGate, type GateDecision } from '../../sdk/shell/index.ts'
import { useOnDemand } from '../ui/index.ts'

/** Props of {@link StatusGate}. */
export interface StatusGateProps {
  /** The current route without language prefix (`/help`). */
  route: string
}

// Most visits never see a status page: its code loads when the status asks for one.
const loadStatusPage = () => import('./StatusPage.tsx')

/**
 * Start-up gate (SPEC §4): after the status call, shows the maintenance page or the region-blocked
 * page over the app (`StatusPage`), or sends a guest to /login when the site is login-only.
 */
export function StatusGate({ route }: StatusGateProps) {
  const [decision, setDecision] = useState<GateDecision>('app')
  const kind = decision === 'maintenance' || decision === 'blocked' ? decision : null
  const StatusPage = useOnDemand(kind !== null, loadStatusPage)
  useEffect(() => {
    let live = true
    void runGate(route).then((next) => {
      if (!live) return
      if (next === 'login') location.replace('/login')
      setDecision(next)
    })
    return () => {
      live = false
    }
  }, [route])

  return StatusPage && kind ? <StatusPage kind={kind} /> : null
}
