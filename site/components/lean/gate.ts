import { leaveForLogin, runGate, type GateDecision } from '../../../sdk/gate/index.ts'

// The head script hides the page (`lk-gated`) while the status is unknown.
const reveal = () => document.documentElement.classList.remove('lk-gated')

/**
 * The start-up gate of a content page (SPEC §4), as widgets/shell/StatusGate.tsx on an island page:
 * after the status call, the maintenance or region-blocked view over the app, a guest sent to /login
 * when the site is login-only, or the status error with its retry. The views' code (React) loads
 * only when one shows.
 */
export function startGate(route: string): void {
  let run = 0
  let shown: GateDecision | null = null
  const check = (fresh: boolean) => {
    const id = ++run
    void runGate(route, { fresh }).then((next) => {
      if (id !== run) return
      if (next === 'login') leaveForLogin()
      else if (next === 'app') reveal()
      const kind = next === 'maintenance' || next === 'blocked' || next === 'error' ? next : null
      const before = shown
      shown = kind
      if (!kind && !before) return
      // Through the shell's enhancements, which load the view's code: the first load names one file to come.
      import('./later.ts')
        .then((later) => later.loadEnhancements())
        .then(
          (shell) => shell.showStatus(kind, () => check(true)),
          // If the view's code cannot load, the app is all there is, but never a page the status error hides.
          () => shown !== 'error' && reveal(),
        )
    })
  }
  check(false)
}
