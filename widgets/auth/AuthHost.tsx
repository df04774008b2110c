import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
// The popup store only: the flows and forms load with the popups (see `loadPopups`).
import { $authModal, $changePasswordMode, closeAuth, noteAuthOrigin, openAuth, openForcedChange, afterLoginPending } from '../../sdk/auth/modal.ts'
import { $guardWarning, dismissGuardWarning } from '../../sdk/guard/index.ts'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { $loginPrompt, $passwordChangeRequired, $session } from '../../sdk/stores/index.ts'
import { warn } from '../../sdk/ui/index.ts'
import { useClientStore, useOnDemand } from '../ui/index.ts'
// Imported here, not by the popups: the page's inlined styles must already hold them.
import './auth.css'

// The forms and their messages load the first time a popup opens, not with every page.
const loadPopups = () => Promise.all([import('./AuthPopups.tsx'), loadNamespaces(['auth'])]).then(([module]) => module)
// The after-login popup and first-login welcome load only on the page a login flagged them for.
const runAfterLogin = () => Promise.all([import('../../sdk/auth/welcome.ts'), loadNamespaces(['auth'])]).then(([module]) => module.runAfterLogin())

/**
 * The account popups of every page (mounted by the layout): login, register, forgot and change
 * password per `$authModal`; opens login when a protected action asks (`$loginPrompt`); shows the
 * real-account warning of the guard; opens the forced change-password popup whenever the platform
 * says the session needs a new password (`$passwordChangeRequired`); after a login, the after-login
 * popup and the first-login welcome (loaded on demand).
 */
export function AuthHost() {
  // Idle island: a header button or a guard may have opened a popup before it hydrates.
  const modal = useClientStore($authModal, null)
  const prompt = useStore($loginPrompt)
  const warning = useStore($guardWarning)
  const mustChange = useStore($passwordChangeRequired)
  const token = useStore($session).token
  const Popups = useOnDemand(modal !== null, loadPopups, closeAuth)

  // Once signed in and no account popup (a forced change first) is open.
  useEffect(() => {
    if (token && modal === null && !mustChange && afterLoginPending()) void runAfterLogin()
  }, [token, modal, mustChange])

  // The header's login variant (SPEC §2) is the popup a click in the site header opened: whatever
  // draws the header, the click that opens the popup is noted on its way down.
  useEffect(() => {
    const note = (event: Event) => noteAuthOrigin((event.target as Element).closest?.('header') ? 'header' : null)
    document.addEventListener('click', note, true)
    return () => document.removeEventListener('click', note, true)
  }, [])

  useEffect(() => {
    if (prompt && $authModal.get() === null) openAuth('login')
  }, [prompt])

  // The platform refused a call because this session must change its password: whatever the
  // page, after a reload or in a new tab, the change-password popup opens, not a dead-end message.
  useEffect(() => {
    if (mustChange && $authModal.get() !== 'changePassword') openForcedChange()
  }, [mustChange])

  // Signed out from a forced change: nothing is left to change.
  useEffect(() => {
    if (!token && $authModal.get() === 'changePassword' && $changePasswordMode.get() === 'forced') {
      $changePasswordMode.set('voluntary')
      closeAuth()
    }
  }, [token])

  useEffect(() => {
    if (!warning) return
    void warn(warning.messageKey, warning.confirmKey).then(dismissGuardWarning)
  }, [warning])

  return Popups && <Popups />
}
