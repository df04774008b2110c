import { atom, computed, onMount } from 'nanostores'
import type { MoneyProfile, Notice } from '../contract/index.ts'
import { openCentre } from '../centre/index.ts'
import { $moneyProfile } from '../money/profile.ts'
import { quietNow } from '../protect/quiet.ts'
import { $announcements, $popupNotices, rememberSeenNotices, unseenNotices } from '../shell/notices.ts'
import { $afterLogin, consumeAfterLogin } from './after.ts'

/**
 * What follows a login (SPEC §4): the after-login popup (the platform's popup notices this browser has
 * not seen, remembered as seen once closed, as the notice popup does), then on the account's first login
 * the welcome that points the new player to the next step the account is missing, with a skip; then the
 * flag is consumed. Loaded on demand with its view (widgets/auth/AfterLogin.tsx) when a login flagged it.
 * @module
 */

/** Which part shows: the notices, the first-login welcome, or nothing (done, or still deciding). */
export type AfterLoginStage = 'notices' | 'welcome' | null

/** The next step a new account needs: a real name (withdrawals need it), a payment password, a first deposit. */
export type WelcomeStep = 'realName' | 'paymentPassword' | 'deposit'

/** The member-centre page each step is done on. */
export const welcomePages: Record<WelcomeStep, string> = { realName: 'securityCenter', paymentPassword: 'securityCenter', deposit: 'depositv2' }

/**
 * The first thing a new account is missing, in the order a withdrawal will need them.
 * @example welcomeStepOf({ realName: '', hasPaymentPassword: false }) // 'realName'
 */
export function welcomeStepOf(profile: Pick<MoneyProfile, 'realName' | 'hasPaymentPassword'> | undefined): WelcomeStep {
  if (!profile) return 'deposit'
  if (!profile.realName.trim()) return 'realName'
  return profile.hasPaymentPassword ? 'deposit' : 'paymentPassword'
}

/** Creates the after-login flow of one page (the auth host mounts one). It starts when its stage is first watched. */
export function createAfterLogin() {
  const $stage = atom<AfterLoginStage>(null)
  /** The notices the popup shows (fixed when it opens). */
  const $notices = atom<Notice[]>([])
  /** The welcome's step, once the money profile answered (a refusal points to the deposit). */
  const $step = computed([$stage, $moneyProfile], (stage, profile): WelcomeStep | null =>
    stage !== 'welcome' ? null : profile.data ? welcomeStepOf(profile.data) : profile.error ? 'deposit' : null,
  )

  const finish = () => {
    $stage.set(null)
    consumeAfterLogin()
  }
  const welcome = () => {
    // No nudge to deposit during a time-out or self-exclusion.
    if ($afterLogin.get()?.firstLogin && !quietNow()) $stage.set('welcome')
    else finish()
  }

  onMount($stage, () => {
    const flagged = $afterLogin.get()
    if (!flagged?.popup) return
    // The popup notices are asked for (announcements) while this listens; decided once they answer.
    let decided = false
    const stop = $announcements.subscribe((answer) => {
      if (decided || !(answer.data || answer.error)) return
      decided = true
      const unseen = quietNow() ? [] : unseenNotices($popupNotices.get())
      if (unseen.length === 0) return welcome()
      $notices.set(unseen)
      $stage.set('notices')
    })
    return stop
  })

  return {
    $stage,
    $notices,
    $step,
    /** Closes the notices (remembered as seen in this browser), then the welcome on a first login. */
    closeNotices() {
      rememberSeenNotices($notices.get())
      welcome()
    },
    /** The welcome's action: opens the member centre where the step is done. */
    go() {
      const step = $step.get() ?? 'deposit'
      finish()
      openCentre('member', welcomePages[step])
    },
    /** "Skip for now": nothing more after this login. */
    skip: finish,
  }
}

/** An after-login flow. */
export type AfterLoginFlow = ReturnType<typeof createAfterLogin>
