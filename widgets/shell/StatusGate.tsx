import './shell.css'
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { runGate, type GateDecision } from '../../sdk/shell/index.ts'
import { $status } from '../../sdk/stores/index.ts'
import { ErrorState, useOnDemand, useT } from '../ui/index.ts'

/** Props of {@link StatusGate}. */
export interface StatusGateProps {
  /** The current route without language prefix (`/help`). */
  route: string
}

// Most visits never see a status page: its code loads when the status asks for one.
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
  const kind = decision === 'maintenance' || decision === 'blocked' ? decision : null
  const StatusPage = useOnDemand(kind !== null, loadStatusPage, reveal)
  const run = useRef(0)

  const check = useCallback(
    (fresh: boolean) => {
      const id = ++run.current
      void runGate(route, { fresh }).then((next) => {
        if (id !== run.current) return
        if (next === 'login') location.replace('/login')
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

  if (decision === 'error') return <StatusError onRetry={() => check(true)} />
  return StatusPage && kind ? <StatusPage kind={kind} /> : null
}

/** Shown instead of a page closed to guests when the status cannot be read: nothing of the page shows. */
function StatusError({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  const { error, loading } = useStore($status)
  return (
    <section className="lk-statuspage" aria-labelledby="lk-status-error-title" aria-busy={loading}>
      <div className="lk-statuspage__card">
        <h1 id="lk-status-error-title">{t('shell_status_error_title')}</h1>
        <ErrorState messageKey={error?.messageKey ?? 'err_network_error'} onRetry={onRetry} />
      </div>
    </section>
  )
}
