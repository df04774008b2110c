import { useCallback, useEffect, useRef, useState } from 'react'
import { leaveForLogin, runGate, type GateDecision } from '../../sdk/gate/index.ts'
import { useOnDemand } from '../ui/index.ts'

/** Props of {@link StatusGate}. */
export interface StatusGateProps {
  /** The current route without language prefix (`/help`). */
  route: string
}

// Most visits never see a status view (maintenance, blocked, status error): its code loads when needed.
const loadStatusPage = () => import('./StatusPage.tsx')

// The head script hides the page (`lk-gated`) while the status is unknown; the gate shows it again
// once it knows the app may show (or the status page could not load, so the app is all there is).
const reveal = () => document.documentElement.classList.remove('lk-gated')

/**
 * Start-up gate (SPEC §4): after the status call, shows the maintenance page or the region-blocked
 * page over the app (`StatusPage`), sends a guest to /login when the site is login-only, or — when
 * the status cannot be read on a page closed to guests — an error with a retry, the page still hidden.
 */
export function StatusGate({ route }: StatusGateProps) {
  const [decision, setDecision] = useState<GateDecision | null>(null)
  const kind = decision === 'maintenance' || decision === 'blocked' || decision === 'error' ? decision : null
  const shown = useRef(kind)
  shown.current = kind
  // If the view's code cannot load, the app is all there is — but never a page the status error hides.
  const StatusView = useOnDemand(kind !== null, loadStatusPage, () => shown.current !== 'error' && reveal())
  const run = useRef(0)

  const check = useCallback(
    (fresh: boolean) => {
      const id = ++run.current
      void runGate(route, { fresh }).then((next) => {
        if (id !== run.current) return
        if (next === 'login') leaveForLogin()
        else if (next === 'app') reveal()
        setDecision(next)
      })
    },
    [route],
  )

  useEffect(() => {
    check(false)
    return () => {
      run.current++
    }
  }, [check])

  return StatusView && kind ? <StatusView kind={kind} onRetry={() => check(true)} /> : null
}
